/** The images the API takes (by content) for an avatar or a chat photo. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * The API's words for a file over its upload limit (MAX_UPLOAD_BYTES, which the apps get as the runtime
 * config's maxUploadBytes), when `file` is; else null. Imported by path: only the forms that upload use it.
 */
export function fileTooLargeMessage(file: { size: number }, limitBytes: number): string | null {
  return file.size > limitBytes ? `The file may not be greater than ${Math.round(limitBytes / 1024 / 1024)} MB.` : null;
}
