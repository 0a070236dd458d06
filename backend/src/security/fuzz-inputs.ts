/**
 * Hostile inputs for the OpenAPI fuzz suite, as fast-check arbitraries: wrong types, nulls, arrays, huge and
 * negative numbers, 1 MB strings, NUL, lone surrogates, deep nesting, prototype keys, impossible dates and ids of
 * other kinds; and mutations that put them into a valid request (a body field, the whole body, a query parameter,
 * a field inside a JSON query parameter, a path parameter). Values are JSON text, so nesting and `__proto__` keys
 * reach the server exactly as written.
 */
import fc from 'fast-check';
import type { ApiOperation, OpenApiDocument } from './openapi-operations';
import { writableProperties } from './openapi-operations';
import type { PreparedRequest } from './operation-requests';

/** A value as JSON text, with a short label for reports. */
export interface Hostile {
  label: string;
  json: string;
}

const DEPTH = 5000;
const ONE_MB = 1024 * 1024;
const text = (label: string, value: string): Hostile => ({ label, json: JSON.stringify(value) });
const raw = (label: string, json: string): Hostile => ({ label, json });

/** Ids of other kinds of records (and of nothing), to put where one kind is expected. */
export function foreignIds(ids: string[]): Hostile[] {
  return [...ids, '1', '153', '0', '-1', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-4fff-bfff-ffffffffffff', 'not-an-id'].map(
    (id) => text(`id ${id.slice(0, 12)}`, id),
  );
}

const FIXED: Hostile[] = [
  raw('null', 'null'),
  raw('true', 'true'),
  raw('false', 'false'),
  raw('0', '0'),
  raw('-1', '-1'),
  raw('1.5', '1.5'),
  raw('-1e21', '-1e21'),
  raw('1e308', '1e308'),
  raw('-0', '-0'),
  raw('10^23', '99999999999999999999999'),
  raw('2^53+1', '9007199254740993'),
  raw('2^31', '2147483648'),
  text('empty string', ''),
  text('blank', '   '),
  text('NUL', 'a\u0000b'),
  text('only NUL', '\u0000'),
  raw('lone high surrogate', '"\\ud800"'),
  raw('lone low surrogate', '"x\\udc00y"'),
  text('1 MB string', 'a'.repeat(ONE_MB)),
  text('10 kB string', 'b'.repeat(10_000)),
  text('emoji', '👩‍👧‍👦'),
  text('right-to-left', '\u202Egnp.exe'),
  text('markup', '<script>alert(1)</script>'),
  text('SQL', "' OR '1'='1' --"),
  text('path', '../../etc/passwd'),
  text('percent', '%00%ff'),
  text('NaN', 'NaN'),
  raw('empty array', '[]'),
  raw('[null]', '[null]'),
  raw('nested arrays', '[[[]]]'),
  raw('strings array', '["a","b"]'),
  raw('numbers array', '[1,2,3]'),
  raw('empty object', '{}'),
  raw('operator object', '{"$gt":""}'),
  raw('regex object', '{"$regex":".*"}'),
  raw('__proto__', '{"__proto__":{"isAdministrator":true,"privileges":["Setting"]}}'),
  raw('constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'),
  raw(`arrays ${DEPTH} deep`, `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`),
  raw(`objects ${DEPTH} deep`, `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`),
  text('date 2026-02-30', '2026-02-30'),
  text('date 2025-13-01', '2025-13-01'),
  text('date 0000-00-00', '0000-00-00'),
  text('date-time 25:61', '2024-02-29T25:61:00Z'),
  text('date +275760', '+275760-09-13'),
  text('date 0000-01-01', '0000-01-01'),
  text('date-time year 0', '0000-01-01T00:00:00Z'),
  text('date-time +275760', '+275760-09-13T00:00:00Z'),
  text('date-time past 9999 in UTC', '9999-12-31T23:59:59-05:00'),
  text('date 31/12/2025', '31/12/2025'),
];

/** Any hostile value: the fixed catalogue, ids of other kinds, or a small random JSON value. */
export function hostileValue(ids: Hostile[]): fc.Arbitrary<Hostile> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...FIXED) },
    { weight: 2, arbitrary: fc.constantFrom(...ids) },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => raw(`random ${JSON.stringify(value).slice(0, 30)}`, JSON.stringify(value) ?? 'null')),
    },
  );
}

