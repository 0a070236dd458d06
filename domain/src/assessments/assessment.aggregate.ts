/**
 * The assessment aggregate's state, folded from the "assessment-<id>" stream. Pure: evolve never throws and ignores
 * unknown event types (a newer writer's events do not break an older reader). The decider is assessment.decider.ts.
 */
import { knownEvents } from '../decider';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { Rating } from '../library/instrument/instrument.types';
import { ASSESSMENT_EVENT_TYPES, AssessmentEvent, AssessmentEvents } from './assessment.events';
import { AssessmentStatus, Caregiver, ChildInformation, EMPTY_NARRATIVE, LibraryVersionRef, Narrative } from './assessment.values';

/** A comment on one question (spec "Question comment": content, author, date). */
export interface QuestionComment {
  readonly commentId: string;
  readonly questionCode: string;
  readonly caregiverId: string | null;
  readonly content: string;
  readonly authorId: string;
  /** When it was first written. */
  readonly createdAt: string;
  /** When it was last saved. */
  readonly savedAt: string;
}

/** A comment on the assessment itself: the reason of a return or a close (spec "Assessment comment"). */
export interface StatusComment {
  readonly kind: 'returned' | 'closed';
  readonly content: string;
  readonly authorId: string;
  readonly at: string;
}

export interface AssessmentState {
  /** False until AssessmentStarted. */
  readonly exists: boolean;
  readonly assessmentId: string;
  readonly status: AssessmentStatus;
  /** The case worker (assessor) whose case this is. */
  readonly ownerId: string;
  /** Who started it (metadata of AssessmentStarted). */
  readonly createdBy: string | null;
  readonly agencyId: string | null;
  /** Users the assessment is shared with (besides the owner). */
  readonly sharedWith: readonly string[];
  /** Who granted each share: user id → the user who shared it with them. */
  readonly shareGrantedBy: Readonly<Record<string, string>>;
  /** Option id of the "Initialized" list (spec initialized). */
  readonly assessmentType: string;
  readonly previousAssessmentId: string | null;
  readonly libraryVersion: LibraryVersionRef | null;
  readonly child: ChildInformation | null;
  /** In the order they were added; a caregiver's position here is its index in the rule evaluator. */
  readonly caregivers: readonly Caregiver[];
  /** Child items: question code → rating. */
  readonly childRatings: Readonly<Record<string, Rating>>;
  /** Caregiver items: caregiver id → question code → rating. */
  readonly caregiverRatings: Readonly<Record<string, Readonly<Record<string, Rating>>>>;
  readonly comments: Readonly<Record<string, QuestionComment>>;
  readonly narrative: Narrative;
  readonly statusComments: readonly StatusComment[];
  /** Spec displayFlag: an approved assessment counts in reports unless excluded. */
  readonly includedInReports: boolean;
  readonly createdAt: string | null;
  /** recordedAt of the latest event (spec modifiedTime / "last update"). */
  readonly lastModifiedAt: string | null;
  readonly completedAt: string | null;
  readonly approvedAt: string | null;
  readonly approvedBy: string | null;
}

export const initialAssessmentState: AssessmentState = {
  exists: false,
  assessmentId: '',
  status: 'incomplete',
  ownerId: '',
  createdBy: null,
  agencyId: null,
  sharedWith: [],
  shareGrantedBy: {},
  assessmentType: '',
  previousAssessmentId: null,
  libraryVersion: null,
  child: null,
  caregivers: [],
  childRatings: {},
  caregiverRatings: {},
  comments: {},
  narrative: EMPTY_NARRATIVE,
  statusComments: [],
  includedInReports: true,
  createdAt: null,
  lastModifiedAt: null,
  completedAt: null,
  approvedAt: null,
  approvedBy: null,
};

