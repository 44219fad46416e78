import fc from 'fast-check';
import type * as z from 'zod/mini';

/**
 * The requests the endpoints' fuzzer (fuzz.ts) makes of a route: from a valid input of its shared
 * schema, each with one thing wrong (a field, a path parameter, the query string, the body's shape,
 * its bytes, its media type).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A valid input of a route, and the shared schema it passes. */
export interface Input {
  /** Absent where the function reads the fields itself (Webpay's POSTed return). */
  schema?: z.ZodMiniType;
  valid: Record<string, unknown>;
}

export interface Route {
  method: Method;
  /** One of the function's `config.path` patterns. */
  path: string;
  /** Valid values of the pattern's parameters; a parameter not named gets a random UUID. */
  params?: Record<string, string>;
  /** What the route reads: a JSON body, the query string, a multipart form (with a file), a POSTed form, raw bytes. */
  json?: Input;
  query?: Input;
  multipart?: Input & { file?: boolean };
  form?: Record<string, string>;
  bytes?: true;
  /** A second body the same path takes (an e-mail's or a phone's subscription), named in the reports. */
  variant?: string;
}

/** A route as the reports and the tests' titles name it. */
export const endpointOf = (route: Route) =>
  `${route.method} ${route.path}${route.variant ? ` (${route.variant})` : ''}`;

export interface FuzzedFunction {
  /** The file's name under netlify/functions. */
  name: string;
  routes: Route[];
  /** An admin function: whom it is called as (signed in). */
  signedIn?: 'administrador' | 'cumplimiento';
  /** Serves every method (no 405 names what it serves), as Webpay's return does. */
  anyMethod?: true;
}

// ---------------------------------------------------------------- values

const LONG = 'x'.repeat(70_000);
/** Values any field may be given: the types JSON has, numbers past what a column stores, dates out of range, bad text. */
const extremeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    1.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    3_000_000_000,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    '',
    ' ',
    '0',
    '-1',
    '99999999999999999999',
    '1e400',
    '0000-01-01',
    '9999-12-31',
    '2026-02-30',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59-03:00',
    '0000-01-01T00:00',
    'a\u0000b',
    'a\u001bb',
    '\uFFFD',
    '\uD800',
    'ñandú 🐧',
    '__proto__',
    LONG,
    [],
    {},
    [[[[]]]],
    { __proto__: null, toString: 'x' },
    JSON.parse('{"__proto__":{"polluted":true}}'),
  ),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

type Def = {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  checks?: z.core.$ZodCheck[];
  options?: z.core.$ZodType[];
};
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** The numbers and lengths at a field's limits, read from its schema's checks: each limit, one past it and one before. */
function limitValues(schema: z.core.$ZodType | undefined): unknown[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (['default', 'optional', 'nullable', 'prefault'].includes(def.type) && def.innerType)
    return limitValues(def.innerType);
  if (def.type === 'pipe' && def.in)
    return [...limitValues(def.in), ...limitValues((def as { out?: z.core.$ZodType }).out)];
  if (def.type === 'union') return (def.options ?? []).flatMap(limitValues);
  const values: unknown[] = [];
  for (const check of def.checks ?? []) {
    const {
      check: kind,
      value,
      maximum,
      minimum,
    } = check._zod.def as {
      check: string;
      value?: number;
      maximum?: number;
      minimum?: number;
    };
    if ((kind === 'greater_than' || kind === 'less_than') && typeof value === 'number')
      values.push(value, value - 1, value + 1);
    if (kind === 'max_length' && maximum !== undefined) values.push('x'.repeat(maximum), 'x'.repeat(maximum + 1));
    if (kind === 'min_length' && minimum !== undefined && minimum > 0) values.push('x'.repeat(minimum - 1));
  }
  return values;
}

/** The fields of an input: its schema's shape and whatever the valid example has. */
function fieldsOf(input: Input): { field: string; schema: z.core.$ZodType | undefined }[] {
  const shape = input.schema ? ((defOf(input.schema) as { shape?: Record<string, z.core.$ZodType> }).shape ?? {}) : {};
  const names = new Set([...Object.keys(shape), ...Object.keys(input.valid)]);
  return [...names].map((field) => ({ field, schema: shape[field] }));
}

const DATE = /^\d{4}-\d{2}-\d{2}/;
const NUMERIC = /^-?\d+$/;

/**
 * The values that break a field of this kind, read from its valid value: a number past an
 * `integer` column and below zero, a date or an instant in years 0000, 1999, 2101 and 9999, a
 * number written as text (a query's page, a year) past what it may be; an object or a list with
 * one of its own fields so given (a supply point's latitude).
 */