/** Path segments, already percent-encoded: malformed escapes, encoded NUL and surrogates, traversal, long ones. */
const PATH_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '..',
  '..%2F..%2Fadmin',
  '%2e%2e',
  'x'.repeat(5000),
  '99999999999999999999999',
  '-1',
  '1e308',
  'null',
  'undefined',
  '%7B%7D',
  '__proto__',
  'constructor',
];

export type Mutation =
  | { kind: 'body field'; path: string[]; value: Hostile | null }
  | { kind: 'body extra key'; key: string; value: Hostile }
  | { kind: 'whole body'; value: Hostile }
  /** `alone`: the valid request's optional query parameters are left out (the date sweep, fuzz-dates.ts). */
  | { kind: 'query'; name: string; value: Hostile; alone?: boolean }
  | { kind: 'query JSON field'; name: string; path: string[]; value: Hostile }
  | { kind: 'path'; name: string; segment: string };

type Json = unknown;

/** Leaf and container paths of a JSON value (`child.cin`, `items.0.id`), a few levels down. */
function pathsOf(value: Json, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, Json>);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key], depth + 1)]);
}

const isJsonParameter = (value: string): boolean => /^[[{]/.test(value);

/** Every mutation that fits the operation and its valid request. */
export function mutations(
  document: OpenApiDocument,
  operation: ApiOperation,
  valid: PreparedRequest,
  values: fc.Arbitrary<Hostile>,
): fc.Arbitrary<Mutation> {
  const choices: Array<fc.Arbitrary<Mutation>> = [];
  if (operation.bodySchema) {
    const schemaFields = writableProperties(document, operation.bodySchema).map(([name]) => [name]);
    const validPaths = pathsOf(valid.body);
    const fields = [...new Map([...schemaFields, ...validPaths].map((path) => [path.join('.'), path])).values()];
    if (fields.length > 0) {
      choices.push(fc.record({ kind: fc.constant('body field' as const), path: fc.constantFrom(...fields), value: values }));
      choices.push(fc.record({ kind: fc.constant('body field' as const), path: fc.constantFrom(...fields), value: fc.constant(null) }));
    }
    choices.push(
      fc.record({
        kind: fc.constant('body extra key' as const),
        key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdministrator', 'unexpected'),
        value: values,
      }),
    );
    choices.push(fc.record({ kind: fc.constant('whole body' as const), value: values }));
  }
  const queryNames = [...new Set([...operation.queryParams.map((parameter) => parameter.name), ...Object.keys(valid.query ?? {})])];
  if (queryNames.length > 0) {
    choices.push(
      fc.record({
        kind: fc.constant('query' as const),
        name: fc.constantFrom(...queryNames, 'filter[$gt]', '__proto__[admin]'),
        value: values,
      }),
    );
    const jsonQueries = Object.entries(valid.query ?? {}).filter(([, value]) => isJsonParameter(value));
    const jsonFields = jsonQueries.flatMap(([name, value]) => pathsOf(JSON.parse(value)).map((path) => ({ name, path })));
    if (jsonFields.length > 0) {
      choices.push(
        fc.tuple(fc.constantFrom(...jsonFields), values).map(([field, value]) => ({ kind: 'query JSON field' as const, ...field, value })),
      );
    }
  }
  if (operation.pathParams.length > 0) {
    choices.push(
      fc.record({
        kind: fc.constant('path' as const),
        name: fc.constantFrom(...operation.pathParams),
        segment: fc.constantFrom(...PATH_SEGMENTS),
      }),
    );
    choices.push(
      fc
        .tuple(fc.constantFrom(...operation.pathParams), values)
        .map(([name, value]) => ({ kind: 'path' as const, name, segment: encodeSegment(stringOf(value)) })),
    );
  }
  if (choices.length === 0) {
    // No input at all: unknown query parameters are what is left to try.
    choices.push(
      fc.record({ kind: fc.constant('query' as const), name: fc.constantFrom('filter', 'unexpected', '__proto__[admin]'), value: values }),
    );
  }
  return fc.oneof(...choices);
}

/** The string a hostile value stands for where only text goes (query, path): a JSON string's content, else the JSON. */
export function stringOf(value: Hostile): string {
  return value.json.startsWith('"') ? (JSON.parse(value.json) as string) : value.json;
}

/** encodeURIComponent that also carries lone surrogates (as the malformed UTF-8 a client could send). */
export function encodeSegment(value: string): string {
  return [...value]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

export interface FuzzRequest {
  /** Path and query string, encoded. */
  url: string;
  /** JSON text of the body, or undefined. */
  body: string | undefined;
  label: string;
}

const PLACEHOLDER = '\u0001fuzz-value\u0001';

function setAt(target: Json, path: string[], value: unknown): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string, unknown> | unknown[] = Array.isArray(target)
    ? [...target]
    : { ...((target ?? {}) as Record<string, unknown>) };
  const current = (container as Record<string, unknown>)[head];
  if (value === undefined && rest.length === 0) {
    if (Array.isArray(container)) container.splice(Number(head), 1);
    else delete (container as Record<string, unknown>)[head];
  } else {
    (container as Record<string, unknown>)[head] = setAt(current, rest, value);
  }
  return container;
}

/** JSON text of `base` with `value` (JSON text) at `path`; `null` value deletes the field. */
function withValueAt(base: Json, path: string[], value: Hostile | null): string {
  if (value === null) return JSON.stringify(setAt(base, path, undefined));
  return JSON.stringify(setAt(base, path, PLACEHOLDER)).replace(JSON.stringify(PLACEHOLDER), () => value.json);
}

const queryString = (query: Record<string, string>): string =>
  Object.entries(query)
    .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
    .join('&');

/** The valid request's query, less its optional parameters when the mutation goes alone. */
function baseQuery(operation: ApiOperation, valid: PreparedRequest, mutation: Mutation): Record<string, string> {
  const query = { ...(valid.query ?? {}) };
  if (mutation.kind !== 'query' || !mutation.alone) return query;
  const required = new Set(operation.queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name));
  return Object.fromEntries(Object.entries(query).filter(([name]) => required.has(name)));
}

/** The valid request with one mutation applied. */
export function applyMutation(operation: ApiOperation, valid: PreparedRequest, mutation: Mutation): FuzzRequest {
  let path = valid.path;
  const query = baseQuery(operation, valid, mutation);
  let body = valid.body === undefined ? undefined : JSON.stringify(valid.body);
  let label: string;
  switch (mutation.kind) {
    case 'body field':
      body = withValueAt(valid.body ?? {}, mutation.path, mutation.value);
      label = mutation.value ? `body ${mutation.path.join('.')} = ${mutation.value.label}` : `body without ${mutation.path.join('.')}`;
      break;
    case 'body extra key':
      body = `{${JSON.stringify(mutation.key)}:${mutation.value.json}${body && body.length > 2 ? `,${body.slice(1)}` : '}'}`;
      label = `body + key ${mutation.key} = ${mutation.value.label}`;
      break;
    case 'whole body':
      body = mutation.value.json;
      label = `body = ${mutation.value.label}`;
      break;
    case 'query':
      query[mutation.name] = stringOf(mutation.value);
      label = `query ${mutation.name} = ${mutation.value.label}`;
      break;
    case 'query JSON field':
      query[mutation.name] = withValueAt(JSON.parse(query[mutation.name] ?? '{}'), mutation.path, mutation.value);
      label = `query ${mutation.name}.${mutation.path.join('.')} = ${mutation.value.label}`;
      break;
    case 'path': {
      const template = operation.path.split('/');
      const actual = valid.path.split('/');
      path = template.map((segment, index) => (segment === `{${mutation.name}}` ? mutation.segment : actual[index])).join('/');
      label = `path {${mutation.name}} = ${mutation.segment.length > 40 ? `${mutation.segment.slice(0, 20)}… (${mutation.segment.length} chars)` : mutation.segment}`;
      break;
    }
  }
  const search = queryString(query);
  return { url: search ? `${path}?${search}` : path, body, label };
}
