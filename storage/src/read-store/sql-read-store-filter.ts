/**
 * The SQL adapter's translation of parsed filters into WHERE clauses over the jsonb column `doc`. Only validated
 * identifiers (field-path segments) are written into SQL text; every value travels as a query parameter.
 */
import { FieldPath, FilterNode } from './read-store-query';

/**
 * (doc #> '{"child","lastName"}'): the jsonb value at the path, SQL NULL when missing. Segments are quoted in the
 * array literal because an unquoted segment named null would be read as a NULL element. Segments are validated
 * identifiers, so they contain no quotes or backslashes.
 */
export function jsonPath(field: FieldPath): string {
  return `(doc #> '{${field.segments.map((segment) => `"${segment}"`).join(',')}}')`;
}

export function jsonTextPath(field: FieldPath): string {
  return `(doc #>> '{${field.segments.map((segment) => `"${segment}"`).join(',')}}')`;
}

export class SqlParameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A scalar as a jsonb parameter: JSON text cast to jsonb behaves the same on pg and PGlite. */
  addJson(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}

const SQL_COMPARISON = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

export function filterSql(node: FilterNode, params: SqlParameters): string {
  switch (node.kind) {
    case 'and':
      return node.children.length === 0 ? 'TRUE' : `(${node.children.map((child) => filterSql(child, params)).join(' AND ')})`;
    case 'or':
      return `(${node.children.map((child) => filterSql(child, params)).join(' OR ')})`;
    default:
      return fieldSql(node, params);
  }
}

function fieldSql(node: Exclude<FilterNode, { kind: 'and' | 'or' }>, params: SqlParameters): string {
  const value = jsonPath(node.field);
  // Every document's id is a string, kept also in the id column (the primary key): looked up there, without
  // reading a single document (a chunk of 200 ids by the jsonb path read the whole table).
  if (node.field.dotted === 'id' && node.kind === 'in' && node.values.every((item) => typeof item === 'string'))
    return `id = ANY(${params.add(node.values)}::text[])`;
  switch (node.kind) {
    case 'eq':
      return `${value} = ${params.addJson(node.value)}`;
    case 'ne':
      return `(${value} IS NULL OR ${value} <> ${params.addJson(node.value)})`;
    case 'missingOrNull':
      return `(${value} IS NULL OR ${value} = 'null'::jsonb)`;
    case 'presentAndNotNull':
      return `(${value} IS NOT NULL AND ${value} <> 'null'::jsonb)`;
    case 'in':
      return `${value} = ANY(${params.add(node.values.map((item) => JSON.stringify(item)))}::jsonb[])`;
    case 'nin':
      return `(${value} IS NULL OR NOT (${value} = ANY(${params.add(node.values.map((item) => JSON.stringify(item)))}::jsonb[])))`;
    case 'compare':
      // jsonb orders across types (strings < numbers < booleans), so without the type check $gt: 5 would match
      // every boolean and $lt: 5 every string. The typeof name comes from a fixed set, not from the caller.
      return `(${value} ${SQL_COMPARISON[node.operator]} ${params.addJson(node.value)} AND jsonb_typeof(${value}) = '${jsonTypeOf(node.value)}')`;
    case 'prefix':
    case 'contains': {
      const literal = escapeLikePattern(node.value);
      const pattern = node.kind === 'prefix' ? `${literal}%` : `%${literal}%`;
      return `(jsonb_typeof(${value}) = 'string' AND lower(${jsonTextPath(node.field)}) LIKE lower(${params.add(pattern)}) ESCAPE '\\')`;
    }
  }
}

function jsonTypeOf(value: string | number | boolean): 'string' | 'number' | 'boolean' {
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
}

/** The caller's text is literal: %, _ and the escape character itself lose their LIKE meaning. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
