/**
 * Describes an assessment's stream for its history: one entry per event with a sentence ("Rated Chronicity 2 (was
 * 1)") and its field-level changes. The stream is folded once, in order, each event described against the state
 * before it, so describing is linear in the number of events. Never throws: an event of a type this code does not
 * know (a newer writer's), or one whose data cannot be read, is described generically.
 */
import { AssessmentState, evolveAssessment, initialAssessmentState, ratingOf } from '../assessment.aggregate';
import { AssessmentEventDataMap, AssessmentEventType, AssessmentEvents, isAssessmentEventType } from '../assessment.events';
import { EMPTY_NARRATIVE, NARRATIVE_FIELDS, NARRATIVE_LABELS, Narrative } from '../assessment.values';
import {
  CAREGIVER_FIELD_LABELS,
  assessmentFactChanges,
  caregiverChanges,
  caregiverNameIn,
  childChanges,
  commentChange,
  commentLabel,
  itemLabel,
  narrativeChanges,
  ratingChange,
  ratingField,
} from './history.changes';
import { displayRating, joinWords, shorten } from './history.format';
import { DescribedEvent, FieldChange, HistoryEvent, HistoryKind, HistoryVocabulary, sentenceOfIdentifier } from './history.types';

/** The kind of change each event type is (the history's filter). */
export const HISTORY_KIND_OF_EVENT: Readonly<Record<AssessmentEventType, HistoryKind>> = {
  AssessmentStarted: 'created',
  AssessmentLibraryVersionRecorded: 'created',
  ChildInformationSaved: 'child',
  AssessmentTypeChanged: 'child',
  CaregiverAdded: 'caregiver',
  CaregiverEdited: 'caregiver',
  CaregiverRemoved: 'caregiver',
  FamilyCaregiversBound: 'caregiver',
  ItemRated: 'rating',
  ItemRatingCleared: 'rating',
  QuestionCommentSaved: 'comment',
  QuestionCommentDeleted: 'comment',
  NarrativeSaved: 'narrative',
  AssessmentCompleted: 'status',
  AssessmentReturned: 'status',
  AssessmentApproved: 'status',
  AssessmentClosed: 'status',
  AssessmentDeleted: 'status',
  AssessmentIncludedInReports: 'reports',
  AssessmentExcludedFromReports: 'reports',
  AssessmentSharedWithUsers: 'sharing',
  AssessmentReassigned: 'owner',
};

/** An unknown event type's kind, guessed from its name (a history filter must still find it somewhere). */
export function historyKindOfType(type: string): HistoryKind {
  if (isAssessmentEventType(type)) return HISTORY_KIND_OF_EVENT[type];
  const guesses: readonly [RegExp, HistoryKind][] = [
    [/(Read|Viewed|Accessed)$/, 'viewed'],
    [/Caregiver/i, 'caregiver'],
    [/Comment/i, 'comment'],
    [/Rat(ed|ing)/i, 'rating'],
    [/Narrative/i, 'narrative'],
    [/Shar/i, 'sharing'],
    [/Report/i, 'reports'],
    [/Reassign|Owner/i, 'owner'],
    [/Child/i, 'child'],
    [/Start|Created|LibraryVersion/i, 'created'],
  ];
  return guesses.find(([pattern]) => pattern.test(type))?.[1] ?? 'status';
}

interface Description {
  sentence: string;
  changes: FieldChange[];
}

interface Moment {
  readonly before: AssessmentState;
  readonly after: AssessmentState;
  readonly vocabulary: HistoryVocabulary;
}

type Describers = { readonly [T in AssessmentEventType]: (data: AssessmentEventDataMap[T], moment: Moment) => Description };

const facts = ({ before, after, vocabulary }: Moment): FieldChange[] => assessmentFactChanges(before, after, vocabulary);
const caregiverName = ({ before, after }: Moment, caregiverId: string): string => caregiverNameIn([after, before], caregiverId);
const libraryVersionOf = ({ before, after }: Moment) => after.libraryVersion ?? before.libraryVersion;

function labelOfItem(moment: Moment, questionCode: string, caregiverId: string | null): string {
  return itemLabel(
    moment.vocabulary,
    libraryVersionOf(moment),
    questionCode,
    caregiverId === null ? null : caregiverName(moment, caregiverId),
  );
}