/** A stored event as projections hand it over (any type; evolveAssessment skips the ones it does not know). */
export type FoldableEvent = Pick<RecordedEvent, 'type' | 'data' | 'recordedAt'> & {
  metadata: Pick<RecordedEvent['metadata'], 'userId'>;
};

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _removed, ...rest } = record;
  return rest;
};

function setRating(state: AssessmentState, questionCode: string, caregiverId: string | null, rating: Rating | undefined): AssessmentState {
  if (caregiverId === null) {
    const childRatings =
      rating === undefined ? without(state.childRatings, questionCode) : { ...state.childRatings, [questionCode]: rating };
    return { ...state, childRatings };
  }
  // A rating for a caregiver who is no longer on the assessment is dropped, like the caregiver's other ratings.
  if (!state.caregivers.some((c) => c.caregiverId === caregiverId)) return state;
  const current = state.caregiverRatings[caregiverId] ?? {};
  const next = rating === undefined ? without(current, questionCode) : { ...current, [questionCode]: rating };
  return { ...state, caregiverRatings: { ...state.caregiverRatings, [caregiverId]: next } };
}

function apply(state: AssessmentState, event: AssessmentEvent, at: string | null): AssessmentState {
  switch (event.type) {
    case AssessmentEvents.Started: {
      const d = event.data;
      return {
        ...initialAssessmentState,
        exists: true,
        assessmentId: d.assessmentId,
        status: 'incomplete',
        ownerId: d.ownerId,
        createdBy: event.metadata?.userId ?? null,
        agencyId: d.agencyId,
        assessmentType: d.assessmentType,
        previousAssessmentId: d.previousAssessmentId,
        createdAt: at,
      };
    }
    case AssessmentEvents.LibraryVersionRecorded:
      return { ...state, libraryVersion: { instrumentCode: event.data.instrumentCode, version: event.data.version } };
    case AssessmentEvents.ChildInformationSaved:
      return { ...state, child: event.data.child };
    case AssessmentEvents.TypeChanged:
      return { ...state, assessmentType: event.data.to };
    case AssessmentEvents.CaregiverAdded: {
      const { caregiver } = event.data;
      if (state.caregivers.some((c) => c.caregiverId === caregiver.caregiverId)) return state;
      return { ...state, caregivers: [...state.caregivers, caregiver] };
    }
    case AssessmentEvents.CaregiverEdited: {
      const d = event.data;
      return {
        ...state,
        caregivers: state.caregivers.map((c) => (c.caregiverId === d.caregiverId ? { ...d.details, caregiverId: c.caregiverId } : c)),
      };
    }
    case AssessmentEvents.CaregiverRemoved: {
      const { caregiverId } = event.data;
      const comments = Object.fromEntries(Object.entries(state.comments).filter(([, c]) => c.caregiverId !== caregiverId));
      return {
        ...state,
        caregivers: state.caregivers.filter((c) => c.caregiverId !== caregiverId),
        caregiverRatings: without(state.caregiverRatings, caregiverId),
        comments,
      };
    }
    case AssessmentEvents.FamilyCaregiversBound: {
      const d = event.data;
      const known = new Set(state.caregivers.map((c) => c.caregiverId));
      return {
        ...state,
        child: state.child ? { ...state.child, familyId: d.familyId } : state.child,
        caregivers: [...state.caregivers, ...d.caregivers.filter((c) => !known.has(c.caregiverId))],
      };
    }
    case AssessmentEvents.ItemRated:
      return setRating(state, event.data.questionCode, event.data.caregiverId, event.data.rating);
    case AssessmentEvents.ItemRatingCleared:
      return setRating(state, event.data.questionCode, event.data.caregiverId, undefined);
    case AssessmentEvents.QuestionCommentSaved: {
      const d = event.data;
      const previous = state.comments[d.commentId];
      const savedAt = at ?? previous?.savedAt ?? '';
      const comment: QuestionComment = {
        commentId: d.commentId,
        questionCode: d.questionCode,
        caregiverId: d.caregiverId,
        content: d.content,
        authorId: d.authorId,
        createdAt: previous?.createdAt ?? savedAt,
        savedAt,
      };
      return { ...state, comments: { ...state.comments, [d.commentId]: comment } };
    }
    case AssessmentEvents.QuestionCommentDeleted:
      return { ...state, comments: without(state.comments, event.data.commentId) };
    case AssessmentEvents.NarrativeSaved:
      return { ...state, narrative: event.data.narrative };
    case AssessmentEvents.Completed:
      return { ...state, status: 'pendingApproval', completedAt: at };
    case AssessmentEvents.Returned: {
      const d = event.data;
      return {
        ...state,
        status: 'returned',
        statusComments: [...state.statusComments, { kind: 'returned', content: d.reason, authorId: d.returnedBy, at: at ?? '' }],
      };
    }
    case AssessmentEvents.Approved:
      return { ...state, status: 'approved', approvedAt: at, approvedBy: event.data.approvedBy };
    case AssessmentEvents.Closed: {
      const d = event.data;
      return {
        ...state,
        status: 'closed',
        statusComments: [...state.statusComments, { kind: 'closed', content: d.reason, authorId: d.closedBy, at: at ?? '' }],
      };
    }
    case AssessmentEvents.Deleted:
      return { ...state, status: 'deleted' };
    case AssessmentEvents.IncludedInReports:
      return { ...state, includedInReports: true };
    case AssessmentEvents.ExcludedFromReports:
      return { ...state, includedInReports: false };
    case AssessmentEvents.SharedWithUsers: {
      const d = event.data;
      const actorId = event.metadata?.userId ?? null;
      const grantor = (userId: string) =>
        d.grantedBy?.[userId] ?? (state.sharedWith.includes(userId) ? shareGrantorOf(state, userId) : (actorId ?? state.ownerId));
      return { ...state, sharedWith: [...d.userIds], shareGrantedBy: Object.fromEntries(d.userIds.map((u) => [u, grantor(u)])) };
    }
    case AssessmentEvents.Reassigned: {
      const d = event.data;
      return {
        ...state,
        ownerId: d.toUserId,
        agencyId: d.agencyId,
        sharedWith: state.sharedWith.filter((u) => u !== d.toUserId),
        shareGrantedBy: without(state.shareGrantedBy, d.toUserId),
      };
    }
  }
}

