import type { FastifyInstance, FastifyRequest } from 'fastify';
import Busboy from '@fastify/busboy';
import { HttpError } from './errors.js';

export interface MultipartLimits {
  /** Largest file, bytes. */
  fileSize: number;
  /** Files per request. */
  files: number;
  /** Non-file fields per request. */
  fields: number;
  /** Largest non-file field value, bytes. */
  fieldSize: number;
  /** Parts (fields + files) per request. */
  parts: number;
}

export const MULTIPART_NO_BOUNDARY =
  'The multipart body has no boundary: send Content-Type: multipart/form-data; boundary=... (a browser FormData does this).';
export const MULTIPART_MALFORMED = 'The multipart body is malformed or incomplete.';

/** Field names that could reach an object's prototype. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * `multipart/form-data` for every route, parsed in one place (busboy, with limits). The body becomes
 * `{ field: value }` (a repeated field: an array of values) and each file's content goes to
 * `request.uploadedFiles[field]` while the body gets the file's name, so the route schema sees the
 * field. Every way a client can get a multipart request wrong is a 4xx with a message, never a 500:
 * no boundary or a malformed or truncated body 400, a file, field or part count over the limits 413.
 */
export function registerMultipart(app: FastifyInstance, limits: MultipartLimits): void {
  const fileTooLarge = () => new HttpError(413, `The file may not be greater than ${megabytes(limits.fileSize)} MB.`);
  // Headers and boundaries on top of the largest files and fields a request may carry.
  const maxTotalBytes = limits.fileSize * limits.files + limits.fieldSize * limits.fields + 64 * 1024;

  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload, done) => {
    let finished = false;
    const fail = (error: HttpError) => {
      if (finished) return;
      finished = true;
      payload.unpipe();
      payload.resume(); // discard the rest of the body
      done(error, undefined);
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: request.headers as { 'content-type': string },
        limits: { ...limits, fieldNameSize: 200, headerPairs: 50 },
      });
    } catch {
      // Busboy throws when the Content-Type has no usable boundary.
      fail(new HttpError(400, MULTIPART_NO_BOUNDARY));
      return;
    }

    const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const files: Record<string, Buffer> = {};
    const pending: Array<Promise<void>> = [];
    const add = (name: string, value: string) => {
      const existing = body[name];
      if (existing === undefined) body[name] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else body[name] = [existing, value];
    };
    const checkName = (name: string): boolean => {
      if (!FORBIDDEN_NAMES.has(name)) return true;
      fail(new HttpError(400, `The field name "${name}" is not allowed.`));
      return false;
    };

    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxTotalBytes) fail(new HttpError(413, 'The request body is too large.'));
    });

    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (!checkName(name)) return;
      if (nameTruncated) return fail(new HttpError(400, 'A field name is too long.'));
      if (valueTruncated) return fail(new HttpError(413, `The ${name} may not be greater than ${limits.fieldSize} bytes.`));
      add(name, value);
    });
    parser.on('file', (name, stream, filename) => {
      if (!checkName(name)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      pending.push(
        new Promise<void>((resolve) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('limit', () => fail(fileTooLarge()));
          stream.on('error', () => fail(new HttpError(400, MULTIPART_MALFORMED)));
          stream.on('end', () => {
            files[name] = Buffer.concat(chunks);
            add(name, filename || 'upload');
            resolve();
          });
        }),
      );
    });
    parser.on('partsLimit', () => fail(new HttpError(413, `A form may not have more than ${limits.parts} parts.`)));
    parser.on('filesLimit', () =>
      fail(new HttpError(413, `A form may carry at most ${limits.files} file${limits.files === 1 ? '' : 's'}.`)),
    );
    parser.on('fieldsLimit', () => fail(new HttpError(413, `A form may not have more than ${limits.fields} fields.`)));
    parser.on('error', () => fail(new HttpError(400, MULTIPART_MALFORMED)));
    parser.on('finish', () => {
      void Promise.all(pending).then(() => {
        if (finished) return;
        finished = true;
        if (Object.keys(files).length > 0) request.uploadedFiles = files;
        done(null, { ...body });
      });
    });
    payload.on('error', () => fail(new HttpError(400, MULTIPART_MALFORMED)));
    payload.pipe(parser);
  });
}
