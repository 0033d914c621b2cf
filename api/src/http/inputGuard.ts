import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError, typeMessage, type FieldErrors } from './errors.js';

/**
 * Input limits every route gets without restating them (docs/security.md, 'Input: never a 500 for the
 * client's mistake').
 *
 * - Every integer in a route's params, query or body is bounded to what the database can store
 *   (PostgreSQL `integer`, 32 bits): a larger id, page or count is a 400, not a database error.
 * - An integer in the path, the query or a form field must be written as one: `16`, not `0x10`,
 *   `1e1`, `16.0` or ` 16` (the validator would otherwise coerce those to numbers); any other number
 *   as a finite decimal (the validator coerces `-1e500` to -Infinity, past minimum and maximum).
 * - A JSON body's scalar field must have its JSON type (see checkJsonTypes), and a form's file part
 *   may only be in a file field.
 * - No text may contain a NUL character (PostgreSQL cannot store one).
 */

export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

function hasType(schema: Schema, type: string): boolean {
  const t = schema.type;
  return t === type || (Array.isArray(t) && t.includes(type));
}

/** A copy of `schema` where every integer has bounds within INT_MIN..INT_MAX. */
export function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Literal values (enum members, defaults, examples) are data, not schemas.
    out[key] =
      key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || key === 'x-messages'
        ? value
        : boundIntegers(value);
  }
  if (hasType(out, 'integer')) {
    out.maximum = typeof out.maximum === 'number' ? Math.min(out.maximum, INT_MAX) : INT_MAX;
    out.minimum = typeof out.minimum === 'number' ? Math.max(out.minimum, INT_MIN) : INT_MIN;
  }
  return out;
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/** A top-level property of a route's params, query or body whose schema type is a scalar. */
interface ScalarField {
  name: string;
  /** Its schema's types, e.g. ['integer'] or ['string', 'null']. */
  types: string[];
  /** Its schema's own message for a value of the wrong type (`x-messages.type`). */
  typeMessage?: string;
}

/** The top-level scalar properties of an object schema. */
function scalarFields(schema: unknown): ScalarField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const fields: ScalarField[] = [];
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (!isObject(prop)) continue;
    const types = (Array.isArray(prop.type) ? prop.type : [prop.type]) as unknown[];
    if (!types.every((t): t is string => typeof t === 'string' && SCALAR_TYPES.has(t))) continue;
    const messages = prop['x-messages'] as Record<string, string> | undefined;
    fields.push({ name, types, typeMessage: messages?.type });
  }
  return fields;
}

/** The names of an object schema's file fields (`format: 'binary'`, see http/fields.ts). */
function fileFieldNames(schema: unknown): Set<string> {
  if (!isObject(schema) || !isObject(schema.properties)) return new Set();
  return new Set(
    Object.entries(schema.properties).flatMap(([name, prop]) => (isObject(prop) && prop.format === 'binary' ? [name] : [])),
  );
}

const INTEGER_TEXT = /^-?[0-9]{1,20}$/;
/** A decimal written as one: `12`, `-0.5`, `2.5e3`; not `0x10`, ` 5`, `Infinity` or `1e500` (checked finite too). */
const NUMBER_TEXT = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;

const numberTextOk = (text: string) => NUMBER_TEXT.test(text) && Number.isFinite(Number(text));

/** Numbers written as text (path, query, form field): an integer as an integer, any number finite. */
function checkNumberText(values: unknown, fields: ScalarField[], errors: FieldErrors): void {
  if (!isObject(values)) return;
  for (const field of fields) {
    const integer = field.types.includes('integer');
    if (!integer && !field.types.includes('number')) continue;
    const raw = values[field.name];
    const list = Array.isArray(raw) ? raw : [raw];
    // An empty text is no value: null where the field may be null (a number cleared in a form).
    const noValue = (v: string) => v === '' && field.types.includes('null');
    const wellWritten = integer ? (v: string) => INTEGER_TEXT.test(v) : numberTextOk;
    if (list.some((v) => typeof v === 'string' && !noValue(v) && !wellWritten(v))) {
      errors[field.name] ??= [field.typeMessage ?? typeMessage(field.name, integer ? 'integer' : 'number')];
    }
  }
}

/**
 * A JSON body's values of the wrong JSON type, which the validator would otherwise coerce (`true` to 1,
 * `["5"]` to 5, `null` to 0 or ''): an array or an object for a scalar, a boolean where the type is
 * not boolean, null where it is not nullable. A number for a text stays accepted (phone numbers come
 * both ways).
 */
