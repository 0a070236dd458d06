/**
 * Statistics over APPROVED assessments (spec 000 "Only approved assessments count in reports"; the per-question
 * pie chart; spec 001 reports and dashboard):
 *
 * - approved_assessment_facts: one compact document per approved assessment — child demographics, dates, owner and
 *   agency, report inclusion (displayFlag), the library version, and the ratings by stable question code (child
 *   items in `ratings`, caregiver items per caregiver in `caregivers[i].ratings`, in caregiver order). Indexed for
 *   cohort filters (date of assessment, agency, assessor, gender, race, language, age, county, type, PID), so
 *   report wizards select a cohort with one indexed query and read only what they need.
 * - answer_distributions: one counter document per question code: how many times each rating was given across the
 *   approved assessments that are included in reports (every caregiver's rating counts for a caregiver item).
 *   The pie chart reads one document instead of scanning assessments.
 * - assessment_statistics_sources: the working state this projection folds for every live assessment (the
 *   aggregate's own evolve, without comment and narrative text, ratings or last update), so the facts can be written
 *   the moment it is approved — and rewritten after, because an approved assessment can still change
 *   (Edit_Approved_Case edits the child record and caregivers, report inclusion is switched): every change rewrites
 *   the facts and moves the distribution counters by the difference. Removed once closed or deleted.
 * - assessment_statistics_ratings: the ratings of each live assessment, apart, because they are most events (84 %
 *   of the real mix): a rating appends one line to a text log and reads and writes only this small document
 *   (with the status and caregivers it needs), where a whole state would be copied on every rating. The log is
 *   folded (in order, the aggregate's setRating) only when facts are written. Removed with the source.
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

export const APPROVED_ASSESSMENT_FACTS_COLLECTION = 'approved_assessment_facts';
export const ANSWER_DISTRIBUTIONS_COLLECTION = 'answer_distributions';
export const ASSESSMENT_STATISTICS_SOURCES_COLLECTION = 'assessment_statistics_sources';
export const ASSESSMENT_STATISTICS_RATINGS_COLLECTION = 'assessment_statistics_ratings';

export interface ApprovedCaregiverFacts {
  caregiverId: string;
  relationshipGroup: string | null;
  relationshipRole: string | null;
  ratings: Record<string, Rating>;
}

export interface ApprovedAssessmentFactsDocument extends Document {
  cin: string;
  firstName: string;
  lastName: string;
  gender: string;
  raceEthnicity: string;
  primaryLanguage: string | null;
  county: string | null;
  dateOfBirth: string;
  /** Whole years at the date of assessment (the age the questionnaire used). */
  ageAtAssessment: number;
  lookedAfterChild: string | null;
  lookedAfterStatus: string | null;
  involvement: string | null;
  assessmentScope: string | null;
  assessmentType: string;
  dateOfAssessment: string;
  caseOpeningDate: string;
  createdAt: string;
  completedAt: string | null;
  approvedAt: string;
  approvedBy: string | null;
  ownerId: string;
  agencyId: string | null;
  /** Spec displayFlag: reports count it only while included. */
  includedInReports: boolean;
  instrumentCode: string | null;
  libraryVersion: string | null;
  previousAssessmentId: string | null;
  /** Child items: question code → rating. */
  ratings: Record<string, Rating>;
  caregivers: ApprovedCaregiverFacts[];
  caregiverCount: number;
}

export interface AnswerDistributionDocument extends Document {
  /** The question code (also the id). */
  questionCode: string;
  counts: Partial<Record<Rating, number>>;
  total: number;
}

/** What this projection keeps of the aggregate's state: no comment or narrative text, no ratings (kept apart), no last update. */
type SourceState = Omit<
  AssessmentState,
  'childRatings' | 'caregiverRatings' | 'comments' | 'narrative' | 'statusComments' | 'lastModifiedAt'
>;

interface SourceDocument extends Document {
  state: SourceState;
}

interface RatingsDocument extends Document {
  /** The source's status and caregivers: a rating needs to know whether facts move and whose caregiver it is. */
  status: AssessmentStatus;
  caregiverIds: string[];
  /** One line per rating given or cleared, in event order (ratingLine). */
  log: string;
}

