/**
 * Events of an assessment's stream ("assessment-<id>"). Names are past tense; data carries the facts needed to
 * rebuild the aggregate and every read model (list rows, questionnaire, summary, reports). Who did it and when are
 * in the event's metadata.userId and recordedAt; data repeats the actor only where the fact is about a person
 * (who approved, who wrote a comment, who owns the case).
 *
 * Ratings and comments are keyed by question code plus caregiver id (never by the caregiver's position), so
 * removing a caregiver cannot shift another caregiver's answers; see questionnaire.ts for the mapping to the rule
 * evaluator's positional 'CODE#index' keys.
 */
import type { EventUnion } from '../decider';
import type { Rating } from '../library/instrument/instrument.types';
import type { Caregiver, CaregiverDetails, ChildInformation, LibraryVersionRef, Narrative } from './assessment.values';

export const AssessmentEvents = {
  Started: 'AssessmentStarted',
  LibraryVersionRecorded: 'AssessmentLibraryVersionRecorded',
  ChildInformationSaved: 'ChildInformationSaved',
  TypeChanged: 'AssessmentTypeChanged',
  CaregiverAdded: 'CaregiverAdded',
  CaregiverEdited: 'CaregiverEdited',
  CaregiverRemoved: 'CaregiverRemoved',
  FamilyCaregiversBound: 'FamilyCaregiversBound',
  ItemRated: 'ItemRated',
  ItemRatingCleared: 'ItemRatingCleared',
  QuestionCommentSaved: 'QuestionCommentSaved',
  QuestionCommentDeleted: 'QuestionCommentDeleted',
  NarrativeSaved: 'NarrativeSaved',
  Completed: 'AssessmentCompleted',
  Returned: 'AssessmentReturned',
  Approved: 'AssessmentApproved',
  Closed: 'AssessmentClosed',
  Deleted: 'AssessmentDeleted',
  /** The assessment counts in reports again (spec displayFlag on). */
  IncludedInReports: 'AssessmentIncludedInReports',
  /** The assessment no longer counts in reports (spec displayFlag off). */
  ExcludedFromReports: 'AssessmentExcludedFromReports',
  SharedWithUsers: 'AssessmentSharedWithUsers',
  Reassigned: 'AssessmentReassigned',
} as const;

export type AssessmentEventType = (typeof AssessmentEvents)[keyof typeof AssessmentEvents];

export const assessmentStreamId = (assessmentId: string): string => `assessment-${assessmentId}`;
export const ASSESSMENT_STREAM_PREFIX = 'assessment-';

/** A new assessment exists, status Incomplete. Always followed in the same append by the library version and the child information. */
export interface AssessmentStartedData {
  assessmentId: string;
  /** The case worker (assessor) who owns the case. */
  ownerId: string;
  /** The owner's agency (row access and the list's agency column). */
  agencyId: string | null;
  /** An id of the "Initialized" option list (spec initialized; 62 Initial Assessment, …). */
  assessmentType: string;
  /** The child's latest approved assessment this one was prefilled from (spec latestApprovedChildId), if any. */
  previousAssessmentId: string | null;
}

/** The library version whose questions and rules this assessment uses for its whole life. */
export interface AssessmentLibraryVersionRecordedData extends LibraryVersionRef {
  assessmentId: string;
}

/** The full child record as saved (a snapshot: every field, after validation and normalisation). */
export interface ChildInformationSavedData {
  assessmentId: string;
  child: ChildInformation;
}

/** The assessment type (an id of the "Initialized" option list) was changed. */
export interface AssessmentTypeChangedData {
  assessmentId: string;
  from: string;
  to: string;
}

/** A caregiver was added to the assessment. */
export interface CaregiverAddedData {
  assessmentId: string;
  caregiver: Caregiver;
}

/** The caregiver's details as saved (full snapshot). */
export interface CaregiverEditedData {
  assessmentId: string;
  caregiverId: string;
  details: CaregiverDetails;
}

/** The caregiver left the assessment; its ratings and comments go with it. */
export interface CaregiverRemovedData {
  assessmentId: string;
  caregiverId: string;
}

/**
 * The user agreed to save a FAMILY ID and load the caregivers recorded for that family on other assessments
 * (spec caregiver_bind_familyId). The loaded caregivers have no relationship to this child yet.
 */
export interface FamilyCaregiversBoundData {
  assessmentId: string;
  familyId: string;
  caregivers: Caregiver[];
}

/**
 * One item was rated. Self-contained on purpose: it does not depend on any other item, so two users rating
 * different items at the same time both keep their rating (see assessment.concurrency.ts).
 * caregiverId is null for a child item and set for a caregiver item (answered once per caregiver).
 */
export interface ItemRatedData {
  assessmentId: string;
  questionCode: string;
  caregiverId: string | null;
  rating: Rating;
}

/** One item's rating was removed: the item is unanswered again. */
export interface ItemRatingClearedData {
  assessmentId: string;
  questionCode: string;
  caregiverId: string | null;
}

