import type { SortField } from '@cans/storage/read-store/read-store.port';
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
/** Rows a page may hold when a list's rules name no other limit (docs/api.md "Page sizes"). */
export const DEFAULT_MAX_PAGE_SIZE = 500;

/** Parses and validates the list parameters; anything malformed is a 400 with the offending parameter named. */
export function parseListQuery(query: SimpleRestListQuery, rules: ListRules): ListRequest {
  const errors: Record<string, string[]> = {};
  const maxPageSize = rules.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;

  let sort: SortField[] = [rules.defaultSort];
  if (query.sort !== undefined) {
    const parsed = parseJson(query.sort);
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 2 ||
      typeof parsed[0] !== 'string' ||
      !['ASC', 'DESC'].includes(String(parsed[1]).toUpperCase())
    ) {
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