type Ratings = Pick<AssessmentState, 'childRatings' | 'caregiverRatings'>;
const NO_RATINGS: Ratings = { childRatings: {}, caregiverRatings: {} };

function sourceStateOf(state: AssessmentState): SourceState {
  const { childRatings, caregiverRatings, comments, narrative, statusComments, lastModifiedAt, ...kept } = state;
  return kept;
}

function aggregateStateOf(source: SourceState, ratings: Ratings = NO_RATINGS): AssessmentState {
  return { ...source, ...ratings, comments: {}, narrative: EMPTY_NARRATIVE, statusComments: [], lastModifiedAt: null };
}

/**
 * One line of the ratings log: `<rating>\t<caregiverId>\t<questionCode>` (empty rating: cleared; empty caregiver:
 * a child item), a third of the size of JSON once stored. Values that this cannot hold exactly (a tab or line
 * break, an empty caregiver id, a line starting with `[`) are written as JSON `[questionCode, caregiverId, rating?]`.
 */
function ratingLine(questionCode: string, caregiverId: string | null, rating?: Rating): string {
  const plain = (value: string) => !value.includes('\t') && !value.includes('\n');
  if (caregiverId !== '' && plain(questionCode) && plain(caregiverId ?? '') && plain(rating ?? '') && !(rating ?? '').startsWith('['))
    return `${rating ?? ''}\t${caregiverId ?? ''}\t${questionCode}`;
  return JSON.stringify(rating === undefined ? [questionCode, caregiverId] : [questionCode, caregiverId, rating]);
}

function parseRatingLine(line: string): { questionCode: string; caregiverId: string | null; rating: Rating | undefined } {
  if (line.startsWith('[')) {
    const [questionCode, caregiverId, rating] = JSON.parse(line) as [string, string | null, Rating?];
    return { questionCode, caregiverId, rating };
  }
  const first = line.indexOf('\t');
  const second = line.indexOf('\t', first + 1);
  const rating = line.slice(0, first);
  const caregiverId = line.slice(first + 1, second);
  return {
    questionCode: line.slice(second + 1),
    caregiverId: caregiverId === '' ? null : caregiverId,
    rating: rating === '' ? undefined : (rating as Rating),
  };
}

const appendLine = (log: string, line: string): string => (log === '' ? line : `${log}\n${line}`);

/** The ratings a log leaves, as the aggregate's setRating leaves them (same keys in the same order). */
function ratingsOf(log: string): Ratings {
  const childRatings: Record<string, Rating> = {};
  const caregiverRatings: Record<string, Record<string, Rating>> = {};
  if (log === '') return { childRatings, caregiverRatings };
  for (const line of log.split('\n')) {
    const { questionCode, caregiverId, rating } = parseRatingLine(line);
    const ratings = caregiverId === null ? childRatings : (caregiverRatings[caregiverId] ??= {});
    if (rating === undefined) delete ratings[questionCode];
    else ratings[questionCode] = rating;
  }
  return { childRatings, caregiverRatings };
}

/** The log without a removed caregiver's lines (the aggregate drops their ratings). */
function withoutCaregiver(log: string, caregiverId: string): string {
  if (log === '') return log;
  return log
    .split('\n')
    .filter((line) => parseRatingLine(line).caregiverId !== caregiverId)
    .join('\n');
}

export function factsOf(state: AssessmentState): ApprovedAssessmentFactsDocument | null {
  const child = state.child;
  if (state.status !== 'approved' || !child) return null;
  return {
    id: state.assessmentId,
    cin: child.cin,
    firstName: child.firstName,
    lastName: child.lastName,
    gender: child.gender,
    raceEthnicity: child.raceEthnicity,
    primaryLanguage: child.primaryLanguage,
    county: child.county,
    dateOfBirth: child.dateOfBirth,
    ageAtAssessment: questionnaireAgeOf(child),
    lookedAfterChild: child.lookedAfterChild,
    lookedAfterStatus: child.lookedAfterStatus,
    involvement: child.involvement,
    assessmentScope: child.assessmentScope,
    assessmentType: state.assessmentType,
    dateOfAssessment: child.dateOfAssessment,
    caseOpeningDate: child.caseOpeningDate,
    createdAt: state.createdAt ?? '',
    completedAt: state.completedAt,
    approvedAt: state.approvedAt ?? '',
    approvedBy: state.approvedBy,
    ownerId: state.ownerId,
    agencyId: state.agencyId,
    includedInReports: state.includedInReports,
    instrumentCode: state.libraryVersion?.instrumentCode ?? null,
    libraryVersion: state.libraryVersion?.version ?? null,
    previousAssessmentId: state.previousAssessmentId,
    ratings: { ...state.childRatings },
    caregivers: state.caregivers.map((c) => ({
      caregiverId: c.caregiverId,
      relationshipGroup: c.relationship?.group ?? null,
      relationshipRole: c.relationship?.role ?? null,
      ratings: { ...(state.caregiverRatings[c.caregiverId] ?? {}) },
    })),
    caregiverCount: state.caregivers.length,
  };
}

