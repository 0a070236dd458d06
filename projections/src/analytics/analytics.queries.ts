/**
 * Queries of the analytics read models (analytics-projection.ts): the catalogue, one page of a published collection
 * (live, or as replayed until a moment), and every row of one for the CSV. Only published collections are ever read
 * here: state collections (which may hold PIDs) have no way out.
 */
import type { Document, Filter, ReadStore, SortField } from '@cans/storage/read-store/read-store.port';
import { equalityFilter, findPage, ListPageRequest, ListPageResult } from '../engine/list-page';
import type { AnalyticsField, ServedAnalyticsProjection } from './analytics-projection';
import { ANALYTICS_REPLAYS_COLLECTION, AnalyticsReplayDocument, ReplayMoment, replayIdOf } from './analytics-replay';
import { ANALYTICS_PROJECTIONS, analyticsProjectionNamed } from './index';
import { getProjectionHosting, servedProjectionOf, servedPublishedProjections } from './published/published-projection-hosting';

export interface AnalyticsCatalogueEntry {
  name: string;
  label: string;
  version: number;
  description: string;
  collections: { name: string; label: string; description: string; fields: AnalyticsField[] }[];
  /** Published from the browser by an analyst (Analytics → New projection), not built into the product. */
  authored: boolean;
  /** Replays of the current version (`until` labels: yyyy-MM-dd or an ISO instant), oldest moment first. */
  replays: { until: string; builtAt: string }[];
}

/** The built-in analytics projections, then those analysts published that are served now. */
export async function servedAnalyticsProjections(readStore: ReadStore): Promise<ServedAnalyticsProjection[]> {
  return [...ANALYTICS_PROJECTIONS, ...(await servedPublishedProjections(readStore))];
}

/** The projection of this name as it is served now (built-in, or published and built), or undefined. */
export async function servedAnalyticsProjectionNamed(readStore: ReadStore, name: string): Promise<ServedAnalyticsProjection | undefined> {
  const builtIn = analyticsProjectionNamed(name);
  if (builtIn) return builtIn;
  const hosting = await getProjectionHosting(readStore, name);
  return (hosting && servedProjectionOf(hosting)) ?? undefined;
}

export async function analyticsCatalogue(
  readStore: ReadStore,
  projections?: readonly ServedAnalyticsProjection[],
): Promise<AnalyticsCatalogueEntry[]> {
  const served = projections ?? (await servedAnalyticsProjections(readStore));
  const replays = await readStore.find<AnalyticsReplayDocument>(
    ANALYTICS_REPLAYS_COLLECTION,
    {},
    { sort: [{ field: 'until', direction: 'asc' }] },
  );
  return served.map((projection) => ({
    name: projection.name,
    authored: projection.authored === true,
    label: projection.label,
    version: projection.version,
    description: projection.description,
    collections: projection.published.map(({ name, label, description, fields }) => ({ name, label, description, fields: [...fields] })),
    replays: replays
      .filter((replay) => replay.projection === projection.name && replay.version === projection.version)
      .map((replay) => ({ until: replay.label, builtAt: replay.builtAt })),
  }));
}

/** A published collection of the projection (never a state collection), or undefined. */
export const publishedCollection = (projection: ServedAnalyticsProjection, name: string) =>
  projection.published.find((collection) => collection.name === name);

/**
 * The read-store collection to read for a published collection: the live one, or the replay's; null when there is
 * no replay of that moment (of the projection's current version).
 */
export async function analyticsSource(
  readStore: ReadStore,
  projection: ServedAnalyticsProjection,
  collection: string,
  moment: ReplayMoment | null,
): Promise<string | null> {
  if (!publishedCollection(projection, collection)) return null;
  if (!moment) return projection.collectionNames.get(collection) ?? null;
  const replay = await readStore.get<AnalyticsReplayDocument>(ANALYTICS_REPLAYS_COLLECTION, replayIdOf(projection, moment));
  return replay && replay.version === projection.version ? (replay.collections[collection] ?? null) : null;
}

/**
 * Every version of a published collection a reader may ask for now: the live one and each complete replay of the
 * projection's current version (what `?until=` serves). Two of them subtract to what happened between their moments.
 */
export async function analyticsVersions(
  readStore: ReadStore,
  projection: ServedAnalyticsProjection,
  collection: string,
): Promise<string[]> {
  if (!publishedCollection(projection, collection)) return [];
  const replays = await readStore.find<AnalyticsReplayDocument>(
    ANALYTICS_REPLAYS_COLLECTION,
    { projection: projection.name },
    { limit: 1000 },
  );
  const sources = [
    projection.collectionNames.get(collection),
    ...replays.filter((replay) => replay.version === projection.version).map((replay) => replay.collections[collection]),
  ];
  return [...new Set(sources.filter((source): source is string => !!source))];
}

/** The read-store filter of a client's equality filter (field → value or list of values) on declared fields. */
export const analyticsFilter = (filter: Record<string, unknown>): Filter => equalityFilter(filter, []);

export function listAnalyticsRows(readStore: ReadStore, source: string, list: ListPageRequest): Promise<ListPageResult<Document>> {
  return findPage<Document>(readStore, source, analyticsFilter(list.filter), list);
}

const CSV_PAGE = 5000;

/** Every matching row, a page at a time (CSV downloads). */
export async function* allAnalyticsRows(readStore: ReadStore, source: string, filter: Filter, sort: SortField[]): AsyncIterable<Document> {
  for (let skip = 0; ; skip += CSV_PAGE) {
    const page = await readStore.find<Document>(source, filter, { sort, skip, limit: CSV_PAGE });
    yield* page;
    if (page.length < CSV_PAGE) return;
  }
}
