/**
 * The report filter's lookups without reading the rows (filter-options at 50,000 assessments): one small counter
 * document per (assessor, agency, county) combination of the report rows, with how many rows carry it. The
 * options of a user are the combinations their row-access clauses over owner and agency select (a few hundred
 * documents at most), plus the rows the other clauses (shares by id, temporary access by date) reach directly.
 */
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView } from '../engine/projection';

export const REPORT_DIMENSIONS_COLLECTION = 'report_dimensions';

export interface ReportDimensionDocument extends Document {
  ownerId: string;
  agencyId: string | null;
  county: string | null;
  /** Report rows with this combination; the document is deleted at 0. */
  rows: number;
}

export interface DimensionFacts {
  ownerId: string;
  agencyId: string | null;
  county: string | null;
}

export const dimensionKey = (facts: DimensionFacts): string => JSON.stringify([facts.ownerId, facts.agencyId, facts.county]);

async function bump(view: ProjectionView, facts: DimensionFacts, by: 1 | -1): Promise<void> {
  const id = dimensionKey(facts);
  const doc = await view.get<ReportDimensionDocument>(REPORT_DIMENSIONS_COLLECTION, id);
  const rows = (doc?.rows ?? 0) + by;
  if (rows <= 0) view.delete(REPORT_DIMENSIONS_COLLECTION, id);
  else view.upsert(REPORT_DIMENSIONS_COLLECTION, { id, ownerId: facts.ownerId, agencyId: facts.agencyId, county: facts.county, rows });
}

/** Moves one row's count from its old combination to its new one (null: no row before / after). O(1). */
export async function moveDimension(view: ProjectionView, before: DimensionFacts | null, after: DimensionFacts | null): Promise<void> {
  if (before && after && dimensionKey(before) === dimensionKey(after)) return;
  if (before) await bump(view, before, -1);
  if (after) await bump(view, after, 1);
}
