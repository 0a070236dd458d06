/**
 * Query handlers of the analytics read models: they wire projections/src/analytics/analytics.queries.ts to the
 * QueryBus. Every row they answer, page or CSV, goes through the small-cell suppression (analytics-small-cells.ts).
 */
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import {
  allAnalyticsRows,
  analyticsCatalogue,
  AnalyticsCatalogueEntry,
  analyticsFilter,
  analyticsSource,
  analyticsVersions,
  listAnalyticsRows,
  servedAnalyticsProjectionNamed,
} from '@cans/projections/analytics/analytics.queries';
import { analyticsNamesOf, AnalyticsRowNames } from '@cans/projections/analytics/analytics-names';
import { NAMES_FIELD, ServedAnalyticsProjection } from '@cans/projections/analytics/analytics-projection';
import type { ListPageResult } from '@cans/projections/engine/list-page';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { CsvRecords } from '../platform/http/csv-answer';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { AnalyticsTarget, NO_REPLAY } from './analytics-request';
import { MINIMUM_CELL_SIZE, SUPPRESSED_CELL, SuppressedRow, suppressedFieldsOf, withSmallCellsSuppressed } from './analytics-small-cells';

export class AnalyticsCatalogueQuery {}

/** The projection of this name as it is served now: built-in, or published by an analyst and built. */
export class ServedAnalyticsProjectionQuery {
  constructor(readonly name: string) {}
}

export class AnalyticsPageQuery {
  constructor(readonly target: AnalyticsTarget) {}
}

export class AnalyticsCsvQuery {
  constructor(readonly target: AnalyticsTarget) {}
}

/** The collection to read; a moment without a replay is the caller's mistake (400 on `until`). */
async function sourceOf(readStore: ReadStore, { projection, collection, moment }: AnalyticsTarget): Promise<string> {
  const source = await analyticsSource(readStore, projection, collection.name, moment);
  if (!source) throw new DomainRuleViolation(NO_REPLAY, { until: [NO_REPLAY] });
  return source;
}

/**
 * The same rows (by id) in every other version of the collection (live and the served replays), for the
 * cross-version small cells (analytics-small-cells.ts): one lookup per version, of the ids at hand.
 */
async function sameRowsElsewhere(
  readStore: ReadStore,
  target: AnalyticsTarget,
  source: string,
  rows: readonly Document[],
): Promise<(row: Document) => Array<Document | undefined>> {
  const versions = (await analyticsVersions(readStore, target.projection, target.collection.name)).filter((other) => other !== source);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0 || versions.length === 0) return () => [];
  const byVersion = await Promise.all(
    versions.map(
      async (version) =>
        new Map((await readStore.find<Document>(version, { id: { $in: ids } }, { limit: ids.length })).map((row) => [row.id, row])),
    ),
  );
  return (row) => byVersion.map((found) => found.get(row.id));
}

/**
 * A cell: empty for null, a number as a number (a negative one stays a number, not text to neutralise), JSON for a
 * nested value (analytics rows are flat; this keeps a CSV readable if not).
 */
const cellOf = (value: unknown): string | number =>
  value === null || value === undefined
    ? ''
    : typeof value === 'number'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** The catalogue, each collection saying below which size its counts are suppressed. */
export type AnalyticsCatalogueAnswer = Array<
  Omit<AnalyticsCatalogueEntry, 'collections'> & {
    collections: Array<AnalyticsCatalogueEntry['collections'][number] & { minimumCellSize: number }>;
  }
>;

@QueryHandler(AnalyticsCatalogueQuery)
export class AnalyticsCatalogueHandler implements IQueryHandler<AnalyticsCatalogueQuery, AnalyticsCatalogueAnswer> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute() {
    return (await analyticsCatalogue(this.readStore)).map((entry) => ({
      ...entry,
      collections: entry.collections.map((collection) => ({ ...collection, minimumCellSize: MINIMUM_CELL_SIZE })),
    }));
  }
}

@QueryHandler(ServedAnalyticsProjectionQuery)
export class ServedAnalyticsProjectionHandler implements IQueryHandler<
  ServedAnalyticsProjectionQuery,
  ServedAnalyticsProjection | undefined
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ name }: ServedAnalyticsProjectionQuery) {
    return servedAnalyticsProjectionNamed(this.readStore, name);
  }
}

/** A row of a page: small cells suppressed, and the current names of its codes (fields declared `refersTo`). */
export type AnalyticsPageRow = SuppressedRow & { [NAMES_FIELD]: AnalyticsRowNames };

@QueryHandler(AnalyticsPageQuery)
export class AnalyticsPageHandler implements IQueryHandler<AnalyticsPageQuery, ListPageResult<AnalyticsPageRow>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ target }: AnalyticsPageQuery) {
    const source = await sourceOf(this.readStore, target);
    const page = await listAnalyticsRows(this.readStore, source, target.list);
    const { fields } = target.collection;
    const [elsewhere, namesOf] = await Promise.all([
      sameRowsElsewhere(this.readStore, target, source, page.rows),
      analyticsNamesOf(this.readStore, fields, page.rows),
    ]);
    return {
      ...page,
      rows: page.rows.map((row) => ({ ...withSmallCellsSuppressed(row, fields, elsewhere(row)), [NAMES_FIELD]: namesOf(row) })),
    };
  }
}

/**
 * The whole (filtered, sorted) collection as CSV: a header of the declared fields, one row per document, small cells
 * as `< 5`. Answered as CsvRecords, so an API client's record limit cuts it and its text cells are formula-safe.
 */
@QueryHandler(AnalyticsCsvQuery)
export class AnalyticsCsvHandler implements IQueryHandler<AnalyticsCsvQuery, CsvRecords> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ target }: AnalyticsCsvQuery) {
    const source = await sourceOf(this.readStore, target);
    const { fields } = target.collection;
    const documents: Document[] = [];
    for await (const document of allAnalyticsRows(this.readStore, source, analyticsFilter(target.list.filter), target.list.sort))
      documents.push(document);
    const elsewhere = await sameRowsElsewhere(this.readStore, target, source, documents);
    const rows = documents.map((document) => {
      const suppressed = suppressedFieldsOf(document, fields, elsewhere(document));
      return fields.map(({ name }) => (suppressed.includes(name) ? SUPPRESSED_CELL : cellOf(document[name])));
    });
    return new CsvRecords(
      target.collection.name,
      fields.map((field) => field.name),
      rows,
    );
  }
}
