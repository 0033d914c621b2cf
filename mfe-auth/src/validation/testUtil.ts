import type { AnySchema } from 'yup';
import { ValidationError } from 'yup';

/** Validates and answers `{ field: message }` for every failing field (first message per field). */
export async function errorsOf(schema: AnySchema, values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const out: Record<string, string> = {};
    for (const inner of e.inner) if (inner.path && !out[inner.path]) out[inner.path] = inner.message;
    return out;
  }
}
