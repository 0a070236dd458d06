/** Queries of the reports read model (report-rows.projection.ts). */
import type { Filter, ReadStore, SortField } from '@cans/storage/read-store/read-store.port';
import { findPage, ListPageResult } from '../engine/list-page';
import { REPORT_DIMENSIONS_COLLECTION, ReportDimensionDocument } from './report-dimensions';
import {
  REPORT_CODES_COLLECTION,
  REPORT_RATINGS_COLLECTION,
  REPORT_SOURCES_COLLECTION,
  RatingsDocument,
  SourceDocument,
  REPORT_CODES_ID,
  REPORT_ROWS_COLLECTION,
  ReportCodesDocument,
  ReportRowDocument,
  unpackRating,
} from './report-rows.projection';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';

export type { ReportRowDocument } from './report-rows.projection';
export type { ReportDimensionDocument } from './report-dimensions';

/** A cohort larger than this is refused rather than read (10x the performance target of 50,000). */
export const MAX_COHORT_ROWS = 500_000;

/** Every row of a cohort (the statistics read them all). */
export function findReportRows(readStore: ReadStore, filter: Filter): Promise<ReportRowDocument[]> {
  return readStore.find<ReportRowDocument>(REPORT_ROWS_COLLECTION, filter, { limit: MAX_COHORT_ROWS });
}

export function countReportRows(readStore: ReadStore, filter: Filter): Promise<number> {
  return readStore.count(REPORT_ROWS_COLLECTION, filter);
}

export function pageOfReportRows(
  readStore: ReadStore,
  filter: Filter,
  page: { sort: SortField[]; skip: number; limit: number },
): Promise<ListPageResult<ReportRowDocument>> {
  return findPage<ReportRowDocument>(readStore, REPORT_ROWS_COLLECTION, filter, page);
}

/** Decodes packed ratings: code → index in the packed strings. */
export interface RatingCodebook {
  indexOf(code: string): number | undefined;
}

export async function ratingCodebook(readStore: ReadStore): Promise<RatingCodebook> {
  const doc = await readStore.get<ReportCodesDocument>(REPORT_CODES_COLLECTION, REPORT_CODES_ID);
  const byCode = new Map((doc?.codes ?? []).map((code, index) => [code, index]));
  return { indexOf: (code) => byCode.get(code) };
}

/** The rating at a packed index (null: unrated, or the code was never rated anywhere). */
export function ratingAt(packed: string, index: number | undefined): Rating | null {
  return index === undefined || index >= packed.length ? null : unpackRating(packed[index]);
}

/** The (assessor, agency, county) counters of the rows a filter over ownerId / agencyId selects (report-dimensions.ts). */
export function findReportDimensions(readStore: ReadStore, filter: Filter): Promise<ReportDimensionDocument[]> {
  return readStore.find<ReportDimensionDocument>(REPORT_DIMENSIONS_COLLECTION, filter, { limit: MAX_COHORT_ROWS });
}

/** Every caregiver of one assessment with their packed ratings, in listed order (One Child One CANS). */
export interface ReportCaregiverRatings {
  caregiverId: string;
  name: string;
  packed: string;
}

export async function caregiverRatingsOf(readStore: ReadStore, assessmentId: string): Promise<ReportCaregiverRatings[]> {
  const [source, ratings] = await Promise.all([
    readStore.get<SourceDocument>(REPORT_SOURCES_COLLECTION, assessmentId),
    readStore.get<RatingsDocument>(REPORT_RATINGS_COLLECTION, assessmentId),
  ]);
  return (source?.state.caregivers ?? []).map((c) => ({
    caregiverId: c.caregiverId,
    name: `${c.firstName} ${c.lastName}`.trim(),
    packed: ratings?.caregivers[c.caregiverId] ?? '',
  }));
}
