import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { detectFileType, type FileKind } from '../domain/fileType.js';
import { fieldError } from '../http/errors.js';

export const UPLOADS_PREFIX = '/uploads/';

/**
 * Stores an uploaded file under a server-made name after checking its type by content.
 * Answers its public path, relative to the API host (e.g. "/uploads/3f9c....png").
 */
export async function storeUpload(
  dir: string,
  field: string,
  buf: Buffer,
  allowed: readonly FileKind[],
  refusal: string,
): Promise<{ path: string; kind: FileKind; mime: string }> {
  const type = detectFileType(buf);
  if (!type || !allowed.includes(type.kind)) throw fieldError(field, refusal);
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), buf, { flag: 'wx' });
  return { path: UPLOADS_PREFIX + name, kind: type.kind, mime: type.mime };
}

/** Removes a file this server stored earlier (e.g. a replaced avatar). Quietly ignores anything else. */
export async function removeUpload(dir: string, publicPath: string | null): Promise<void> {
  if (!publicPath?.startsWith(UPLOADS_PREFIX)) return;
  const name = publicPath.slice(UPLOADS_PREFIX.length);
  if (!/^[a-f0-9]{32}\.[a-z]{3,4}$/.test(name)) return;
  await fs.rm(path.join(dir, name), { force: true });
}
