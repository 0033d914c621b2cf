/**
 * Requests for the fuzz suite (fuzz.test.ts), generated with fast-check from the API's own OpenAPI
 * description: for every route and method, bodies that are nearly right and bodies that are wrong
 * in every way a client can get them wrong (types, huge and negative numbers, overlong and odd
 * strings, unexpected fields, missing fields, wrong or broken content types, truncated or invalid
 * bytes), ids of the caller's own objects and of other users', and good, bad and missing tokens.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is untyped JSON, read as such */
import fc from 'fast-check';

/** A value as text in a form field or a query string: objects as JSON, the rest as they print. */
function asText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return v.toString();
  return JSON.stringify(v) ?? '';
}

type Schema = Record<string, any>;

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. /api/jobs/{id}. */
  path: string;
  pathParams: Array<{ name: string; schema: Schema }>;
  queryParams: Array<{ name: string; schema: Schema; required: boolean }>;
  body: { contentTypes: string[]; schema: Schema; required: boolean } | null;
  secured: boolean;
  /** Response schemas by status code. */
  responses: Record<string, Schema | undefined>;
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params: any[] = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const contentTypes = Object.keys(content);
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, r] of Object.entries<any>(op.responses ?? {}))
        responses[status] = r?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required })),
        body: contentTypes.length
          ? { contentTypes, schema: content[contentTypes[0]].schema ?? {}, required: !!op.requestBody.required }
          : null,
        secured: Array.isArray(op.security) && op.security.length > 0,
        responses,
      });
    }
  }
  return ops;
}

/** What the generator knows of the world it attacks. */
export interface FuzzWorld {
  /** Ids that exist: the caller's own objects and other users' (and the other users themselves). */
  ids: number[];
  /** Emails of existing accounts. */
  emails: string[];
  /** Other strings worth trying where a string is expected (sandbox card tokens, channel names...). */
  strings: string[];
  /** Authorization header values: the attackers' valid tokens first. */
  goodAuth: () => string[];
  badAuth: string[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The operation it was made for (null: a path the API does not have). */
  op: Operation | null;
  /** How it was made, for the report. */
  note: string;
}

const INT_EDGES = [0, -1, 1, 2147483647, 2147483648, -2147483648, -2147483649, 2 ** 53, 2 ** 53 + 2, 1e20, -1e20, 1e308];
const NUMBER_EDGES = [0.5, -0.0, 1.5, 1e-320, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '💥🚀',
  '\u202eevil',
  'Ω≈ç√',
  "' or 1=1 --",
  '"; drop table users; --',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1.0',
  '-1',
  '99999999999999999999',
  ' 1',
  '1 ',
  '\r\n',
  '\t',
];
const PATH_SEGMENTS = [
  '-1',
  '0',
  '1e309',
  '0x10',
  '1.0',
  '1e3',
  '99999999999',
  '2147483648',
  '99999999999999999999999',
  'abc',
  '%00',
  '%FF',
  '%20',
  '..%2F..',
  '%F0%9F%92%A5',
  'null',
  '1;2',
  'a'.repeat(300),
];

/** Something of a type the field does not expect, an extreme of its type, or odd text. */
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...INT_EDGES),
  fc.constantFrom(...NUMBER_EDGES),
  fc.constantFrom(...ODD_STRINGS),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom<unknown>([], [1, 2], {}, { $gt: '' }, { nested: { deeper: [null] } }, [[[[[]]]]]),
);

