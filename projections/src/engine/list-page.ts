/**
 * What every read model's list query shares: the page a client asked for (already parsed and bounded by the HTTP
 * layer), one page of rows with the total, and the equality filter the simple lists accept. A malformed filter value
 * is a refusal with field errors (answered 400), never a 500.
 */
import { DomainRuleViolation, FieldErrors, hasFieldErrors } from '@cans/domain/domain-errors';
import type { Document, Filter, ReadStore, SortField } from '@cans/storage/read-store/read-store.port';

export interface ListPageRequest {
  sort: SortField[];
  skip: number;
  limit: number;
  /** The client's filter: field → value, list of values, or `q` for free text. */
  filter: Record<string, unknown>;
}

export interface ListPageResult<TRow> {
  rows: TRow[];
  total: number;
}

export const INVALID_LIST_PARAMETERS = 'Invalid list parameters.';

/** The refusal of a malformed list parameter, naming it. */
export const invalidListParameters = (errors: FieldErrors): DomainRuleViolation => new DomainRuleViolation(INVALID_LIST_PARAMETERS, errors);

/** Renames sort fields the screens use to the read model's fields (e.g. username → usernameKey). */
export const renamedSort = (sort: readonly SortField[], fieldOf: Readonly<Record<string, string>>): SortField[] =>
  sort.map((s) => ({ ...s, field: fieldOf[s.field] ?? s.field }));

/** One page of a collection and the number of matching documents, read together. */
export async function findPage<TDocument extends Document>(
  readStore: ReadStore,
  collection: string,
  filter: Filter,
  page: { sort: SortField[]; skip: number; limit: number },
): Promise<ListPageResult<TDocument>> {
  const [rows, total] = await Promise.all([
    readStore.find<TDocument>(collection, filter, { sort: page.sort, skip: page.skip, limit: page.limit }),
    readStore.count(collection, filter),
  ]);
  return { rows, total };
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Turns {field: value} equality filters plus a free-text q into a read-store filter. A value of the wrong type (an
 * operator object such as {"$gt":""}, a non-text q) is refused, never silently ignored.
 */
export function equalityFilter(filter: Record<string, unknown>, textFields: readonly string[]): Filter {
  const clauses: Filter[] = [];
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    if (key === 'q') {
      if (typeof value !== 'string') errors['filter.q'] = ['must be text'];
      else if (value.trim()) clauses.push({ $or: textFields.map((field) => ({ [field]: { $contains: value.trim() } })) });
    } else if (isScalar(value)) {
      clauses.push({ [key]: value });
    } else if (Array.isArray(value) && value.every(isScalar)) {
      clauses.push({ [key]: { $in: key === 'id' ? value.map(String) : value } });
    } else {
      errors[`filter.${key}`] = ['must be a value or a list of values'];
    }
  }
  if (hasFieldErrors(errors)) throw invalidListParameters(errors);
  return clauses.length ? { $and: clauses } : {};
}
