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
 *   aggregate's own evolve, with comment and narrative text stripped), so the facts can be written the moment it is
 *   approved — and rewritten after, because an approved assessment can still change (Edit_Approved_Case edits the
 *   child record and caregivers, report inclusion is switched): every change rewrites the facts and moves the
 *   distribution counters by the difference. Removed once closed or deleted.
 */
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import {
  AssessmentEvents,
  AssessmentState,
  EMPTY_NARRATIVE,
  evolveAssessment,
  initialAssessmentState,
  questionnaireAgeOf,
} from '@cans/domain/assessments';
import { ASSESSMENT_EVENT_TYPES, AssessmentEvent } from '@cans/domain/assessments/assessment.events';
import { defineEventProjection, ProjectionView } from '../engine/projection';

export const APPROVED_ASSESSMENT_FACTS_COLLECTION = 'approved_assessment_facts';
export const ANSWER_DISTRIBUTIONS_COLLECTION = 'answer_distributions';
export const ASSESSMENT_STATISTICS_SOURCES_COLLECTION = 'assessment_statistics_sources';

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

interface SourceDocument extends Document {
  state: AssessmentState;
}

/** Comment and narrative text are not statistics: dropped so the working state stays small. */
function stripped(state: AssessmentState): AssessmentState {
  return { ...state, comments: {}, narrative: EMPTY_NARRATIVE, statusComments: [] };
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

export const assessmentStatisticsProjection = defineEventProjection<AssessmentEvent>({
  name: 'assessment-statistics',
  version: 1,
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
  ],
  eventTypes: ASSESSMENT_EVENT_TYPES,
  async apply(event, view) {
    const assessmentId = event.data.assessmentId;
    const source = await view.get<SourceDocument>(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, assessmentId);
    const before: AssessmentState = source?.state ?? initialAssessmentState;
    if (!before.exists && event.type !== AssessmentEvents.Started) return;

    const after = stripped(evolveAssessment(before, event));
    // Closed and deleted assessments never count again (no command leaves those statuses but share/reassign).
    if (after.status === 'closed' || after.status === 'deleted') view.delete(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, assessmentId);
    else view.upsert(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, { id: assessmentId, state: after });

    const factsBefore = before.status === 'approved' ? factsOf(before) : null;
    const factsAfter = factsOf(after);
    if (!factsBefore && !factsAfter) return;
    if (factsAfter) view.upsert(APPROVED_ASSESSMENT_FACTS_COLLECTION, factsAfter);
    else view.delete(APPROVED_ASSESSMENT_FACTS_COLLECTION, assessmentId);
    await moveDistributions(view, countedRatings(factsBefore), countedRatings(factsAfter));
  },
});
