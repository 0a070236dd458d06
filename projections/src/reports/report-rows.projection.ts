/**
 * The read model of the reports (spec 001 report wizards, Quick Glance, comparison): one NARROW row per approved
 * assessment that is included in reports, so a cohort is one indexed query reading a few hundred bytes per
 * assessment and the statistics are aggregated in memory.
 *
 * - report_rows: the filter dimensions as indexed fields (type, age, agency, county, assessor, gender, race,
 *   language, welfare status, PID, date of assessment) plus the row-access fields (ownerId, agencyId, createdAt;
 *   shares are resolved by id through the assessment list's shares collection), and the ratings packed:
 *   `childRatings` / `caregiverRatings` (first listed caregiver only, spec 001 §9) are strings whose character at
 *   position i is the rating of the question code with index i in report_codes ('0'-'4', 'N' for N/A, '.' unrated;
 *   trailing '.' cut). 100 rated items cost 100 bytes.
 * - report_codes: one document, the question codes in the order they were first rated (index = position). Codes
 *   are stable across library versions, so a report compares items by code whatever version rated them.
 * - report_dimensions: counters per (assessor, agency, county) of the rows, for the filter lookups
 *   (report-dimensions.ts).
 * - report_sources / report_ratings: the working state of every live assessment (the aggregate's own evolve, minus
 *   text), ratings apart and packed: a rating event reads and writes one small document (O(1) work). A row is
 *   written only when the assessment is (or stops being) approved and included.
 */
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import {
  AssessmentEvents,
  AssessmentState,
  AssessmentStatus,
  EMPTY_NARRATIVE,
  evolveAssessment,
  initialAssessmentState,
  questionnaireAgeOf,
} from '@cans/domain/assessments';
import { ASSESSMENT_EVENT_TYPES, AssessmentEvent } from '@cans/domain/assessments/assessment.events';
import { defineEventProjection, ProjectedEvent, ProjectionView } from '../engine/projection';
import { DimensionFacts, moveDimension, REPORT_DIMENSIONS_COLLECTION } from './report-dimensions';

export const REPORT_ROWS_COLLECTION = 'report_rows';
export const REPORT_CODES_COLLECTION = 'report_codes';
export const REPORT_SOURCES_COLLECTION = 'report_sources';
export const REPORT_RATINGS_COLLECTION = 'report_ratings';
export const REPORT_CODES_ID = 'codes';

/** One approved assessment included in reports. */
export interface ReportRowDocument extends Document {
  cin: string;
  firstName: string;
  lastName: string;
  gender: string;
  raceEthnicity: string;
  primaryLanguage: string | null;
  county: string | null;
  /** Looked after status (the spec's welfare status filter). */
  welfareStatus: string | null;
  /** Whole years at the date of assessment. */
  age: number;
  assessmentType: string;
  /** yyyy-MM-dd. */
  dateOfAssessment: string;
  ownerId: string;
  agencyId: string | null;
  createdAt: string;
  libraryVersion: string | null;
  caregiverCount: number;
  /** Packed child ratings (see the file comment). */
  childRatings: string;
  /** Packed ratings of the first listed caregiver. */
  caregiverRatings: string;
}

export interface ReportCodesDocument extends Document {
  codes: string[];
}

type SourceState = Omit<AssessmentState, 'childRatings' | 'caregiverRatings' | 'comments' | 'narrative' | 'statusComments'>;

export interface SourceDocument extends Document {
  state: SourceState;
}

export interface RatingsDocument extends Document {
  status: AssessmentStatus;
  caregiverIds: string[];
  /** Packed child ratings. */
  child: string;
  /** Caregiver id → packed ratings. */
  caregivers: Record<string, string>;
}

const UNRATED = '.';

/** One character per rating: N/A is 'N'. */
export const packRating = (rating: Rating): string => (rating === 'NA' ? 'N' : rating);
export const unpackRating = (char: string): Rating | null =>
  char === 'N' ? 'NA' : char === UNRATED || char === '' ? null : (char as Rating);