/** encodeURIComponent, which throws on a lone surrogate: then the UTF-8 bytes Node would send, escaped. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

const isNullable = (schema: Schema) => schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;

/** A value that nearly always fits `schema` (the ids and emails of the world where one is expected). */
export function fittingValue(schema: Schema, world: FuzzWorld, name = ''): fc.Arbitrary<unknown> {
  const inner = fittingNonNull(schema, world, name);
  return isNullable(schema) ? fc.oneof({ arbitrary: inner, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : inner;
}

function fittingNonNull(schema: Schema, world: FuzzWorld, name: string): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  const type = typeOf(schema);
  switch (type) {
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 2147483647) : 1000;
      const inRange = fc.integer({ min: Math.max(min, -2147483648), max: Math.max(min, max) });
      const ids = world.ids.filter((id) => id >= min && id <= max);
      return ids.length && (/id$/.test(name) || name === 'id' || /Id$/.test(name))
        ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: inRange, weight: 1 })
        : inRange;
    }
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fittingValue(schema.items ?? {}, world), { maxLength: 3 });
    case 'object':
      return fittingObject(schema, world);
    case 'string':
    default: {
      if (schema.format === 'email' || /email/.test(name)) {
        return fc.oneof({ arbitrary: fc.constantFrom(...world.emails), weight: 3 }, { arbitrary: fc.emailAddress(), weight: 1 });
      }
      if (schema.format === 'binary') return fc.constant('upload.bin');
      const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 60);
      const minLength = Math.min(typeof schema.minLength === 'number' ? schema.minLength : 0, maxLength);
      if (typeof schema.pattern === 'string') {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? 1000));
      }
      const text = fc.string({ minLength, maxLength });
      return world.strings.length
        ? fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: fc.constantFrom(...world.strings), weight: 1 })
        : text;
    }
  }
}

/** An object of `schema`: its required properties, some optional ones. */
export function fittingObject(schema: Schema, world: FuzzWorld): fc.Arbitrary<Record<string, unknown>> {
  const props: Record<string, Schema> = schema.properties ?? {};
  const required: string[] = schema.required ?? [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of Object.entries(props)) model[key] = fittingValue(prop, world, key);
  const requiredKeys = required.filter((k) => k in model);
  return fc.record(model, { requiredKeys });
}

/** A nearly right object broken in one or more ways: a field dropped, a field of the wrong kind, fields it does not know. */
function brokenObject(schema: Schema, world: FuzzWorld): fc.Arbitrary<{ value: unknown; note: string }> {
  const keys = Object.keys(schema.properties ?? {});
  return fc
    .tuple(
      fittingObject(schema, world),
      fc.array(fc.tuple(keys.length ? fc.constantFrom(...keys) : fc.constant('field'), evilValue), {
        minLength: 0,
        maxLength: 3,
      }),
      fc.option(keys.length ? fc.constantFrom(...keys) : fc.constant('field'), { nil: undefined }),
      fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'role', 'is_admin', 'customer_id'),
        ),
        evilValue,
        { maxKeys: 2 },
      ),
    )
    .map(([base, mutations, dropped, extra]) => {
      const value: Record<string, unknown> = { ...base };
      for (const [k, v] of mutations) value[k] = v;
      if (dropped !== undefined) delete value[dropped];
      for (const [k, v] of Object.entries(extra))
        Object.defineProperty(value, k, { value: v, enumerable: true, configurable: true, writable: true });
      return {
        value,
        note: `object${mutations.length ? ` with ${mutations.map(([k]) => k).join(',')} wrong` : ''}${dropped ? `, without ${dropped}` : ''}${Object.keys(extra).length ? ', extra fields' : ''}`,
      };
    });
}

type BodyShape = { value: unknown; note: string };

function bodyValue(schema: Schema, world: FuzzWorld): fc.Arbitrary<BodyShape> {
  return fc.oneof(
    { arbitrary: fittingObject(schema, world).map((value) => ({ value, note: 'fitting object' })), weight: 4 },
    { arbitrary: brokenObject(schema, world), weight: 5 },
    { arbitrary: evilValue.map((value) => ({ value, note: 'not an object' })), weight: 1 },
  );
}

const MULTIPART_BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