/**
 * Folds one assessment event into the state. Events before the start are ignored. A stored event carries when it
 * was recorded (creation, last update and comment times come from it); an event just decided keeps the times.
 */
export function evolveAssessmentEvent(state: AssessmentState, event: AssessmentEvent): AssessmentState {
  if (!state.exists && event.type !== AssessmentEvents.Started) return state;
  const at = event.recordedAt ?? null;
  const next = apply(state, event, at);
  return next === state ? state : { ...next, lastModifiedAt: at ?? next.lastModifiedAt };
}

/** Folds one stored event of any type (projections): types of other streams or of a newer writer are skipped. */
export function evolveAssessment(state: AssessmentState, event: FoldableEvent): AssessmentState {
  const [known] = knownEvents<AssessmentEvent>(ASSESSMENT_EVENT_TYPES, [event]);
  return known ? evolveAssessmentEvent(state, known) : state;
}

/** Who shared the assessment with this user (the owner for shares whose grantor is unknown). */
export const shareGrantorOf = (state: AssessmentState, userId: string): string => state.shareGrantedBy[userId] ?? state.ownerId;

/** The rating of one item, or undefined. */
export function ratingOf(state: AssessmentState, questionCode: string, caregiverId: string | null): Rating | undefined {
  return caregiverId === null ? state.childRatings[questionCode] : state.caregiverRatings[caregiverId]?.[questionCode];
}

export const caregiverDisplayName = (caregiver: Pick<Caregiver, 'firstName' | 'lastName'>): string =>
  `${caregiver.firstName} ${caregiver.lastName}`.trim();