/** The packed string with position `index` set (null: cleared), trailing unrated positions cut. */
export function setPacked(packed: string, index: number, rating: Rating | null): string {
  const char = rating === null ? UNRATED : packRating(rating);
  const next =
    index < packed.length ? packed.slice(0, index) + char + packed.slice(index + 1) : packed + UNRATED.repeat(index - packed.length) + char;
  let end = next.length;
  while (end > 0 && next[end - 1] === UNRATED) end--;
  return end === next.length ? next : next.slice(0, end);
}

const sourceStateOf = (state: AssessmentState): SourceState => {
  const { childRatings, caregiverRatings, comments, narrative, statusComments, ...kept } = state;
  return kept;
};
const aggregateStateOf = (source: SourceState): AssessmentState => ({
  ...source,
  childRatings: {},
  caregiverRatings: {},
  comments: {},
  narrative: EMPTY_NARRATIVE,
  statusComments: [],
});

const isReported = (state: SourceState | null): boolean => state?.status === 'approved' && state.includedInReports && !!state.child;

/** The lookup dimensions of a state's row (report-dimensions.ts); null when it has no row. */
const dimensionsOf = (state: SourceState | null): DimensionFacts | null =>
  state && isReported(state) ? { ownerId: state.ownerId, agencyId: state.agencyId, county: state.child?.county || null } : null;

function rowOf(state: SourceState, ratings: RatingsDocument): ReportRowDocument | null {
  const child = state.child;
  if (!isReported(state) || !child) return null;
  const first = state.caregivers[0]?.caregiverId;
  return {
    id: state.assessmentId,
    cin: child.cin,
    firstName: child.firstName,
    lastName: child.lastName,
    gender: child.gender,
    raceEthnicity: child.raceEthnicity,
    primaryLanguage: child.primaryLanguage,
    county: child.county,
    welfareStatus: child.lookedAfterStatus,
    age: questionnaireAgeOf(child),
    assessmentType: state.assessmentType,
    dateOfAssessment: child.dateOfAssessment,
    ownerId: state.ownerId,
    agencyId: state.agencyId,
    createdAt: state.createdAt ?? '',
    libraryVersion: state.libraryVersion?.version ?? null,
    caregiverCount: state.caregivers.length,
    childRatings: ratings.child,
    caregiverRatings: first ? (ratings.caregivers[first] ?? '') : '',
  };
}

/** Writes or removes the row; only called when the assessment is or was approved. */
function writeRow(view: ProjectionView, assessmentId: string, state: SourceState, ratings: RatingsDocument): void {
  const row = rowOf(state, ratings);
  if (row) view.upsert(REPORT_ROWS_COLLECTION, row);
  else view.delete(REPORT_ROWS_COLLECTION, assessmentId);
}

async function codeIndex(view: ProjectionView, code: string): Promise<number> {
  const doc = (await view.get<ReportCodesDocument>(REPORT_CODES_COLLECTION, REPORT_CODES_ID, { readOnly: true })) ?? {
    id: REPORT_CODES_ID,
    codes: [],
  };
  const index = doc.codes.indexOf(code);
  if (index >= 0) return index;
  view.upsert(REPORT_CODES_COLLECTION, { id: REPORT_CODES_ID, codes: [...doc.codes, code] });
  return doc.codes.length;
}

type RatingEvent = Extract<
  ProjectedEvent<AssessmentEvent>,
  { type: typeof AssessmentEvents.ItemRated | typeof AssessmentEvents.ItemRatingCleared }
>;
const isRatingEvent = (event: ProjectedEvent<AssessmentEvent>): event is RatingEvent =>
  event.type === AssessmentEvents.ItemRated || event.type === AssessmentEvents.ItemRatingCleared;

/** Events that change nothing a report reads. */
const IGNORED: ReadonlySet<string> = new Set([
  AssessmentEvents.QuestionCommentSaved,
  AssessmentEvents.QuestionCommentDeleted,
  AssessmentEvents.NarrativeSaved,
  AssessmentEvents.SharedWithUsers,
]);