/** A comment on one question was written or edited (same commentId). */
export interface QuestionCommentSavedData {
  assessmentId: string;
  commentId: string;
  questionCode: string;
  caregiverId: string | null;
  content: string;
  authorId: string;
}

/** A comment on a question was deleted. */
export interface QuestionCommentDeletedData {
  assessmentId: string;
  commentId: string;
}

/** The narrative was saved (a snapshot: all its fields). */
export interface NarrativeSavedData {
  assessmentId: string;
  narrative: Narrative;
}

/** Incomplete or Returned → Pending Approval. */
export interface AssessmentCompletedData {
  assessmentId: string;
  completedBy: string;
}

/** Pending Approval → Returned; the reason is the assessment comment shown as "Returned Comments". */
export interface AssessmentReturnedData {
  assessmentId: string;
  returnedBy: string;
  reason: string;
}

/** Pending Approval → Approved. From now on the assessment counts in reports (unless excluded). */
export interface AssessmentApprovedData {
  assessmentId: string;
  approvedBy: string;
}

/** Incomplete or Returned → Closed; the reason is the assessment comment shown as "Close Comments". */
export interface AssessmentClosedData {
  assessmentId: string;
  closedBy: string;
  reason: string;
}

/** The assessment was deleted: it leaves lists and reports (its stream and events stay). */
export interface AssessmentDeletedData {
  assessmentId: string;
  deletedBy: string;
  /** The status it had, for the audit trail and for read models that count per status. */
  previousStatus: string;
}

/** Report inclusion (spec displayFlag) switched on or off. */
export interface AssessmentReportInclusionData {
  assessmentId: string;
}

/** The complete set of users the assessment is now shared with (replaces the previous set). */
export interface AssessmentSharedWithUsersData {
  assessmentId: string;
  userIds: string[];
  /**
   * Who granted each share (user id → granting user id): a share keeps the shares others granted (see
   * decideShareAssessment). Optional: events written before it was recorded lack it, and the fold then credits
   * the users an event added to the event's actor (metadata.userId) and keeps the earlier grantor of the others.
   */
  grantedBy?: Record<string, string>;
}

/** The case was handed from one owner (the assessor) to another. */
export interface AssessmentReassignedData {
  assessmentId: string;
  fromUserId: string;
  toUserId: string;
  /** The new owner's agency. */
  agencyId: string | null;
}

/** Event type → data type, for typed construction and folding. */
export type AssessmentEventDataMap = {
  AssessmentStarted: AssessmentStartedData;
  AssessmentLibraryVersionRecorded: AssessmentLibraryVersionRecordedData;
  ChildInformationSaved: ChildInformationSavedData;
  AssessmentTypeChanged: AssessmentTypeChangedData;
  CaregiverAdded: CaregiverAddedData;
  CaregiverEdited: CaregiverEditedData;
  CaregiverRemoved: CaregiverRemovedData;
  FamilyCaregiversBound: FamilyCaregiversBoundData;
  ItemRated: ItemRatedData;
  ItemRatingCleared: ItemRatingClearedData;
  QuestionCommentSaved: QuestionCommentSavedData;
  QuestionCommentDeleted: QuestionCommentDeletedData;
  NarrativeSaved: NarrativeSavedData;
  AssessmentCompleted: AssessmentCompletedData;
  AssessmentReturned: AssessmentReturnedData;
  AssessmentApproved: AssessmentApprovedData;
  AssessmentClosed: AssessmentClosedData;
  AssessmentDeleted: AssessmentDeletedData;
  AssessmentIncludedInReports: AssessmentReportInclusionData;
  AssessmentExcludedFromReports: AssessmentReportInclusionData;
  AssessmentSharedWithUsers: AssessmentSharedWithUsersData;
  AssessmentReassigned: AssessmentReassignedData;
};

/**
 * When and by whom an event was recorded. Stored events carry it (the store's recordedAt and metadata); events just
 * decided do not yet, so evolve keeps the previous times for them (applyDecided stamps them for an answer).
 */
export interface RecordingFacts {
  readonly recordedAt?: string;
  readonly metadata?: { readonly userId: string | null };
}

/** An assessment event: a discriminated union on `type`, so evolve and projections narrow `data` without casts. */
export type AssessmentEvent = EventUnion<AssessmentEventDataMap> & RecordingFacts;

/** Every event type of an assessment stream (the decider's contract with the store). */
export const ASSESSMENT_EVENT_TYPES: readonly AssessmentEventType[] = Object.values(AssessmentEvents);

export function assessmentEvent<T extends AssessmentEventType>(type: T, data: AssessmentEventDataMap[T]): AssessmentEvent {
  // TypeScript cannot relate a generic T to its member of the union; the signature ties type and data together.
  return { type, data } as AssessmentEvent;
}

const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set(ASSESSMENT_EVENT_TYPES);

export const isAssessmentEventType = (type: string): type is AssessmentEventType => KNOWN_EVENT_TYPES.has(type);
