export type FileKind = 'image' | 'document';

export interface DetectedFile {
  ext: string;
  mime: string;
  kind: FileKind;
}

/** Identifies an upload by its first bytes (magic numbers), never by its name or declared type. */
export function detectFileType(buf: Buffer): DetectedFile | null {
  const starts = (bytes: number[], offset = 0) =>
    buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png', kind: 'image' };
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg', kind: 'image' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) {
    return { ext: 'webp', mime: 'image/webp', kind: 'image' };
  }
  if (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) {
    return { ext: 'gif', mime: 'image/gif', kind: 'image' };
  }
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return { ext: 'pdf', mime: 'application/pdf', kind: 'document' };
  return null;
}
