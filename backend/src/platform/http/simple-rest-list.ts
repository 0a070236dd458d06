import type { Response } from 'express';
import type { Filter, SortField } from '../../storage/read-store/read-store.port';
import { FieldValidationException } from './validation';

/** The list query of ra-data-simple-rest: ?sort=["field","ASC"]&range=[0,24]&filter={...}. */
export interface SimpleRestListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ListRequest {
  sort: SortField[];
  skip: number;
  limit: number;
  filter: Record<string, unknown>;
}

export interface ListRules {
  /** Fields a client may sort by (read-model field paths). */
  sortable: string[];
  defaultSort: SortField;
  /** Filter keys a client may send. */
  filterable: string[];
  maxPageSize?: number;
}

const DEFAULT_PAGE_SIZE = 20;

/** Parses and validates the list parameters; anything malformed is a 400 with the offending parameter named. */
export function parseListQuery(query: SimpleRestListQuery, rules: ListRules): ListRequest {
  const errors: Record<string, string[]> = {};
  const maxPageSize = rules.maxPageSize ?? 500;

  let sort: SortField[] = [rules.defaultSort];
  if (query.sort !== undefined) {
    const parsed = parseJson(query.sort);
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || !['ASC', 'DESC'].includes(String(parsed[1]).toUpperCase())) {
      errors.sort = ['must be ["field","ASC"|"DESC"]'];
    } else if (!rules.sortable.includes(parsed[0])) {
      errors.sort = [`cannot sort by "${parsed[0]}"; sortable: ${rules.sortable.join(', ')}`];
    } else {
      sort = [{ field: parsed[0], direction: String(parsed[1]).toUpperCase() === 'DESC' ? 'desc' : 'asc' }];
    }
  }

  let skip = 0;
  let limit = DEFAULT_PAGE_SIZE;
  if (query.range !== undefined) {
    const parsed = parseJson(query.range);
    if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((n) => Number.isInteger(n) && n >= 0) || parsed[1] < parsed[0]) {
      errors.range = ['must be [first,last] with 0 <= first <= last'];
    } else if (parsed[1] - parsed[0] + 1 > maxPageSize) {
      errors.range = [`at most ${maxPageSize} rows per page`];
    } else {
      skip = parsed[0];
      limit = parsed[1] - parsed[0] + 1;
    }
  }

  let filter: Record<string, unknown> = {};
  if (query.filter !== undefined) {
    const parsed = parseJson(query.filter);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      errors.filter = ['must be a JSON object'];
    } else {
      const unknown = Object.keys(parsed).filter((key) => !rules.filterable.includes(key));
      if (unknown.length) errors.filter = [`unknown filter ${unknown.join(', ')}; allowed: ${rules.filterable.join(', ') || 'none'}`];
      else filter = parsed as Record<string, unknown>;
    }
  }

  if (Object.keys(errors).length) throw new FieldValidationException(errors, 'Invalid list parameters.');
  return { sort, skip, limit, filter };
}

/** Content-Range is how ra-data-simple-rest learns the total for pagination. */
export function sendListPage<T>(response: Response, resource: string, skip: number, rows: T[], total: number): T[] {
  const last = rows.length ? skip + rows.length - 1 : skip;
  response.setHeader('Content-Range', `${resource} ${skip}-${last}/${total}`);
  response.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Event-Position');
  return rows;
}

const isScalar = (value: unknown): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Turns {field: value} equality filters plus a free-text q into a read-store filter. A value of the wrong type (an
 * operator object such as {"$gt":""}, a non-text q) is a 400, never silently ignored.
 */
export function equalityFilter(filter: Record<string, unknown>, textFields: string[]): Filter {
  const clauses: Filter[] = [];
  const errors: Record<string, string[]> = {};
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
  if (Object.keys(errors).length) throw new FieldValidationException(errors, 'Invalid list parameters.');
  return clauses.length ? { $and: clauses } : {};
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
