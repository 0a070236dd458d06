/** Queries of the reports read model (report-rows.projection.ts). */
import type { FieldType, Filter, ReadStore, SortField } from '@cans/storage/read-store/read-store.port';
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
  packRating,
  unpackRating,
} from './report-rows.projection';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';

export type { ReportRowDocument } from './report-rows.projection';
export type { ReportDimensionDocument } from './report-dimensions';

/** A cohort read stops at this many rows (10x the performance target of 50,000); nothing larger is expected. */
export const MAX_COHORT_ROWS = 500_000;

/** Every row of a cohort, whole (lists that name the child and the assessor). */
export function findReportRows(readStore: ReadStore, filter: Filter): Promise<ReportRowDocument[]> {
  return readStore.find<ReportRowDocument>(REPORT_ROWS_COLLECTION, filter, { limit: MAX_COHORT_ROWS });
}

/**
 * What the cohort statistics read of a row: the ratings and the few facts they count by. About half a row's bytes
 * (no names, people or agencies), and reading whole rows was most of a 50,000-assessment report's time.
 */
export const REPORT_FACT_FIELDS = {
  cin: 'string',
  age: 'number',
  gender: 'string',
  assessmentType: 'string',
  dateOfAssessment: 'string',
  createdAt: 'string',
  caregiverCount: 'number',
  childRatings: 'string',
  caregiverRatings: 'string',
} as const satisfies Partial<Record<keyof ReportRowDocument, FieldType>>;

export type ReportFacts = Pick<ReportRowDocument, 'id' | keyof typeof REPORT_FACT_FIELDS>;

/**
 * The statistics facts of every row of a cohort, in no particular order: every statistic is a count or an integer
 * sum, and time-point series sort their own rows (inSeriesOrder), so the answer never depends on the order.
 */
export function findReportFacts(readStore: ReadStore, filter: Filter): Promise<ReportFacts[]> {
  return readStore.find<ReportFacts>(REPORT_ROWS_COLLECTION, filter, {
    limit: MAX_COHORT_ROWS,
    fields: REPORT_FACT_FIELDS,
    anyOrder: true,
  });
}

/** What the Quick Glance reads of a row: the facts less the two it never uses (its timed 50,000-row read). */
export const GLANCE_FACT_FIELDS = (({ assessmentType, caregiverCount, ...glanceFields }) => glanceFields)(REPORT_FACT_FIELDS);

export type GlanceFacts = Pick<ReportRowDocument, 'id' | keyof typeof GLANCE_FACT_FIELDS>;

/** The glance facts of every row of a cohort, in no particular order (as findReportFacts). */
export function findGlanceFacts(readStore: ReadStore, filter: Filter): Promise<GlanceFacts[]> {
  return readStore.find<GlanceFacts>(REPORT_ROWS_COLLECTION, filter, {
    limit: MAX_COHORT_ROWS,
    fields: GLANCE_FACT_FIELDS,
    anyOrder: true,
  });
}

/** The children (distinct PIDs, `cin`) of a cohort, reading only that field of its rows. */
export async function countReportChildren(readStore: ReadStore, filter: Filter): Promise<number> {
  const rows = await readStore.find<Pick<ReportRowDocument, 'id' | 'cin'>>(REPORT_ROWS_COLLECTION, filter, {
    limit: MAX_COHORT_ROWS,
    fields: { cin: 'string' },
    anyOrder: true,
  });
  return new Set(rows.map((row) => row.cin)).size;
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

/** The ratings in report order; ratingSlotAt answers a position in this list. */
export const PACKED_RATING_ORDER: readonly Rating[] = ['NA', '0', '1', '2', '3', '4'];
const SLOT_OF_CHAR_CODE = (() => {
  const slots = new Int8Array(128).fill(-1);
  PACKED_RATING_ORDER.forEach((rating, slot) => (slots[packRating(rating).charCodeAt(0)] = slot));
  return slots;
})();

/**
 * For the tightest loops (the Quick Glance): a packed char code (masked to 7 bits) → 1 + its slot in
 * PACKED_RATING_ORDER, 0 for unrated or anything else. A position past the string's end reads as char code 0
 * (unrated), so a loop needs neither a bounds branch nor a -1 test.
 */
export const RATED_SLOT_OF_CHAR_CODE: Readonly<Uint8Array> = Uint8Array.from(SLOT_OF_CHAR_CODE, (slot) => slot + 1);

/**
 * The rating at a packed index as its slot in PACKED_RATING_ORDER (0 N/A, 1-5 the ratings 0-4), -1 when unrated.
 * The statistics' inner loop: no string or object per rating.
 */
export function ratingSlotAt(packed: string, index: number): number {
  if (index < 0 || index >= packed.length) return -1;
  const code = packed.charCodeAt(index);
  return code < 128 ? SLOT_OF_CHAR_CODE[code] : -1;
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
