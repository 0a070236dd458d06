/**
 * Validation and parsing shared by every read-store adapter, so they accept and reject exactly the same
 * collection names, field paths, filters and find options. Adapters translate the parsed FilterNode tree into
 * their own query language; nothing a caller passes reaches SQL or MongoDB without going through here.
 */
import { FieldType, FindOptions, InvalidFilterError, Scalar } from './read-store.port';

/** Collection names become table / collection names, so they are restricted to a safe identifier alphabet. */
export const COLLECTION_NAME_PATTERN = /^[a-z][a-z0-9_]{0,40}$/;
/** Dotted field paths: each segment is an identifier, so a path can be written into SQL without quoting risk. */
export const FIELD_PATH_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Deep $and/$or nesting is never legitimate; the cap keeps a hostile filter from building huge queries. */
const MAX_FILTER_DEPTH = 16;

export interface FieldPath {
  /** As the caller wrote it: "child.lastName". */
  dotted: string;
  /** ["child", "lastName"]. */
  segments: string[];
}

export type ComparisonOperator = 'gt' | 'gte' | 'lt' | 'lte';

/**
 * A validated filter. Null handling is made explicit here ($eq: null, $exists...) so adapters need not repeat it:
 * - missingOrNull: the field is absent or JSON null;
 * - presentAndNotNull: the field holds a non-null value.
 */
export type FilterNode =
  | { kind: 'and'; children: FilterNode[] } // no children: matches everything
  | { kind: 'or'; children: FilterNode[] } // never empty
  | { kind: 'eq'; field: FieldPath; value: Scalar }
  | { kind: 'ne'; field: FieldPath; value: Scalar } // also matches documents without the field
  | { kind: 'missingOrNull'; field: FieldPath }
  | { kind: 'presentAndNotNull'; field: FieldPath }
  | { kind: 'in'; field: FieldPath; values: Scalar[] }
  | { kind: 'nin'; field: FieldPath; values: Scalar[] } // also matches documents without the field
  /** Only values of the same JSON type match (5 is not compared with "abc"), as in MongoDB. */
  | { kind: 'compare'; field: FieldPath; operator: ComparisonOperator; value: Scalar }
  /** Case-insensitive, literal (no wildcards), string fields only. */
  | { kind: 'prefix' | 'contains'; field: FieldPath; value: string };

export interface ParsedSort {
  field: FieldPath;
  direction: 'asc' | 'desc';
}

export interface ParsedFindOptions {
  sort: ParsedSort[];
  skip: number;
  /** undefined: no limit. */
  limit: number | undefined;
  /** Top-level fields to read with their types (id is always read); undefined: the whole document. */
  fields: Array<{ name: string; type: FieldType }> | undefined;
  /** No ORDER BY / sort at all (FindOptions.anyOrder). */
  anyOrder: boolean;
}

export function assertCollectionName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !COLLECTION_NAME_PATTERN.test(name)) {
    throw new Error(`Invalid read-store collection name ${JSON.stringify(name)}: expected ${COLLECTION_NAME_PATTERN}`);
  }
}

/** Field paths in filters and sorts come from API callers: a bad one is the caller's mistake (InvalidFilterError). */
export function parseFieldPath(path: unknown, ErrorType: new (message: string) => Error = InvalidFilterError): FieldPath {
  if (typeof path !== 'string' || !FIELD_PATH_PATTERN.test(path)) {
    throw new ErrorType(`Invalid field path ${JSON.stringify(path)}: expected dotted identifiers like "child.lastName"`);
  }
  return { dotted: path, segments: path.split('.') };
}

export function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Plain objects only: a Date, Map or class instance in a filter is a mistake, not an operator object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  // Compare shapes, not identity with this realm's Object.prototype: objects made by structuredClone or in
  // another vm context (jest) have a different but equivalent prototype.
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * Validates a filter and turns it into a FilterNode tree. Throws InvalidFilterError for anything malformed:
 * unknown operators, bad field paths, wrongly typed operands, empty $and/$or.
 * Keys whose value is undefined are ignored, as if absent (handy for optional query parameters).
 */
export function parseFilter(filter: unknown): FilterNode {
  if (filter === undefined || filter === null) return { kind: 'and', children: [] };
  return parseFilterObject(filter, 0);
}

function parseFilterObject(filter: unknown, depth: number): FilterNode {
  if (depth > MAX_FILTER_DEPTH) throw new InvalidFilterError(`Filter nested deeper than ${MAX_FILTER_DEPTH} levels`);
  if (!isPlainObject(filter)) throw new InvalidFilterError('A filter must be an object');
  const children: FilterNode[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (condition === undefined) continue;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) {
        throw new InvalidFilterError(`${key} needs a non-empty array of filters`);
      }
      const parts = condition.map((part) => parseFilterObject(part, depth + 1));
      children.push({ kind: key === '$and' ? 'and' : 'or', children: parts });
    } else if (key.startsWith('$')) {
      throw new InvalidFilterError(`Unknown filter operator ${JSON.stringify(key)}`);
    } else {
      children.push(...parseFieldCondition(parseFieldPath(key), condition));
    }
  }
  return children.length === 1 ? children[0] : { kind: 'and', children };
}