function multipart(value: unknown, withFile: Buffer | null, fileField: string | null): string | Buffer {
  const parts: Buffer[] = [];
  const add = (s: string | Buffer) => parts.push(typeof s === 'string' ? Buffer.from(s, 'utf8') : s);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined || k === fileField) continue;
      add(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n`);
      add(asText(v));
      add('\r\n');
    }
  } else {
    add(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="value"\r\n\r\n${String(value)}\r\n`);
  }
  if (withFile && fileField) {
    add(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    add(withFile);
    add('\r\n');
  }
  add(`--${MULTIPART_BOUNDARY}--\r\n`);
  return Buffer.concat(parts);
}

const FILES = [
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2f0d1f30000000049454e44ae426082',
    'hex',
  ),
  Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  Buffer.from('<html><script>alert(1)</script></html>'),
  Buffer.alloc(0),
];

interface Encoded {
  headers: Record<string, string>;
  payload?: string | Buffer;
  note: string;
}

/** The body on the wire: as the route expects it, in another format, or broken. */
function encodeBody(body: BodyShape, op: Operation, fileField: string | null): fc.Arbitrary<Encoded> {
  const json = (() => {
    try {
      return JSON.stringify(body.value) ?? 'null';
    } catch {
      return 'null';
    }
  })();
  const asForm = () => {
    const params = new URLSearchParams();
    if (body.value && typeof body.value === 'object' && !Array.isArray(body.value)) {
      for (const [k, v] of Object.entries(body.value as Record<string, unknown>)) params.append(k, asText(v));
    }
    return params.toString();
  };
  const declared = op.body?.contentTypes ?? [];
  const choices: Array<{ arbitrary: fc.Arbitrary<Encoded>; weight: number }> = [
    {
      arbitrary: fc.constant({ headers: { 'content-type': 'application/json' }, payload: json, note: 'json' }),
      weight: declared.includes('application/json') ? 6 : 2,
    },
    {
      arbitrary: fc.constantFrom(...FILES).map((file) => ({
        headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
        payload: multipart(body.value, fileField ? file : null, fileField),
        note: 'multipart',
      })),
      weight: declared.includes('multipart/form-data') ? 4 : 1,
    },
    {
      arbitrary: fc.constant({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: asForm(),
        note: 'urlencoded',
      }),
      weight: declared.includes('application/x-www-form-urlencoded') ? 3 : 1,
    },
    {
      arbitrary: fc.constantFrom<Encoded>(
        { headers: { 'content-type': 'multipart/form-data' }, payload: asForm(), note: 'multipart without boundary' },
        {
          headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
          payload: (() => {
            const full = Buffer.from(multipart(body.value, null, null));
            return full.subarray(0, Math.max(0, full.length - 12));
          })(),
          note: 'multipart truncated',
        },
        {
          headers: { 'content-type': 'multipart/form-data; boundary=other' },
          payload: multipart(body.value, null, null),
          note: 'multipart wrong boundary',
        },
        {
          headers: { 'content-type': 'application/json' },
          payload: json.slice(0, Math.max(0, json.length - 1 - (json.length >> 1))),
          note: 'json truncated',
        },
        {
          headers: { 'content-type': 'application/json' },
          payload: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]),
          note: 'json invalid utf-8',
        },
        { headers: { 'content-type': 'application/json' }, payload: '', note: 'json empty' },
        {
          headers: { 'content-type': 'application/json' },
          payload: '['.repeat(5000) + ']'.repeat(5000),
          note: 'json deeply nested',
        },
        { headers: { 'content-type': 'application/json; charset=utf-16' }, payload: json, note: 'json utf-16 charset' },
        { headers: { 'content-type': 'text/plain' }, payload: json, note: 'text/plain' },
        { headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>', note: 'xml' },
        { headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from([0, 1, 2, 255]), note: 'octet-stream' },
        { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%ZZ&b=%&c', note: 'urlencoded broken' },
        { headers: {}, payload: json, note: 'no content type' },
        { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: json, note: 'claims gzip' },
      ),
      weight: 3,
    },
  ];
  return fc.oneof(...choices).map((e) => ({ ...e, note: `${e.note} (${body.note})` }));
}

