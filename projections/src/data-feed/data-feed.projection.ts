/**
 * The data source of the data feeds (issue 15: the monthly CSV zip; the daily XML feed and the XLSX export read
 * the same documents): one document per APPROVED assessment with everything a feed file carries — the child record,
 * the caregivers, the ratings by stable item code (one per item × caregiver), the question comments, the narrative
 * — indexed by the month and the date of assessment, so a month (or a range) is one indexed query.
 *
 * - data_feed_assessments: the feed documents. An assessment leaves when it stops being approved, is closed or is
 *   deleted; report inclusion does not matter (the feed hands over every approved assessment).
 * - data_feed_sources: the working state of every live assessment (the aggregate's own evolve), so the feed
 *   document is derived from exactly what the aggregate holds, whatever the order of ratings and approval.
 *
 * Deterministic: only event data and recordedAt (through evolveAssessment). Queries: data-feed.queries.ts.
 */
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import {
  AssessmentState,
  Caregiver,
  ChildInformation,
  evolveAssessment,
  initialAssessmentState,
  LibraryVersionRef,
  Narrative,
} from '@cans/domain/assessments';
import { ASSESSMENT_EVENT_TYPES, AssessmentEvent } from '@cans/domain/assessments/assessment.events';
import { defineEventProjection } from '../engine/projection';

export const DATA_FEED_ASSESSMENTS_COLLECTION = 'data_feed_assessments';
export const DATA_FEED_SOURCES_COLLECTION = 'data_feed_sources';

/** One rating: a child item (caregiverId null) or a caregiver item answered for one caregiver. */
export interface FeedRating {
  questionCode: string;
  caregiverId: string | null;
  rating: Rating;
}

export interface FeedComment {
  commentId: string;
  questionCode: string;
  caregiverId: string | null;
  content: string;
  authorId: string;
  createdAt: string;
  savedAt: string;
}

/** One approved assessment as the feeds hand it over (docs/data-feed.md describes every field's file column). */
export interface FeedAssessmentDocument extends Document {
  /** yyyy-MM of the date of assessment: the monthly download's key. */
  month: string;
  /** yyyy-MM-dd. */
  dateOfAssessment: string;
  assessmentType: string;
  ownerId: string;
  agencyId: string | null;
  previousAssessmentId: string | null;
  libraryVersion: LibraryVersionRef | null;
  includedInReports: boolean;
  createdAt: string | null;
  completedAt: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  child: ChildInformation;
  caregivers: Caregiver[];
  /** Child items first, then each caregiver's in caregiver order; by question code within each. */
  ratings: FeedRating[];
  /** In the order they were first written. */
  comments: FeedComment[];
  narrative: Narrative;
}

export interface FeedSourceDocument extends Document {
  state: AssessmentState;
}

const byCode = <T>(record: Readonly<Record<string, T>>): [string, T][] =>
  Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The feed document of a state, or null when it is not (or no longer) in the feed. */
export function feedDocumentOf(state: AssessmentState): FeedAssessmentDocument | null {
  const child = state.child;
  if (state.status !== 'approved' || !child) return null;
  const ratings: FeedRating[] = [
    ...byCode(state.childRatings).map(([questionCode, rating]) => ({ questionCode, caregiverId: null, rating })),
    ...state.caregivers.flatMap(({ caregiverId }) =>
      byCode(state.caregiverRatings[caregiverId] ?? {}).map(([questionCode, rating]) => ({ questionCode, caregiverId, rating })),
    ),
  ];
  const comments = Object.values(state.comments)
    .map((c) => ({ ...c }))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.commentId < b.commentId ? -1 : 1));
  return {
    id: state.assessmentId,
    month: child.dateOfAssessment.slice(0, 7),
    dateOfAssessment: child.dateOfAssessment,
    assessmentType: state.assessmentType,
    ownerId: state.ownerId,
    agencyId: state.agencyId,
    previousAssessmentId: state.previousAssessmentId,
    libraryVersion: state.libraryVersion,
    includedInReports: state.includedInReports,
    createdAt: state.createdAt,
    completedAt: state.completedAt,
    approvedAt: state.approvedAt,
    approvedBy: state.approvedBy,
    child,
    caregivers: [...state.caregivers],
    ratings,
    comments,
    narrative: state.narrative,
  };
}

export const dataFeedProjection = defineEventProjection<AssessmentEvent>({
  name: 'data-feed',
  version: 1,
  collections: [
    { name: DATA_FEED_ASSESSMENTS_COLLECTION, indexes: ['month', 'dateOfAssessment', 'agencyId'] },
    { name: DATA_FEED_SOURCES_COLLECTION },
  ],
  eventTypes: ASSESSMENT_EVENT_TYPES,
  async apply(event, view) {
    const assessmentId = event.data.assessmentId;
    const source = await view.get<FeedSourceDocument>(DATA_FEED_SOURCES_COLLECTION, assessmentId, { readOnly: true });
    const before = source?.state ?? initialAssessmentState;
    const after = evolveAssessment(before, event);
    if (after === before) return;
    if (after.status === 'closed' || after.status === 'deleted') {
      view.delete(DATA_FEED_SOURCES_COLLECTION, assessmentId);
      if (before.status === 'approved') view.delete(DATA_FEED_ASSESSMENTS_COLLECTION, assessmentId);
      return;
    }
    view.upsert(DATA_FEED_SOURCES_COLLECTION, { id: assessmentId, state: after });
    // Only an approved assessment (before or after this event) changes the feed: drafts cost one document.
    if (before.status !== 'approved' && after.status !== 'approved') return;
    const feed = feedDocumentOf(after);
    if (feed) view.upsert(DATA_FEED_ASSESSMENTS_COLLECTION, feed);
    else view.delete(DATA_FEED_ASSESSMENTS_COLLECTION, assessmentId);
  },
});