async function applyRating(event: RatingEvent, view: ProjectionView): Promise<void> {
  const { assessmentId, questionCode, caregiverId } = event.data;
  // Read-only, and a new document upserted: one rating event copies no document.
  const stored = await view.get<RatingsDocument>(REPORT_RATINGS_COLLECTION, assessmentId, { readOnly: true });
  // Not started, closed or deleted; a caregiver no longer on the assessment is dropped (the aggregate's setRating).
  if (!stored || (caregiverId !== null && !stored.caregiverIds.includes(caregiverId))) return;
  const index = await codeIndex(view, questionCode);
  const rating = event.type === AssessmentEvents.ItemRated ? event.data.rating : null;
  const ratings: RatingsDocument =
    caregiverId === null
      ? { ...stored, child: setPacked(stored.child, index, rating) }
      : { ...stored, caregivers: { ...stored.caregivers, [caregiverId]: setPacked(stored.caregivers[caregiverId] ?? '', index, rating) } };
  view.upsert(REPORT_RATINGS_COLLECTION, ratings);
  if (ratings.status !== 'approved') return;
  const source = await view.get<SourceDocument>(REPORT_SOURCES_COLLECTION, assessmentId, { readOnly: true });
  if (source) writeRow(view, assessmentId, source.state, ratings);
}

export const reportRowsProjection = defineEventProjection<AssessmentEvent>({
  name: 'report-rows',
  version: 2,
  collections: [
    {
      name: REPORT_ROWS_COLLECTION,
      indexes: [
        'dateOfAssessment',
        'agencyId',
        'ownerId',
        'createdAt',
        'gender',
        'raceEthnicity',
        'primaryLanguage',
        'county',
        'welfareStatus',
        'age',
        'assessmentType',
        'cin',
      ],
    },
    { name: REPORT_CODES_COLLECTION },
    { name: REPORT_DIMENSIONS_COLLECTION, indexes: ['ownerId', 'agencyId'] },
    { name: REPORT_SOURCES_COLLECTION },
    { name: REPORT_RATINGS_COLLECTION },
  ],
  eventTypes: ASSESSMENT_EVENT_TYPES,
  async apply(event, view) {
    if (isRatingEvent(event)) return applyRating(event, view);
    if (IGNORED.has(event.type)) return;
    const assessmentId = event.data.assessmentId;
    const source = await view.get<SourceDocument>(REPORT_SOURCES_COLLECTION, assessmentId, { readOnly: true });
    if (!source && event.type !== AssessmentEvents.Started) return;
    const after = sourceStateOf(evolveAssessment(source ? aggregateStateOf(source.state) : initialAssessmentState, event));
    const before = source?.state ?? null;
    if (after.status === 'closed' || after.status === 'deleted') {
      await moveDimension(view, dimensionsOf(before), null);
      view.delete(REPORT_SOURCES_COLLECTION, assessmentId);
      view.delete(REPORT_RATINGS_COLLECTION, assessmentId);
      if (before?.status === 'approved') view.delete(REPORT_ROWS_COLLECTION, assessmentId);
      return;
    }
    view.upsert(REPORT_SOURCES_COLLECTION, { id: assessmentId, state: after });
    const stored =
      event.type === AssessmentEvents.Started
        ? null
        : await view.get<RatingsDocument>(REPORT_RATINGS_COLLECTION, assessmentId, { readOnly: true });
    const caregiverIds = after.caregivers.map((c) => c.caregiverId);
    // A removed caregiver's ratings go with them (the aggregate drops them too).
    const caregivers = Object.fromEntries(Object.entries(stored?.caregivers ?? {}).filter(([id]) => caregiverIds.includes(id)));
    const ratings: RatingsDocument = { id: assessmentId, status: after.status, caregiverIds, child: stored?.child ?? '', caregivers };
    if (
      !stored ||
      stored.status !== after.status ||
      stored.caregiverIds.join('|') !== caregiverIds.join('|') ||
      Object.keys(stored.caregivers).length !== Object.keys(caregivers).length
    )
      view.upsert(REPORT_RATINGS_COLLECTION, ratings);
    if (before?.status !== 'approved' && after.status !== 'approved') return;
    writeRow(view, assessmentId, after, ratings);
    await moveDimension(view, dimensionsOf(before), dimensionsOf(after));
  },
});
