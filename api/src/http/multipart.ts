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
 * A refusal is answered once the whole body has been read, unless the body is over the total cap.
 */
export function registerMultipart(app: FastifyInstance, limits: MultipartLimits): void {
  const fileTooLarge = () => new HttpError(413, `The file may not be greater than ${megabytes(limits.fileSize)} MB.`);
  // Headers and boundaries on top of the largest files and fields a request may carry.
  const maxTotalBytes = limits.fileSize * limits.files + limits.fieldSize * limits.fields + 64 * 1024;

  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload, done) => {
    /** The refusal, once one is decided; the request is answered with it when its body has been read. */
    let failure: HttpError | null = null;
    let answered = false;
    const answer = (error: HttpError) => {
      if (answered) return;
      answered = true;
      done(error, undefined);
    };
    const fail = (error: HttpError) => {
      if (failure || answered) return;
      failure = error;
      payload.unpipe();
      // The rest of the body is read and discarded before the answer: Fastify closes the connection
      // after a parser's error, and a client still writing would get a reset instead of the message.
      if (payload.readableEnded) answer(error);
      else payload.once('end', () => answer(error));
      payload.resume();
    };
    /** Refuses without reading the rest of the body: there is too much of it, or none will come. */
    const failNow = (error: HttpError) => {
      fail(error);
      answer(failure ?? error);
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
      if (received > maxTotalBytes) failNow(new HttpError(413, 'The request body is too large.'));
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
        if (failure || answered) return;
        answered = true;
        if (Object.keys(files).length > 0) request.uploadedFiles = files;
        done(null, { ...body });
      });
    });
    payload.on('error', () => failNow(new HttpError(400, MULTIPART_MALFORMED)));
    payload.pipe(parser);
  });
}