function childSentence(changes: readonly FieldChange[], firstSave: boolean): string {
  if (firstSave) return 'Entered the child record';
  if (changes.length === 0) return 'Saved the child record (no changes)';
  if (changes.length === 1) {
    const [{ label, before, after }] = changes;
    if (before === null) return `Set ${label} to ${shorten(after ?? '', 60)}`;
    if (after === null) return `Cleared ${label} (was ${shorten(before, 60)})`;
    return `Changed ${label} from ${shorten(before, 60)} to ${shorten(after, 60)}`;
  }
  const labels = changes.map((c) => c.label);
  if (labels.length <= 3) return `Changed ${joinWords(labels)}`;
  return `Changed ${labels.slice(0, 2).join(', ')} and ${labels.length - 2} more fields`;
}

const isEmptyNarrative = (narrative: Narrative): boolean => NARRATIVE_FIELDS.every((field) => (narrative[field] ?? '') === '');

function namesOf(vocabulary: HistoryVocabulary, userIds: readonly string[]): string {
  return userIds.map((id) => vocabulary.userName(id)).join(', ');
}

const DESCRIBERS: Describers = {
  AssessmentStarted: (d, m) => ({
    sentence: `Started the assessment (${m.vocabulary.optionName('assessmentType', d.assessmentType)})`,
    changes: facts(m),
  }),
  AssessmentLibraryVersionRecorded: (d, m) => ({ sentence: `Recorded library version ${d.version}`, changes: facts(m) }),
  ChildInformationSaved: (_d, m) => {
    const changes = childChanges(m.before.child, m.after.child, m.vocabulary);
    return { sentence: childSentence(changes, m.before.child === null && m.after.child !== null), changes };
  },
  AssessmentTypeChanged: (d, m) => ({
    sentence: `Changed the assessment type from ${m.vocabulary.optionName('assessmentType', d.from)} to ${m.vocabulary.optionName('assessmentType', d.to)}`,
    changes: facts(m),
  }),
  CaregiverAdded: (d, m) => {
    const id = d.caregiver.caregiverId;
    const name = caregiverName(m, id);
    const was = m.before.caregivers.find((c) => c.caregiverId === id);
    const now = m.after.caregivers.find((c) => c.caregiverId === id);
    return { sentence: `Added caregiver ${name}`, changes: caregiverChanges(id, name, was, now, m.vocabulary) };
  },
  CaregiverEdited: (d, m) => {
    const was = m.before.caregivers.find((c) => c.caregiverId === d.caregiverId);
    const now = m.after.caregivers.find((c) => c.caregiverId === d.caregiverId);
    const name = caregiverName(m, d.caregiverId);
    const changes = caregiverChanges(d.caregiverId, name, was, now, m.vocabulary);
    const fields = changes.map(
      (c) => CAREGIVER_FIELD_LABELS[c.field.slice(c.field.lastIndexOf('.') + 1) as keyof typeof CAREGIVER_FIELD_LABELS],
    );
    return {
      sentence: fields.length === 0 ? `Saved caregiver ${name} (no changes)` : `Edited caregiver ${name}: ${fields.join(', ')}`,
      changes,
    };
  },
  CaregiverRemoved: (d, m) => {
    const id = d.caregiverId;
    const name = caregiverName(m, id);
    const was = m.before.caregivers.find((c) => c.caregiverId === id);
    const now = m.after.caregivers.find((c) => c.caregiverId === id);
    const changes = caregiverChanges(id, name, was, now, m.vocabulary);
    // The caregiver's ratings and comments leave with them.
    const ratingsWere = m.before.caregiverRatings[id] ?? {};
    const ratingsAre = m.after.caregiverRatings[id] ?? {};
    for (const code of Object.keys(ratingsWere)) {
      changes.push(...ratingChange(ratingField(code, id), labelOfItem(m, code, id), ratingsWere[code], ratingsAre[code]));
    }
    for (const comment of Object.values(m.before.comments)) {
      if (comment.caregiverId !== id) continue;
      const label = commentLabel(labelOfItem(m, comment.questionCode, id));
      changes.push(...commentChange(comment.commentId, label, comment, m.after.comments[comment.commentId]));
    }
    return { sentence: `Removed caregiver ${name}`, changes };
  },
  FamilyCaregiversBound: (d, m) => {
    const changes = childChanges(m.before.child, m.after.child, m.vocabulary);
    const known = new Set(m.before.caregivers.map((c) => c.caregiverId));
    const added = m.after.caregivers.filter((c) => !known.has(c.caregiverId));
    for (const caregiver of added) {
      changes.push(...caregiverChanges(caregiver.caregiverId, caregiverName(m, caregiver.caregiverId), undefined, caregiver, m.vocabulary));
    }
    const noun = added.length === 1 ? 'caregiver' : 'caregivers';
    return { sentence: `Loaded ${added.length} ${noun} of family ${d.familyId}`, changes };
  },
  ItemRated: (d, m) => {
    const label = labelOfItem(m, d.questionCode, d.caregiverId);
    const was = ratingOf(m.before, d.questionCode, d.caregiverId);
    const now = ratingOf(m.after, d.questionCode, d.caregiverId);
    const rated = displayRating(d.rating);
    const previously = was === undefined ? '' : was === d.rating ? ' (unchanged)' : ` (was ${displayRating(was)})`;
    return {
      sentence: `Rated ${label} ${rated}${previously}`,
      changes: ratingChange(ratingField(d.questionCode, d.caregiverId), label, was, now),
    };
  },
  ItemRatingCleared: (d, m) => {
    const label = labelOfItem(m, d.questionCode, d.caregiverId);
    const was = ratingOf(m.before, d.questionCode, d.caregiverId);
    const now = ratingOf(m.after, d.questionCode, d.caregiverId);
    const previously = was === undefined ? '' : ` (was ${displayRating(was)})`;
    return {
      sentence: `Cleared the rating of ${label}${previously}`,
      changes: ratingChange(ratingField(d.questionCode, d.caregiverId), label, was, now),
    };
  },
  QuestionCommentSaved: (d, m) => {
    const item = labelOfItem(m, d.questionCode, d.caregiverId);
    const was = m.before.comments[d.commentId];
    const verb = was === undefined ? `Commented on ${item}` : `Edited the comment on ${item}`;
    return {
      sentence: `${verb}: ${shorten(d.content)}`,
      changes: commentChange(d.commentId, commentLabel(item), was, m.after.comments[d.commentId]),
    };
  },
  QuestionCommentDeleted: (d, m) => {
    const was = m.before.comments[d.commentId];
    if (was === undefined) return { sentence: 'Deleted a comment', changes: [] };
    const item = labelOfItem(m, was.questionCode, was.caregiverId);
    return {
      sentence: `Deleted the comment on ${item}`,
      changes: commentChange(d.commentId, commentLabel(item), was, m.after.comments[d.commentId]),
    };
  },
  NarrativeSaved: (_d, m) => {
    const changes = narrativeChanges(m.before.narrative ?? EMPTY_NARRATIVE, m.after.narrative ?? EMPTY_NARRATIVE);
    const sections = NARRATIVE_FIELDS.filter((field) => changes.some((c) => c.field === `narrative.${field}`)).map(
      (field) => NARRATIVE_LABELS[field],
    );
    if (sections.length === 0) return { sentence: 'Saved the narrative (no changes)', changes };
    const verb = isEmptyNarrative(m.before.narrative) ? 'Wrote' : 'Changed';
    return { sentence: `${verb} the narrative: ${sections.join(', ')}`, changes };
  },
  AssessmentCompleted: (_d, m) => ({ sentence: 'Completed and sent for approval', changes: facts(m) }),
  AssessmentReturned: (d, m) => ({ sentence: `Returned: ${shorten(d.reason)}`, changes: facts(m) }),
  AssessmentApproved: (_d, m) => ({ sentence: 'Approved', changes: facts(m) }),
  AssessmentClosed: (d, m) => ({ sentence: `Closed: ${shorten(d.reason)}`, changes: facts(m) }),
  AssessmentDeleted: (_d, m) => ({ sentence: 'Deleted', changes: facts(m) }),
  AssessmentIncludedInReports: (_d, m) => ({ sentence: 'Included in reports', changes: facts(m) }),
  AssessmentExcludedFromReports: (_d, m) => ({ sentence: 'Excluded from reports', changes: facts(m) }),
  AssessmentSharedWithUsers: (_d, m) => {
    const added = m.after.sharedWith.filter((id) => !m.before.sharedWith.includes(id));
    const removed = m.before.sharedWith.filter((id) => !m.after.sharedWith.includes(id));
    const parts = [
      ...(added.length > 0 ? [`Shared with ${namesOf(m.vocabulary, added)}`] : []),
      ...(removed.length > 0 ? [`${added.length > 0 ? 'stopped' : 'Stopped'} sharing with ${namesOf(m.vocabulary, removed)}`] : []),
    ];
    return { sentence: parts.length === 0 ? 'Saved the sharing (no changes)' : parts.join('; '), changes: facts(m) };
  },
  AssessmentReassigned: (d, m) => ({
    sentence: `Reassigned from ${m.vocabulary.userName(d.fromUserId)} to ${m.vocabulary.userName(d.toUserId)}`,
    changes: facts(m),
  }),
};