export function edgesOf(value: unknown): unknown[] {
  if (typeof value === 'number')
    return [2_147_483_648, 3_000_000_000, -1, -2_147_483_649, 1e308, 0.5, Number.MAX_SAFE_INTEGER + 2];
  if (typeof value === 'string' && DATE.test(value))
    return ['0000', '9999', '1999', '2101'].map((year) => `${year}${value.slice(4)}`);
  if (typeof value === 'string' && NUMERIC.test(value))
    return ['0', '-1', '2147483648', '99999999999999999999', '1e400', '0.5'];
  if (Array.isArray(value))
    return [[], Array.from({ length: 1_000 }, () => value[0] ?? 'x'), ...edgesOf(value[0]).map((edge) => [edge])];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => edgesOf(inner).map((edge) => ({ ...value, [key]: edge })));
  return [];
}

/** The value a field may be given: its edges (above) and its schema's limits most often, any other sometimes. */
function wrongValue(schema: z.core.$ZodType | undefined, valid: unknown): fc.Arbitrary<unknown> {
  const edges = [...edgesOf(valid), ...limitValues(schema)];
  return edges.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...edges), weight: 2 }, { arbitrary: extremeValue, weight: 1 })
    : extremeValue;
}

/** A valid input with one field given another value, or left out. */
function mutatedInput(input: Input): fc.Arbitrary<{ field: string; value: unknown; body: Record<string, unknown> }> {
  const fields = fieldsOf(input);
  if (fields.length === 0) return fc.constant({ field: '', value: undefined, body: input.valid });
  return fc
    .constantFrom(...fields)
    .chain(({ field, schema }) =>
      fc.record({
        field: fc.constant(field),
        value: fc.option(wrongValue(schema, input.valid[field]), { nil: undefined, freq: 8 }),
      }),
    )
    .map(({ field, value }) => withField(input.valid, field, value));
}

const withField = (valid: Record<string, unknown>, field: string, value: unknown) => {
  const body = { ...valid };
  if (value === undefined) delete body[field];
  else body[field] = value;
  return { field, value, body };
};

// ---------------------------------------------------------------- requests

/** A request as the fuzzer describes it: what the report prints, and what it sends. */
export interface Probe {
  /** What is wrong in it. */
  kind: string;
  pathname: string;
  query: string;
  contentType?: string;
  body?: string | Uint8Array;
}

const encoder = new TextEncoder();
const bytesOf = (...parts: (string | readonly number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...encoder.encode(part)] : part)));

/** A JSON text nested `levels` deep, as arrays or as objects. */
const nested = (levels: number, objects: boolean) =>
  objects ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}` : `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** The JSON body extremes: depth, width, duplicate and prototype keys, truncation, bytes that are not UTF-8, not an object. */
function jsonExtremes(valid: Record<string, unknown>): fc.Arbitrary<{ kind: string; body: string | Uint8Array }> {
  const text = JSON.stringify(valid);
  const firstField = Object.keys(valid)[0] ?? 'a';
  return fc.oneof(
    fc
      .record({ levels: fc.constantFrom(31, 32, 33, 100, 8_000), objects: fc.boolean() })
      .map(({ levels, objects }) => ({
        kind: `depth ${levels}`,
        body: `{"${firstField}":${nested(levels, objects)}}`,
      })),
    fc.integer({ min: 100, max: 20_000 }).map((width) => ({
      kind: `width ${width}`,
      body: JSON.stringify({ ...valid, [firstField]: Array.from({ length: width }, (_, i) => i) }),
    })),
    fc.integer({ min: 100, max: 3_000 }).map((keys) => ({
      kind: `${keys} keys`,
      body: JSON.stringify({ ...valid, ...Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])) }),
    })),
    extremeValue.map((value) => ({
      kind: 'duplicate key',
      body: `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"${firstField}":${JSON.stringify(value) ?? 'null'}}`,
    })),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'toJSON').map((key) => ({
      kind: `${key} key`,
      body: `{"${key}":{"polluted":true,"isAdmin":true},${text.slice(1)}`,
    })),
    fc.nat({ max: Math.max(0, text.length - 1) }).map((at) => ({ kind: 'truncated', body: text.slice(0, at) })),
    fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x00]).map((bad) => ({
      kind: 'not UTF-8',
      body: bytesOf(text.slice(0, -2), bad, text.slice(-2)),
    })),
    fc
      .constantFrom('', 'null', '1', '"x"', '[]', 'true', '[{}]', '{', '}', 'NaN', '1e999', '\uFEFF{}', ' '.repeat(5))
      .map((body) => ({ kind: 'not an object', body })),
    fc.constant({ kind: 'too large', body: JSON.stringify({ ...valid, [firstField]: 'x'.repeat(70_000) }) }),
  );
}

