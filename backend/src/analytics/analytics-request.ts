/**
 * The HTTP side of reading an analytics collection (analytics.controller.ts): which projection and published
 * collection a path names (404 otherwise), the list parameters checked against the collection's declared fields
 * (400 naming the parameter), and `until` (400 when it is not a date).
 */
import { NotFoundError } from '@cans/domain/domain-errors';
import type { AnalyticsCollection, ServedAnalyticsProjection } from '@cans/projections/analytics/analytics-projection';
import { parseReplayMoment, ReplayMoment } from '@cans/projections/analytics/analytics-replay';
import { publishedCollection } from '@cans/projections/analytics/analytics.queries';
import { ListRequest, ListRules, parseListQuery } from '../platform/http/simple-rest-list';
import { FieldValidationException } from '../platform/http/validation';
import { openFields } from './analytics-small-cells';

/** Rows a page of an analytics collection may hold (docs/api.md "Page sizes"). */
export const ANALYTICS_MAX_PAGE_SIZE = 1000;

export const UNKNOWN_PROJECTION = 'No such analytics projection.';
export const UNKNOWN_COLLECTION = 'No such collection in this analytics projection.';
/** Said to the reader in their terms: what to do (ask for a replay on the page, or read the live figures). */
export const NO_REPLAY =
  'No replay of this projection reaches that date yet: ask for one under “Replay as of a past date”. Leave the date empty for the live figures.';
export const BAD_UNTIL = 'must be a date (yyyy-MM-dd) or an ISO date-time with its offset, from 1900 to 9999';

/** The raw query of a read: what ra-data-simple-rest sends, plus `until`. A repeated parameter arrives as an array. */
export interface AnalyticsQuery {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
  until?: unknown;
}

export interface AnalyticsTarget {
  projection: ServedAnalyticsProjection;
  collection: AnalyticsCollection;
  /** Null: the live collection. */
  moment: ReplayMoment | null;
  list: ListRequest;
}

// A repeated parameter (?sort=a&sort=b) is malformed text, hence a 400, not a crash.
const textOf = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * Sorting and filtering on the declared fields only (equality or a list of values), by id unless asked otherwise;
 * never on counts or the figures derived from them (a filter `count: 1` would find the suppressed small cells).
 */
export function analyticsListRules(collection: AnalyticsCollection): ListRules {
  const fields = openFields(collection);
  return { sortable: fields, filterable: fields, defaultSort: { field: 'id', direction: 'asc' }, maxPageSize: ANALYTICS_MAX_PAGE_SIZE };
}

/** `projection`: the one the path names as it is served now (undefined: none by that name, 404). */
export function analyticsTarget(
  projection: ServedAnalyticsProjection | undefined,
  collectionName: string,
  query: AnalyticsQuery,
): AnalyticsTarget {
  if (!projection) throw new NotFoundError(UNKNOWN_PROJECTION);
  const collection = publishedCollection(projection, collectionName);
  if (!collection) throw new NotFoundError(UNKNOWN_COLLECTION);
  const list = parseListQuery(
    { sort: textOf(query.sort), range: textOf(query.range), filter: textOf(query.filter) },
    analyticsListRules(collection),
  );
  let moment: ReplayMoment | null = null;
  if (query.until !== undefined && query.until !== '') {
    moment = parseReplayMoment(query.until);
    if (!moment) throw new FieldValidationException({ until: [BAD_UNTIL] }, 'Invalid list parameters.');
  }
  return { projection, collection, moment, list };
}

/** The CSV's file name: the projection, the collection and the moment, nothing else (no PID ever names a file). */
export function analyticsCsvFileName({ projection, collection, moment }: AnalyticsTarget): string {
  const until = moment ? `-until-${moment.label.replace(/[^0-9A-Za-z]+/g, '')}` : '';
  return `cans-analytics-${projection.name}-${collection.name}${until}.csv`;
}