function checkJsonTypes(body: unknown, fields: ScalarField[], errors: FieldErrors): void {
  if (!isObject(body)) return;
  for (const field of fields) {
    if (!Object.hasOwn(body, field.name)) continue;
    const value = body[field.name];
    const wrong =
      (typeof value === 'object' && value !== null) ||
      (value === null && !field.types.includes('null')) ||
      (typeof value === 'boolean' && !field.types.includes('boolean')) ||
      // JSON.parse reads 1e400 as Infinity, which no number field can hold.
      (typeof value === 'number' && !Number.isFinite(value));
    if (wrong) errors[field.name] ??= [field.typeMessage ?? typeMessage(field.name, field.types)];
  }
}

/** A file part in a form field that is not a file field. */
function checkFileParts(request: FastifyRequest, fileFields: Set<string>, errors: FieldErrors): void {
  for (const name of Object.keys(request.uploadedFiles ?? {})) {
    if (!fileFields.has(name)) errors[name] ??= [`The ${name} must be text, not a file.`];
  }
}

/** Text (in a form or JSON) where a file is expected; an empty text is no value. */
function checkTextInFileFields(request: FastifyRequest, fileFields: Set<string>, errors: FieldErrors): void {
  if (!isObject(request.body)) return;
  const files = request.uploadedFiles ?? {};
  for (const name of fileFields) {
    const value = request.body[name];
    if (!Object.hasOwn(files, name) && value !== undefined && value !== '' && value !== null) {
      errors[name] ??= [`The ${name} must be a file.`];
    }
  }
}

/** Whether the request's body is JSON (forms, multipart or urlencoded, carry only text). */
function isJson(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

const MAX_DEPTH = 32;

/** What makes a text unfit to store: a NUL character, or half of a surrogate pair (stored, it reads back as '�'). */
type Unfit = 'nul' | 'broken';

/** A lone surrogate: read with the u flag, a whole pair is one code point and only a lone half is in Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

const unfitText = (text: string): Unfit | null => (text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'broken' : null);

/** The path of the first unfit string (value or key) and why it is unfit, or null. */
function findUnfit(value: unknown, path: string, depth = 0): { path: string; unfit: Unfit } | null {
  if (typeof value === 'string') {
    const unfit = unfitText(value);
    return unfit ? { path: path || 'body', unfit } : null;
  }
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnfit(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const unfitKey = unfitText(key);
    if (unfitKey) return { path: path || 'body', unfit: unfitKey };
    const found = findUnfit(v, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

function rejectUnfitText(request: FastifyRequest): void {
  const found = findUnfit(request.params, '') ?? findUnfit(request.query, '') ?? findUnfit(request.body, '');
  if (found) {
    const message =
      found.unfit === 'nul'
        ? `The ${found.path} may not contain NUL characters.`
        : `The ${found.path} contains a broken character (half of an emoji or other symbol).`;
    throw new HttpError(400, message, { [found.path]: [message] });
  }
}

function addPreValidation(route: RouteOptions, hook: (request: FastifyRequest) => void): void {
  const wrapped = async (request: FastifyRequest) => hook(request);
  const existing = route.preValidation;
  route.preValidation =
    existing === undefined
      ? [wrapped]
      : ([...(Array.isArray(existing) ? existing : [existing]), wrapped] as RouteOptions['preValidation']);
}

/** Registers the guards; call before the routes are registered (they apply through onRoute). */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (schema) {
      for (const part of ['params', 'querystring', 'body'] as const) {
        if (schema[part] !== undefined) schema[part] = boundIntegers(schema[part]);
      }
      const params = scalarFields(schema.params);
      const query = scalarFields(schema.querystring);
      const body = scalarFields(schema.body);
      const fileFields = fileFieldNames(schema.body);
      if (params.length || query.length || schema.body !== undefined) {
        addPreValidation(route, (request) => {
          const errors: FieldErrors = {};
          checkNumberText(request.params, params, errors);
          checkNumberText(request.query, query, errors);
          if (isJson(request)) checkJsonTypes(request.body, body, errors);
          else checkFileParts(request, fileFields, errors);
          checkTextInFileFields(request, fileFields, errors);
          checkNumberText(request.body, body, errors);
          const first = Object.values(errors)[0];
          if (first) throw new HttpError(400, first[0], errors);
        });
      }
    }
    addPreValidation(route, rejectUnfitText);
  });
}