function describeOne(event: HistoryEvent, moment: Moment): Description & { kind: HistoryKind } {
  const kind = historyKindOfType(event.type);
  if (isAssessmentEventType(event.type)) {
    try {
      const describe = DESCRIBERS[event.type] as (data: unknown, moment: Moment) => Description;
      return { kind, ...describe(event.data, moment) };
    } catch {
      // Data this code cannot read (a damaged or future event): still an entry, described by its type.
    }
  }
  return { kind, sentence: sentenceOfIdentifier(event.type), changes: [] };
}

function evolveSafely(state: AssessmentState, event: HistoryEvent): AssessmentState {
  try {
    return evolveAssessment(state, event);
  } catch {
    return state;
  }
}

/** Folds the stream in order; each event described against the state before it. Unknown types are described generically, never throw. */
export function describeAssessmentEvents(events: readonly HistoryEvent[], vocabulary: HistoryVocabulary): DescribedEvent[] {
  const described: DescribedEvent[] = [];
  let state = initialAssessmentState;
  for (const event of events) {
    const after = evolveSafely(state, event);
    const { kind, sentence, changes } = describeOne(event, { before: state, after, vocabulary });
    described.push({
      revision: event.revision,
      position: event.position,
      at: event.recordedAt,
      userId: event.metadata?.userId ?? null,
      kind,
      type: event.type,
      sentence,
      changes,
      libraryVersion: after.libraryVersion?.version ?? null,
    });
    state = after;
  }
  return described;
}

