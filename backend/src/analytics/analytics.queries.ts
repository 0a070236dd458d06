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
  listAnalyticsRows,
} from '@cans/projections/analytics/analytics.queries';
import type { ListPageResult } from '@cans/projections/engine/list-page';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { CsvRecords } from '../platform/http/csv-answer';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { AnalyticsTarget, NO_REPLAY } from './analytics-request';
import { MINIMUM_CELL_SIZE, SUPPRESSED_CELL, SuppressedRow, suppressedFieldsOf, withSmallCellsSuppressed } from './analytics-small-cells';

export class AnalyticsCatalogueQuery {}

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

@QueryHandler(AnalyticsPageQuery)
export class AnalyticsPageHandler implements IQueryHandler<AnalyticsPageQuery, ListPageResult<SuppressedRow>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ target }: AnalyticsPageQuery) {
    const page = await listAnalyticsRows(this.readStore, await sourceOf(this.readStore, target), target.list);
    return { ...page, rows: page.rows.map((row) => withSmallCellsSuppressed(row, target.collection.fields)) };
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
    const rows: Array<Array<string | number>> = [];
    for await (const document of allAnalyticsRows(this.readStore, source, analyticsFilter(target.list.filter), target.list.sort)) {
      const suppressed = suppressedFieldsOf(document, fields);
      rows.push(fields.map(({ name }) => (suppressed.includes(name) ? SUPPRESSED_CELL : cellOf(document[name]))));
    }
    return new CsvRecords(
      target.collection.name,
      fields.map((field) => field.name),
      rows,
    );
  }
}
