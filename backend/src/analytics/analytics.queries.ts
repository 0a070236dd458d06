/** Query handlers of the analytics read models: they wire projections/src/analytics/analytics.queries.ts to the QueryBus. */
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { stringify } from 'csv-stringify/sync';
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
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { AnalyticsTarget, NO_REPLAY } from './analytics-request';

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

/** A cell: empty for null, JSON for a nested value (analytics rows are flat; this keeps a CSV readable if not). */
const cellOf = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

@QueryHandler(AnalyticsCatalogueQuery)
export class AnalyticsCatalogueHandler implements IQueryHandler<AnalyticsCatalogueQuery, AnalyticsCatalogueEntry[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute() {
    return analyticsCatalogue(this.readStore);
  }
}

@QueryHandler(AnalyticsPageQuery)
export class AnalyticsPageHandler implements IQueryHandler<AnalyticsPageQuery, ListPageResult<Document>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ target }: AnalyticsPageQuery) {
    return listAnalyticsRows(this.readStore, await sourceOf(this.readStore, target), target.list);
  }
}

/** The whole (filtered, sorted) collection as CSV text: a header of the declared fields, one row per document. */
@QueryHandler(AnalyticsCsvQuery)
export class AnalyticsCsvHandler implements IQueryHandler<AnalyticsCsvQuery, string> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ target }: AnalyticsCsvQuery) {
    const source = await sourceOf(this.readStore, target);
    const fields = target.collection.fields.map((field) => field.name);
    const rows: string[][] = [fields];
    for await (const document of allAnalyticsRows(this.readStore, source, analyticsFilter(target.list.filter), target.list.sort))
      rows.push(fields.map((field) => cellOf(document[field])));
    return stringify(rows, { record_delimiter: 'windows' });
  }
}