const BOUNDARY = 'fuzz-boundary';
const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (fileName: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n${bytes}\r\n`;
/** A small PDF, as a form with a file sends it. */
const validFile = () => filePart('cv.pdf', `%PDF-1.7\n${'x'.repeat(200)}`);
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const multipartText = (fields: Record<string, unknown>, file?: string) =>
  `${Object.entries(fields)
    .map(([name, value]) => fieldPart(name, asText(value)))
    .join('')}${file ?? ''}--${BOUNDARY}--\r\n`;

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  MULTIPART,
  'application/octet-stream',
  '',
  'application/json, text/plain',
];

/** The multipart extremes: empty, truncated, no boundary, a mismatched one, a file's odd name, a thousand parts. */
function multipartExtremes(input: Input & { file?: boolean }): fc.Arbitrary<Omit<Probe, 'pathname' | 'query'>> {
  const file = input.file ? validFile() : '';
  const whole = multipartText(input.valid, file);
  return fc.oneof(
    fc.constant({ kind: 'empty multipart', contentType: MULTIPART, body: '' }),
    fc
      .nat({ max: whole.length - 1 })
      .map((at) => ({ kind: 'truncated multipart', contentType: MULTIPART, body: whole.slice(0, at) })),
    fc.constant({ kind: 'no boundary', contentType: 'multipart/form-data', body: whole }),
    fc.constant({ kind: 'other boundary', contentType: 'multipart/form-data; boundary=otra', body: whole }),
    fc
      .constantFrom('', '../../etc/passwd', 'a\u0000b.pdf', 'x'.repeat(1_000) + '.pdf', 'cv.PDF.exe', '.pdf', 'ñ.pdf')
      .map((name) => ({
        kind: 'file name',
        contentType: MULTIPART,
        body: multipartText(input.valid, filePart(name, '%PDF-1.7\nxx')),
      })),
    fc.constant({
      kind: 'a thousand parts',
      contentType: MULTIPART,
      body: multipartText({
        ...input.valid,
        ...Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`p${i}`, 'x'])),
      }),
    }),
    fc.constant({
      kind: 'file not a PDF',
      contentType: MULTIPART,
      body: multipartText(input.valid, filePart('cv.pdf', 'MZ\u0090\u0000')),
    }),
  );
}

/** Path parameters no route expects: numbers past a column, negatives, bad bytes, traversal, long. */
const badParam = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    '1e400',
    'NaN',
    '%00',
    '%FF',
    '%C3',
    '%2e%2e',
    '..',
    '%2F',
    'x'.repeat(2_000),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'DEN-XXXXXXXX',
    '%F0%9F%90%A7',
    '__proto__',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

/** Query strings no route expects, or a valid query with one field wrong. */
const badQuery = fc.oneof(
  fc.constantFrom(
    '%',
    '%FF',
    '%00',
    'a=%C3',
    '&&&',
    '=x',
    'page=-1',
    'page=1e400',
    'page=99999999999',
    'a=1&a=2',
    'x'.repeat(10_000),
  ),
  fc
    .dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 4 })
    .map((entries) => new URLSearchParams(entries).toString()),
);
const queryOf = (values: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(values).map(([key, value]) => [key, asText(value)])).toString();

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** The route's path with its parameters: the valid ones, and `wrong` in place of one. */
export function pathWith(route: Route, wrong?: { name: string; value: string }): string {
  let index = 0;
  return route.path
    .replace(/:([A-Za-z]+)/g, (_, name: string) =>
      wrong?.name === name ? wrong.value : (route.params?.[name] ?? uuid(++index)),
    )
    .replace('*', () => (wrong?.name === '*' ? wrong.value : (route.params?.['*'] ?? `${uuid(1)}/${uuid(2)}`)));
}
const paramNames = (route: Route) => [
  ...[...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!),
  ...(route.path.includes('*') ? ['*'] : []),
];

/** Every kind of request the fuzzer makes for a route, each with one thing wrong. */
/** The route's request as its form sends it. */
function validProbe(route: Route): Omit<Probe, 'kind'> {
  if (route.json)
    return {
      pathname: pathWith(route),
      query: '',
      contentType: 'application/json',
      body: JSON.stringify(route.json.valid),
    };
  if (route.multipart) {
    const file = route.multipart.file ? validFile() : '';
    return {
      pathname: pathWith(route),
      query: '',
      contentType: MULTIPART,
      body: multipartText(route.multipart.valid, file),
    };
  }
  if (route.form)
    return {
      pathname: pathWith(route),
      query: '',
      contentType: 'application/x-www-form-urlencoded',
      body: queryOf(route.form),
    };
  if (route.bytes)
    return { pathname: pathWith(route), query: '', contentType: 'application/octet-stream', body: 'x'.repeat(100) };
  return { pathname: pathWith(route), query: route.query ? queryOf(route.query.valid) : '' };
}

export function probes(route: Route): fc.Arbitrary<Probe> {
  const valid = () => validProbe(route);
  // A field given a wrong value is the likeliest: the other kinds have fewer cases each.
  const kinds: (fc.Arbitrary<Probe> | fc.WeightedArbitrary<Probe>)[] = [
    fc.constant({ kind: 'valid', ...valid() }),
    badQuery.map((query) => ({ ...valid(), kind: 'query string', query })),
    fc
      .constantFrom(...CONTENT_TYPES)
      .map((contentType) => ({ ...valid(), kind: `content type "${contentType}"`, contentType })),
  ];
  const names = paramNames(route);
  if (names.length > 0)
    kinds.push(
      fc.record({ name: fc.constantFrom(...names), value: badParam }).map((wrong) => ({
        ...valid(),
        kind: `path parameter ${wrong.name}`,
        pathname: pathWith(route, wrong),
      })),
    );
  if (route.query) {
    const query = route.query;
    kinds.push({
      arbitrary: mutatedInput(query).map(({ field, body }) => ({
        ...valid(),
        kind: `query field ${field}`,
        query: queryOf(body),
      })),
      weight: 3,
    });
  }
  if (route.json) {
    const json = route.json;
    kinds.push(
      {
        arbitrary: mutatedInput(json).map(({ field, body }) => ({
          ...valid(),
          kind: `field ${field}`,
          body: JSON.stringify(body),
        })),
        weight: 3,
      },
      jsonExtremes(json.valid).map(({ kind, body }) => ({ ...valid(), kind, body })),
    );
  }
  if (route.multipart) {
    const multipart = route.multipart;
    const file = multipart.file ? validFile() : '';
    kinds.push(
      {
        arbitrary: mutatedInput(multipart).map(({ field, body }) => ({
          ...valid(),
          kind: `form field ${field}`,
          body: multipartText(body, file),
        })),
        weight: 3,
      },
      multipartExtremes(multipart).map((extreme) => ({
        ...valid(),
        ...extreme,
      })),
    );
  }
  if (route.form) {
    const form = route.form;
    kinds.push(
      mutatedInput({ valid: form }).map(({ field, body }) => ({
        ...valid(),
        kind: `form field ${field}`,
        body: queryOf(body),
      })),
      badQuery.map((body) => ({ ...valid(), kind: 'form body', body })),
    );
  }
  if (route.bytes)
    kinds.push(
      fc
        .oneof(fc.constant(''), fc.constant('x'.repeat(7_000_000)), fc.uint8Array({ maxLength: 2_000 }))
        .map((body) => ({ ...valid(), kind: 'chunk bytes', body })),
    );
  if (!route.json && !route.multipart && !route.form && !route.bytes)
    kinds.push(
      jsonExtremes({ a: 1 }).map(({ kind, body }) => ({
        ...valid(),
        kind: `unexpected body: ${kind}`,
        contentType: 'application/json',
        body,
      })),
    );
  return fc.oneof(...kinds);
}

/**
 * The probes every run sends first, whatever the seed: each field of the valid input at each of
 * its edges (edgesOf), a body nested 33 and 8,000 deep, each path parameter past an `integer`;
 * at most `budget`, the first ones of each field first.
 */
export function firstProbes(route: Route, budget: number): Probe[] {
  const valid = validProbe(route);
  const byField: Probe[][] = [];
  const input = route.json ?? route.query ?? route.multipart ?? (route.form ? { valid: route.form } : undefined);
  if (route.json) {
    const field = Object.keys(route.json.valid)[0] ?? 'a';
    byField.push(
      [33, 8_000].map((levels) => ({
        ...valid,
        kind: `depth ${levels}`,
        body: `{"${field}":${nested(levels, false)}}`,
      })),
    );
  }
  for (const [field, value] of Object.entries(input?.valid ?? {}))
    byField.push(
      edgesOf(value).map((edge) => {
        const { body } = withField(input!.valid, field, edge);
        const kind = `${route.query ? 'query field' : 'field'} ${field}`;
        if (route.json) return { ...valid, kind, body: JSON.stringify(body) };
        if (route.query) return { ...valid, kind, query: queryOf(body) };
        if (route.form) return { ...valid, kind, body: queryOf(body) };
        return { ...valid, kind, body: multipartText(body, route.multipart?.file ? validFile() : '') };
      }),
    );
  for (const name of paramNames(route))
    byField.push(
      ['2147483648', '99999999999999999999'].map((value) => ({
        ...valid,
        kind: `path parameter ${name}`,
        pathname: pathWith(route, { name, value }),
      })),
    );
  // Round robin: the first edge of every field, then the second of each, and so on.
  const ordered: Probe[] = [];
  for (let i = 0; byField.some((probesOfField) => i < probesOfField.length); i++)
    for (const probesOfField of byField) if (i < probesOfField.length) ordered.push(probesOfField[i]!);
  return ordered.slice(0, budget);
}