function pathSegment(param: { name: string; schema: Schema }, world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fittingValue(param.schema, world, param.name).map((v) => encode(asText(v))), weight: 5 },
    { arbitrary: fc.constantFrom(...PATH_SEGMENTS), weight: 2 },
    { arbitrary: fc.constantFrom(...INT_EDGES).map(String), weight: 1 },
  );
}

function queryString(op: Operation, world: FuzzWorld): fc.Arbitrary<string> {
  const params = op.queryParams.map((p) =>
    fc.option(
      fc.oneof(
        { arbitrary: fittingValue(p.schema, world, p.name).map((v) => [[p.name, asText(v)]]), weight: 5 },
        { arbitrary: evilValue.map((v) => [[p.name, asText(v)]]), weight: 2 },
        {
          arbitrary: fc.tuple(fittingValue(p.schema, world, p.name), fittingValue(p.schema, world, p.name)).map(([a, b]) => [
            [p.name, asText(a)],
            [p.name, asText(b)],
          ]),
          weight: 1,
        },
      ),
      { nil: [] as string[][], freq: 3 },
    ),
  );
  const extra = fc.option(
    fc
      .tuple(fc.constantFrom('id', 'user_id', 'page[]', 'sort', '__proto__', 'limit', 'a'), fc.constantFrom(...ODD_STRINGS))
      .map(([k, v]) => [[k, v]]),
    { nil: [] as string[][], freq: 4 },
  );
  return fc.tuple(fc.tuple(...params), extra).map(([lists, more]) => {
    const pairs = [...lists.flat(), ...more];
    return pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
  });
}

function authHeader(op: Operation, world: FuzzWorld): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    {
      arbitrary: fc.nat().map((i) => {
        const good = world.goodAuth();
        return { authorization: good[i % good.length] };
      }),
      weight: op.secured ? 10 : 2,
    },
    { arbitrary: fc.constant<Record<string, string>>({}), weight: 1 },
    { arbitrary: fc.constantFrom(...world.badAuth).map((authorization) => ({ authorization })), weight: 2 },
  );
}

/** One request for `op`. */
export function requestFor(op: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const fileField = op.body
    ? (Object.entries<Schema>(op.body.schema.properties ?? {}).find(([, p]) => p.format === 'binary')?.[0] ?? null)
    : null;
  const segments = fc.tuple(...op.pathParams.map((p) => pathSegment(p, world)));
  const body: fc.Arbitrary<Encoded | null> = op.body
    ? fc.oneof(
        { arbitrary: bodyValue(op.body.schema, world).chain((b) => encodeBody(b, op, fileField)), weight: 9 },
        { arbitrary: fc.constant(null), weight: 1 },
      )
    : fc.option(
        fc.constant<Encoded>({
          headers: { 'content-type': 'application/json' },
          payload: '{"unexpected":true}',
          note: 'a body where none is expected',
        }),
        { nil: null, freq: 6 },
      );
  return fc.tuple(segments, queryString(op, world), body, authHeader(op, world)).map(([segs, query, encoded, auth]) => {
    let i = 0;
    const url = op.path.replace(/\{[^}]+\}/g, () => segs[i++]) + query;
    return {
      method: op.method,
      url,
      headers: { ...auth, ...(encoded?.headers ?? {}) },
      payload: encoded?.payload,
      op,
      note: encoded ? encoded.note : 'no body',
    };
  });
}

/** A request to a path the API does not have, or with a method it does not answer. */
export function strayRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      fc.oneof(
        fc.constantFrom(
          '/api',
          '/api/',
          '/api/jobs/1/2',
          '/api/auth',
          '/api/admin',
          '/api/users/1',
          '/%00',
          '/api/jobs/%',
          '/api/%E0%A4%A',
        ),
        fc.webPath().map((p) => `/api${p}`),
      ),
      fc.constantFrom(...world.goodAuth(), ''),
    )
    .map(([method, url, authorization]): FuzzRequest => ({
      method,
      url,
      headers: authorization ? { authorization } : {},
      op: null,
      note: 'stray path',
    }));
}