/** The user ids an event's data names (owners, shares and their grantors, authors, who returned/approved/closed …). */
function userIdsInData(type: string, data: unknown): unknown[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  switch (type) {
    case AssessmentEvents.Started:
      return [d.ownerId];
    case AssessmentEvents.QuestionCommentSaved:
      return [d.authorId];
    case AssessmentEvents.Completed:
      return [d.completedBy];
    case AssessmentEvents.Returned:
      return [d.returnedBy];
    case AssessmentEvents.Approved:
      return [d.approvedBy];
    case AssessmentEvents.Closed:
      return [d.closedBy];
    case AssessmentEvents.Deleted:
      return [d.deletedBy];
    case AssessmentEvents.SharedWithUsers: {
      const grantors = typeof d.grantedBy === 'object' && d.grantedBy !== null ? Object.values(d.grantedBy) : [];
      return [...(Array.isArray(d.userIds) ? d.userIds : []), ...grantors];
    }
    case AssessmentEvents.Reassigned:
      return [d.fromUserId, d.toUserId];
    default:
      return [];
  }
}

/** Every user id the events mention (actors, owners, shares, comment authors, returned/approved by …), for loading names. */
export function mentionedUserIds(events: readonly HistoryEvent[]): string[] {
  const ids = new Set<string>();
  const add = (id: unknown) => {
    if (typeof id === 'string' && id !== '') ids.add(id);
  };
  for (const event of events) {
    add(event.metadata?.userId);
    for (const id of userIdsInData(event.type, event.data)) add(id);
  }
  return [...ids];
}