/** The ratings an approved assessment adds to the distributions: none unless included in reports. */
function countedRatings(facts: ApprovedAssessmentFactsDocument | null): Array<[string, Rating]> {
  if (!facts || !facts.includedInReports) return [];
  return [...Object.entries(facts.ratings), ...facts.caregivers.flatMap((c) => Object.entries(c.ratings))];
}

async function moveDistributions(view: ProjectionView, removed: Array<[string, Rating]>, added: Array<[string, Rating]>): Promise<void> {
  const delta = new Map<string, Map<Rating, number>>();
  const add = (code: string, rating: Rating, by: number) => {
    const perCode = delta.get(code) ?? new Map<Rating, number>();
    perCode.set(rating, (perCode.get(rating) ?? 0) + by);
    delta.set(code, perCode);
  };
  for (const [code, rating] of removed) add(code, rating, -1);
  for (const [code, rating] of added) add(code, rating, +1);
  for (const [code, perRating] of delta) {
    if ([...perRating.values()].every((n) => n === 0)) continue;
    const current = (await view.get<AnswerDistributionDocument>(ANSWER_DISTRIBUTIONS_COLLECTION, code)) ?? {
      id: code,
      questionCode: code,
      counts: {},
      total: 0,
    };
    const counts = { ...current.counts };
    for (const [rating, by] of perRating) {
      const next = (counts[rating] ?? 0) + by;
      if (next > 0) counts[rating] = next;
      else delete counts[rating];
    }
    const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
    if (total === 0) view.delete(ANSWER_DISTRIBUTIONS_COLLECTION, code);
    else view.upsert(ANSWER_DISTRIBUTIONS_COLLECTION, { id: code, questionCode: code, counts, total });
  }
}

type RatingEvent = Extract<
  ProjectedEvent<AssessmentEvent>,
  { type: typeof AssessmentEvents.ItemRated | typeof AssessmentEvents.ItemRatingCleared }
>;

const isRatingEvent = (event: ProjectedEvent<AssessmentEvent>): event is RatingEvent =>
  event.type === AssessmentEvents.ItemRated || event.type === AssessmentEvents.ItemRatingCleared;

/** Events that change only what this projection does not keep (comment and narrative text, the last update). */
export const TEXT_ONLY_EVENT_TYPES: ReadonlySet<string> = new Set([
  AssessmentEvents.QuestionCommentSaved,
  AssessmentEvents.QuestionCommentDeleted,
  AssessmentEvents.NarrativeSaved,
]);

/** Writes the facts as they are after the change and moves the distributions by the difference. */
async function moveFacts(view: ProjectionView, assessmentId: string, before: AssessmentState | null, after: AssessmentState | null) {
  const factsBefore = before?.status === 'approved' ? factsOf(before) : null;
  const factsAfter = after ? factsOf(after) : null;
  if (!factsBefore && !factsAfter) return;
  if (factsAfter) view.upsert(APPROVED_ASSESSMENT_FACTS_COLLECTION, factsAfter);
  else view.delete(APPROVED_ASSESSMENT_FACTS_COLLECTION, assessmentId);
  await moveDistributions(view, countedRatings(factsBefore), countedRatings(factsAfter));
}

