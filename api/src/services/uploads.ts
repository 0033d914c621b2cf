import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
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
  const file = path.join(dir, name);
  try {
    await fs.writeFile(file, buf, { flag: 'wx' });
  } catch (error) {
    // A write that failed part way (a full disk) leaves nothing behind; a name that exists is another file's.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await fs.rm(file, { force: true }).catch(() => undefined);
    throw error;
  }
  return { path: UPLOADS_PREFIX + name, kind: type.kind, mime: type.mime };
}

/** The file name of a path this server made (UPLOADS_PREFIX + 32 hex digits + extension), else null. */
function ownUploadName(publicPath: string | null): string | null {
  if (!publicPath?.startsWith(UPLOADS_PREFIX)) return null;
  const name = publicPath.slice(UPLOADS_PREFIX.length);
  return /^[a-f0-9]{32}\.[a-z]{3,4}$/.test(name) ? name : null;
}

/** Removes a file this server stored earlier (e.g. a replaced avatar). Quietly ignores anything else. */
export async function removeUpload(dir: string, publicPath: string | null): Promise<void> {
  const name = ownUploadName(publicPath);
  if (name) await fs.rm(path.join(dir, name), { force: true });
}

/** The bytes of a file this server stored earlier, or null when it is not one or is gone. */
export async function readUpload(dir: string, publicPath: string): Promise<Buffer | null> {
  const name = ownUploadName(publicPath);
  if (!name) return null;
  try {
    return await fs.readFile(path.join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Removes a file a request stored that nothing references (the request failed, lost a race, or replaced
 * it), never failing the request: a file that could not be removed is logged and left. When it cannot be
 * known for sure that the write meant to reference it did not happen (its commit failed: the database
 * may have committed it all the same), `stillReferenced` asks the database, and the file is kept if so.
 */
export async function discardUpload(
  dir: string,
  publicPath: string | null,
  log: FastifyBaseLogger,
  stillReferenced?: () => Promise<boolean>,
): Promise<void> {
  if (!publicPath) return;
  try {
    if (stillReferenced && (await stillReferenced())) return;
    await removeUpload(dir, publicPath);
  } catch (err) {
    log.error({ err, file: publicPath }, 'an unused upload could not be removed');
  }
}
