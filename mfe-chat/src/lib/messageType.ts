import type { MessageType } from 'shared';

/** A PNG by its type, or by its name when the browser gives no type. */
export function isPng(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type.toLowerCase() === 'image/png';
  return /\.png$/i.test(file.name);
}

/**
 * Spec section 4: "photo when the uploaded file is a PNG, otherwise attachment, otherwise text".
 * A PNG file is a photo, any other file an attachment, no file at all a text message.
 */
export function messageTypeFor(file: Pick<File, 'name' | 'type'> | null | undefined): MessageType {
  if (!file) return 'text';
  return isPng(file) ? 'photo' : 'attachment';
}