/** A rating given or cleared: one line more in the log; the facts move only when the assessment is approved. */
async function applyRating(event: RatingEvent, view: ProjectionView): Promise<void> {
  const { assessmentId, questionCode, caregiverId } = event.data;
  const ratings = await view.get<RatingsDocument>(ASSESSMENT_STATISTICS_RATINGS_COLLECTION, assessmentId);
  // Not started, or closed or deleted; a rating for a caregiver no longer on the assessment is dropped (setRating).
  if (!ratings || (caregiverId !== null && !ratings.caregiverIds.includes(caregiverId))) return;
  const log = ratings.log;
  ratings.log = appendLine(
    log,
    ratingLine(questionCode, caregiverId, event.type === AssessmentEvents.ItemRated ? event.data.rating : undefined),
  );
  view.upsert(ASSESSMENT_STATISTICS_RATINGS_COLLECTION, ratings);
  if (ratings.status !== 'approved') return;
  const source = await view.get<SourceDocument>(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, assessmentId);
  if (source)
    await moveFacts(
      view,
      assessmentId,
      aggregateStateOf(source.state, ratingsOf(log)),
      aggregateStateOf(source.state, ratingsOf(ratings.log)),
    );
}

export const assessmentStatisticsProjection = defineEventProjection<AssessmentEvent>({
  name: 'assessment-statistics',
  // 2: ratings kept apart from the source state, as a log (assessment_statistics_ratings).
  version: 2,
  collections: [
    {
      name: APPROVED_ASSESSMENT_FACTS_COLLECTION,
      indexes: [
        'dateOfAssessment',
        'agencyId',
        'ownerId',
        'gender',
        'raceEthnicity',
        'primaryLanguage',
        'ageAtAssessment',
        'county',
        'assessmentType',
        'cin',
        'includedInReports',
        'lookedAfterStatus',
      ],
    },
    { name: ANSWER_DISTRIBUTIONS_COLLECTION },
    { name: ASSESSMENT_STATISTICS_SOURCES_COLLECTION },
    { name: ASSESSMENT_STATISTICS_RATINGS_COLLECTION },
  ],
  eventTypes: ASSESSMENT_EVENT_TYPES,
  async apply(event, view) {
    if (isRatingEvent(event)) return applyRating(event, view);
    if (TEXT_ONLY_EVENT_TYPES.has(event.type)) return;
    const assessmentId = event.data.assessmentId;
    const source = await view.get<SourceDocument>(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, assessmentId);
    if (!source && event.type !== AssessmentEvents.Started) return;
    const ratings = source ? await view.get<RatingsDocument>(ASSESSMENT_STATISTICS_RATINGS_COLLECTION, assessmentId) : null;

    // Other events never read the ratings but to drop them: on a (repeated) start, and a removed caregiver's.
    const after = sourceStateOf(evolveAssessment(source ? aggregateStateOf(source.state) : initialAssessmentState, event));
    const logBefore = ratings?.log ?? '';
    const logAfter =
      event.type === AssessmentEvents.Started
        ? ''
        : event.type === AssessmentEvents.CaregiverRemoved
          ? withoutCaregiver(logBefore, event.data.caregiverId)
          : logBefore;
    // Closed and deleted assessments never count again (no command leaves those statuses but share/reassign).
    if (after.status === 'closed' || after.status === 'deleted') {
      view.delete(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, assessmentId);
      view.delete(ASSESSMENT_STATISTICS_RATINGS_COLLECTION, assessmentId);
    } else {
      view.upsert(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, { id: assessmentId, state: after });
      const caregiverIds = after.caregivers.map((c) => c.caregiverId);
      if (
        !ratings ||
        ratings.status !== after.status ||
        ratings.log !== logAfter ||
        ratings.caregiverIds.length !== caregiverIds.length ||
        ratings.caregiverIds.some((id, i) => id !== caregiverIds[i])
      )
        view.upsert(ASSESSMENT_STATISTICS_RATINGS_COLLECTION, { id: assessmentId, status: after.status, caregiverIds, log: logAfter });
    }

    if (source?.state.status !== 'approved' && after.status !== 'approved') return;
    const ratingsBefore = ratingsOf(logBefore);
    const ratingsAfter = logAfter === logBefore ? ratingsBefore : ratingsOf(logAfter);
    await moveFacts(
      view,
      assessmentId,
      source ? aggregateStateOf(source.state, ratingsBefore) : null,
      aggregateStateOf(after, ratingsAfter),
    );
  },
});
