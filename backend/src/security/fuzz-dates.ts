/**
 * The date sweep of the fuzz suite: every edge date sent, deterministically, to every place an operation reads a
 * date — query parameters and body fields whose schema is a date or date-time or whose name says date (`at`,
 * `until`, `from`, `startDoa`, `startsOn`, `dateOfBirth`, `endDateFullTime`…), and the date keys of a list's
 * `filter`. Random sampling alone hits `?at=` with year 0000 too rarely; these once answered 500 ("date/time field
 * value out of range" from PostgreSQL, which has no year 0).
 */
import type { Hostile, Mutation } from './fuzz-inputs';
import type { ApiOperation, JsonSchema, OpenApiDocument } from './openapi-operations';
import { resolveSchema, writableProperties } from './openapi-operations';
import type { PreparedRequest } from './operation-requests';

const text = (value: string): Hostile => ({ label: `date ${value}`, json: JSON.stringify(value) });

/** Outside the accepted range (1900-01-01 to 9999-12-31, docs/api.md "Values") in every form a date is read. */
export const DATE_EDGES: Hostile[] = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0000-01-01 00:00:00',
  '0000-01',
  '275760-09-13',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  // A moment on the last day that is already year 10000 in UTC (toISOString writes "+010000-…").
  '9999-12-31T23:59:59-05:00',
].map(text);

/** Fewer for the filter keys, which are many: the forms that reach a parser. */
const FILTER_DATE_EDGES = ['0000-01-01', '0000-01-01T00:00:00Z', '0000-01', '9999-12-31T23:59:59-05:00'].map(text);

/** Filter keys that name a date in one list or another (an unknown key is a 400, which costs nothing). */
const DATE_FILTER_KEYS = ['from', 'to', 'dateFrom', 'dateTo', 'dueFrom', 'dueTo', 'date', 'month'];

const DATE_NAME = /^at$|[a-z]At$|[a-z]On$|[dD]ate|^doa|Doa|[uU]ntil|[sS]ince|[mM]onth|^from$|^to$|FullTime/;

const isDateField = (name: string, schema?: JsonSchema): boolean =>
  DATE_NAME.test(name) || schema?.format === 'date' || schema?.format === 'date-time';

/** Leaf paths of a JSON value (`child.dateOfBirth`), a few levels down. */
function leafPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => leafPaths(item, [...prefix, key], depth + 1));
}

/** Every edge date in every date field of the operation. */
export function dateMutations(document: OpenApiDocument, operation: ApiOperation, valid: PreparedRequest): Mutation[] {
  const found: Mutation[] = [];
  const queryNames = new Map(operation.queryParams.map((parameter) => [parameter.name, parameter.schema]));
  for (const name of Object.keys(valid.query ?? {})) if (!queryNames.has(name)) queryNames.set(name, undefined);
  for (const [name, schema] of queryNames) {
    if (!isDateField(name, schema)) continue;
    // Alone: optional alternatives (as-of's `revision` beside `at`) would answer 400 before the date is read.
    for (const value of DATE_EDGES) found.push({ kind: 'query', name, value, alone: true });
  }
  if (queryNames.has('filter')) {
    const filter = valid.query?.filter ? (JSON.parse(valid.query.filter) as Record<string, unknown>) : {};
    const keys = new Set([...DATE_FILTER_KEYS, ...Object.keys(filter).filter((key) => isDateField(key))]);
    for (const key of keys)
      for (const value of FILTER_DATE_EDGES) found.push({ kind: 'query JSON field', name: 'filter', path: [key], value });
  }
  if (operation.bodySchema) {
    const schemas = new Map(writableProperties(document, operation.bodySchema).map(([name, schema]) => [name, schema]));
    const paths = new Map([...schemas.keys()].map((name) => [name, [name]]));
    for (const path of leafPaths(valid.body)) paths.set(path.join('.'), path);
    for (const path of paths.values()) {
      const last = path[path.length - 1];
      const schema = path.length === 1 ? schemas.get(last) : undefined;
      if (!isDateField(last, schema && resolveSchema(document, schema))) continue;
      for (const value of DATE_EDGES) found.push({ kind: 'body field', path, value });
    }
  }
  return found;
}