function parseFieldCondition(field: FieldPath, condition: unknown): FilterNode[] {
  if (condition === null) return [{ kind: 'missingOrNull', field }];
  if (isScalar(condition)) return [{ kind: 'eq', field, value: condition }];
  if (!isPlainObject(condition)) {
    throw new InvalidFilterError(`Field "${field.dotted}": expected a string, number, boolean, null or operator object`);
  }
  const nodes: FilterNode[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (operand === undefined) continue;
    const fail = (expected: string): never => {
      throw new InvalidFilterError(`Field "${field.dotted}": ${operator} expects ${expected}`);
    };
    switch (operator) {
      case '$eq':
        if (operand === null) nodes.push({ kind: 'missingOrNull', field });
        else if (isScalar(operand)) nodes.push({ kind: 'eq', field, value: operand });
        else fail('a string, number, boolean or null');
        break;
      case '$ne':
        if (operand === null) nodes.push({ kind: 'presentAndNotNull', field });
        else if (isScalar(operand)) nodes.push({ kind: 'ne', field, value: operand });
        else fail('a string, number, boolean or null');
        break;
      case '$in':
      case '$nin':
        if (!Array.isArray(operand) || !operand.every(isScalar)) fail('an array of strings, numbers or booleans');
        nodes.push({ kind: operator === '$in' ? 'in' : 'nin', field, values: [...(operand as Scalar[])] });
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (!isScalar(operand)) fail('a string, number or boolean');
        nodes.push({
          kind: 'compare',
          field,
          operator: operator.slice(1) as ComparisonOperator,
          value: operand as Scalar,
        });
        break;
      case '$prefix':
      case '$contains':
        if (typeof operand !== 'string') fail('a string');
        nodes.push({ kind: operator === '$prefix' ? 'prefix' : 'contains', field, value: operand as string });
        break;
      case '$exists':
        if (typeof operand !== 'boolean') fail('true or false');
        nodes.push({ kind: operand ? 'presentAndNotNull' : 'missingOrNull', field });
        break;
      default:
        throw new InvalidFilterError(`Field "${field.dotted}": unknown operator ${JSON.stringify(operator)}`);
    }
  }
  return nodes;
}

/** Sort fields, skip and limit usually come from query strings too, so bad values are InvalidFilterError (400). */
export function parseFindOptions(options: FindOptions | undefined): ParsedFindOptions {
  const sort: ParsedSort[] = [];
  const seen = new Set<string>();
  const requestedSort: unknown = options?.sort ?? [];
  if (!Array.isArray(requestedSort)) throw new InvalidFilterError('sort must be an array of { field, direction }');
  for (const entry of requestedSort as unknown[]) {
    if (!isPlainObject(entry)) throw new InvalidFilterError('sort must be an array of { field, direction }');
    const field = parseFieldPath(entry.field);
    if (entry.direction !== 'asc' && entry.direction !== 'desc') {
      throw new InvalidFilterError(`Sort on "${field.dotted}": direction must be "asc" or "desc"`);
    }
    // A repeated field cannot change the order; MongoDB would reject it, so drop repeats for every adapter.
    if (seen.has(field.dotted)) continue;
    seen.add(field.dotted);
    sort.push({ field, direction: entry.direction });
  }
  const skip = parseCount('skip', options?.skip) ?? 0;
  const anyOrder = options?.anyOrder ?? false;
  if (typeof anyOrder !== 'boolean') throw new InvalidFilterError('anyOrder must be true or false');
  if (anyOrder && (sort.length > 0 || skip > 0)) throw new InvalidFilterError('anyOrder cannot be combined with sort or skip');
  return { sort, skip, limit: parseCount('limit', options?.limit), fields: parseFields(options?.fields), anyOrder };
}

const FIELD_TYPES: readonly FieldType[] = ['string', 'number', 'json'];

function parseFields(value: unknown): Array<{ name: string; type: FieldType }> | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw new InvalidFilterError('fields must be an object of top-level field names and their types');
  return Object.entries(value)
    .filter(([name]) => name !== 'id')
    .map(([name, type]) => {
      const field = parseFieldPath(name);
      if (field.segments.length !== 1) throw new InvalidFilterError(`fields: "${field.dotted}" is not a top-level field`);
      if (!FIELD_TYPES.includes(type as FieldType))
        throw new InvalidFilterError(`fields: "${name}" has no type of ${FIELD_TYPES.join(', ')}`);
      return { name, type: type as FieldType };
    });
}

function parseCount(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidFilterError(`${name} must be a non-negative integer`);
  }
  return value;
}
