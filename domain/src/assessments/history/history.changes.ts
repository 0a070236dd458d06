/**
 * Field-level changes between two states of an assessment. The describer uses the per-part functions for the part
 * one event touches (so describing a long stream stays linear); diffAssessmentStates runs them all, so a history
 * entry and a comparison of two moments name and display a field the same way.
 */
import type { Rating } from '../../library/instrument/instrument.types';
import { AssessmentState, QuestionComment, StatusComment, caregiverDisplayName } from '../assessment.aggregate';
import {
  ASSESSMENT_STATUS_LABELS,
  Caregiver,
  CaregiverDetails,
  ChildInformation,
  LibraryVersionRef,
  NARRATIVE_FIELDS,
  NARRATIVE_LABELS,
  Narrative,
} from '../assessment.values';
import { displayDate, displayGender, displayRating, displayYesNo, textOrNull } from './history.format';
import type { FieldChange, HistoryVocabulary } from './history.types';

const change = (field: string, label: string, before: string | null, after: string | null): FieldChange[] =>
  before === after ? [] : [{ field, label, before, after }];

// ---------------------------------------------------------------------------------------------------------
// Child record
// ---------------------------------------------------------------------------------------------------------

type ChildValue = ChildInformation[keyof ChildInformation];
type Display<V> = (value: V, vocabulary: HistoryVocabulary) => string | null;

const asText: Display<ChildValue> = (value) => textOrNull(value);
const asDate: Display<ChildValue> = (value) => (typeof value === 'string' && value !== '' ? displayDate(value) : textOrNull(value));

/** Every field of the child record and how it displays (a Record, so a new field cannot be forgotten). */
const CHILD_FIELD_DISPLAY: Readonly<Record<keyof ChildInformation, Display<ChildValue>>> = {
  cin: asText,
  familyId: asText,
  firstName: asText,
  lastName: asText,
  gender: (value) => displayGender(textOrNull(value)),
  raceEthnicity: asText,
  primaryLanguage: asText,
  medicaidNumber: asText,
  age: asText,
  dateOfBirth: asDate,
  address: asText,
  city: asText,
  zip: asText,
  county: asText,
  dateOfAssessment: asDate,
  caseOpeningDate: asDate,
  assessorPhoneNumber: asText,
  daysToNextAssessment: asText,
  lookedAfterChild: (value) => displayYesNo(textOrNull(value)),
  lookedAfterStatus: (value, vocabulary) => {
    const id = textOrNull(value);
    return id === null ? null : vocabulary.optionName('lookedAfterStatus', id);
  },
  involvement: asText,
  assessmentScope: asText,
  recommendationsNote: asText,
};

export const CHILD_HISTORY_FIELDS = Object.keys(CHILD_FIELD_DISPLAY) as (keyof ChildInformation)[];

export function childChanges(
  before: ChildInformation | null,
  after: ChildInformation | null,
  vocabulary: HistoryVocabulary,
): FieldChange[] {
  if (before === after) return [];
  const changes: FieldChange[] = [];
  for (const field of CHILD_HISTORY_FIELDS) {
    const display = CHILD_FIELD_DISPLAY[field];
    const was = before ? display(before[field] ?? null, vocabulary) : null;
    const now = after ? display(after[field] ?? null, vocabulary) : null;
    if (was !== now) changes.push({ field: `child.${field}`, label: vocabulary.childFieldLabel(field), before: was, after: now });
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------------------
// Caregivers
// ---------------------------------------------------------------------------------------------------------

type CaregiverValue = CaregiverDetails[keyof CaregiverDetails];
const caregiverText: Display<CaregiverValue> = (value) => (typeof value === 'object' ? null : textOrNull(value));

export const CAREGIVER_FIELD_LABELS: Readonly<Record<keyof CaregiverDetails, string>> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  relationship: 'Relationship',
  gender: 'Gender',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  zip: 'Zip',
  county: 'County',
  cin: 'PID',
};

const CAREGIVER_FIELD_DISPLAY: Readonly<Record<keyof CaregiverDetails, Display<CaregiverValue>>> = {
  firstName: caregiverText,
  lastName: caregiverText,
  relationship: (value) => (value !== null && typeof value === 'object' ? `${value.role} (${value.group})` : null),
  gender: (value) => (typeof value === 'string' ? displayGender(value) : null),
  phone: caregiverText,
  address: caregiverText,
  city: caregiverText,
  zip: caregiverText,
  county: caregiverText,
  cin: caregiverText,
};

const CAREGIVER_FIELDS = Object.keys(CAREGIVER_FIELD_LABELS) as (keyof CaregiverDetails)[];

/** "Jane Doe", or the id of a caregiver the state does not (or no longer) know. */
export function caregiverNameIn(states: readonly AssessmentState[], caregiverId: string): string {
  for (const state of states) {
    const caregiver = state.caregivers.find((c) => c.caregiverId === caregiverId);
    if (caregiver) return caregiverDisplayName(caregiver) || caregiverId;
  }
  return caregiverId;
}

export const caregiverFieldLabel = (caregiverName: string, field: keyof CaregiverDetails): string =>
  `Caregiver ${caregiverName}: ${CAREGIVER_FIELD_LABELS[field]}`;

export function caregiverChanges(
  caregiverId: string,
  caregiverName: string,
  before: CaregiverDetails | undefined,
  after: CaregiverDetails | undefined,
  vocabulary: HistoryVocabulary,
): FieldChange[] {
  if (before === after) return [];
  const changes: FieldChange[] = [];
  for (const field of CAREGIVER_FIELDS) {
    const display = CAREGIVER_FIELD_DISPLAY[field];
    const was = before ? display(before[field] ?? null, vocabulary) : null;
    const now = after ? display(after[field] ?? null, vocabulary) : null;
    if (was !== now)
      changes.push({
        field: `caregiver.${caregiverId}.${field}`,
        label: caregiverFieldLabel(caregiverName, field),
        before: was,
        after: now,
      });
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------------------
// Ratings and comments
// ---------------------------------------------------------------------------------------------------------

export const ratingField = (questionCode: string, caregiverId: string | null): string =>
  caregiverId === null ? `rating.${questionCode}` : `rating.${questionCode}.${caregiverId}`;

/** 'Chronicity', or 'Chronicity (caregiver Jane Doe)' for a caregiver item. */
export function itemLabel(
  vocabulary: HistoryVocabulary,
  libraryVersion: LibraryVersionRef | null,
  questionCode: string,
  caregiverName: string | null,
): string {
  const name = vocabulary.itemName(questionCode, libraryVersion) || questionCode;
  return caregiverName === null ? name : `${name} (caregiver ${caregiverName})`;
}

export const ratingChange = (field: string, label: string, before: Rating | undefined, after: Rating | undefined): FieldChange[] =>
  change(field, label, displayRating(before), displayRating(after));

export const commentLabel = (itemLabelText: string): string => `Comment on ${itemLabelText}`;

export const commentChange = (
  commentId: string,
  label: string,
  before: QuestionComment | undefined,
  after: QuestionComment | undefined,
): FieldChange[] => change(`comment.${commentId}`, label, textOrNull(before?.content), textOrNull(after?.content));

// ---------------------------------------------------------------------------------------------------------
// Narrative
// ---------------------------------------------------------------------------------------------------------

export const narrativeLabel = (field: keyof Narrative): string => `Narrative: ${NARRATIVE_LABELS[field]}`;

export function narrativeChanges(before: Narrative, after: Narrative): FieldChange[] {
  if (before === after) return [];
  return NARRATIVE_FIELDS.flatMap((field) =>
    change(`narrative.${field}`, narrativeLabel(field), textOrNull(before[field]), textOrNull(after[field])),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The assessment's own facts (status, owner, type, library version, reasons, sharing, report inclusion)
// ---------------------------------------------------------------------------------------------------------

const STATUS_COMMENT_LABELS: Readonly<Record<StatusComment['kind'], string>> = {
  returned: 'Returned Comments',
  closed: 'Close Comments',
};

const userNames = (vocabulary: HistoryVocabulary, userIds: readonly string[]): string | null =>
  userIds.length === 0 ? null : userIds.map((id) => vocabulary.userName(id)).join(', ');

const sameMembers = (a: readonly string[], b: readonly string[]): boolean =>
  a === b || (a.length === b.length && a.every((id) => b.includes(id)));

/** The facts of the assessment itself; a state that does not exist yet has none of them. */
export function assessmentFactChanges(before: AssessmentState, after: AssessmentState, vocabulary: HistoryVocabulary): FieldChange[] {
  if (before === after) return [];
  const changes: FieldChange[] = [];
  const fact = <T>(read: (state: AssessmentState) => T, show: (value: T) => string | null) => ({
    before: before.exists ? show(read(before)) : null,
    after: after.exists ? show(read(after)) : null,
  });
  const push = (field: string, label: string, values: { before: string | null; after: string | null }) =>
    changes.push(...change(field, label, values.before, values.after));

  push(
    'status',
    'Status',
    fact(
      (s) => s.status,
      (status) => ASSESSMENT_STATUS_LABELS[status] ?? status,
    ),
  );
  push(
    'owner',
    'Case worker',
    fact(
      (s) => s.ownerId,
      (id) => (id === '' ? null : vocabulary.userName(id)),
    ),
  );
  push(
    'assessmentType',
    vocabulary.childFieldLabel('assessmentType'),
    fact(
      (s) => s.assessmentType,
      (id) => (id === '' ? null : vocabulary.optionName('assessmentType', id)),
    ),
  );
  push(
    'libraryVersion',
    'Library version',
    fact(
      (s) => s.libraryVersion?.version ?? null,
      (v) => v,
    ),
  );

  const comments = Math.max(before.statusComments.length, after.statusComments.length);
  for (let index = 0; index < comments; index++) {
    const was = before.statusComments[index];
    const now = after.statusComments[index];
    const label = STATUS_COMMENT_LABELS[(now ?? was)!.kind] ?? 'Status comment';
    changes.push(...change(`statusComment.${index}`, label, textOrNull(was?.content), textOrNull(now?.content)));
  }

  if (!sameMembers(before.sharedWith, after.sharedWith) || before.exists !== after.exists) {
    push(
      'sharedWith',
      'Shared with',
      fact(
        (s) => s.sharedWith,
        (ids) => userNames(vocabulary, ids),
      ),
    );
  }
  push(
    'includedInReports',
    'Included in reports',
    fact(
      (s) => s.includedInReports,
      (included) => (included ? 'Yes' : 'No'),
    ),
  );
  return changes;
}

// ---------------------------------------------------------------------------------------------------------
// Two whole states
// ---------------------------------------------------------------------------------------------------------

const unionOfKeys = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string[] => {
  const keys = Object.keys(a);
  for (const key of Object.keys(b)) if (!(key in a)) keys.push(key);
  return keys;
};

function caregiverIdsOf(before: AssessmentState, after: AssessmentState): string[] {
  const ids = before.caregivers.map((c) => c.caregiverId);
  for (const c of after.caregivers) if (!ids.includes(c.caregiverId)) ids.push(c.caregiverId);
  return ids;
}

const detailsOf = (state: AssessmentState, caregiverId: string): Caregiver | undefined =>
  state.caregivers.find((c) => c.caregiverId === caregiverId);

/** Field-level differences before → after, with the same field names/labels as describeAssessmentEvents. */
export function diffAssessmentStates(before: AssessmentState, after: AssessmentState, vocabulary: HistoryVocabulary): FieldChange[] {
  if (before === after) return [];
  const libraryVersion = after.libraryVersion ?? before.libraryVersion;
  const states = [after, before];
  const changes = [...assessmentFactChanges(before, after, vocabulary), ...childChanges(before.child, after.child, vocabulary)];

  const caregiverIds = caregiverIdsOf(before, after);
  for (const id of caregiverIds) {
    changes.push(...caregiverChanges(id, caregiverNameIn(states, id), detailsOf(before, id), detailsOf(after, id), vocabulary));
  }

  for (const code of unionOfKeys(before.childRatings, after.childRatings)) {
    const label = itemLabel(vocabulary, libraryVersion, code, null);
    changes.push(...ratingChange(ratingField(code, null), label, before.childRatings[code], after.childRatings[code]));
  }
  for (const id of unionOfKeys(before.caregiverRatings, after.caregiverRatings)) {
    const was = before.caregiverRatings[id] ?? {};
    const now = after.caregiverRatings[id] ?? {};
    if (was === now) continue;
    const name = caregiverNameIn(states, id);
    for (const code of unionOfKeys(was, now)) {
      changes.push(...ratingChange(ratingField(code, id), itemLabel(vocabulary, libraryVersion, code, name), was[code], now[code]));
    }
  }

  if (before.comments !== after.comments) {
    for (const id of unionOfKeys(before.comments, after.comments)) {
      const was = before.comments[id];
      const now = after.comments[id];
      const about = (now ?? was)!;
      const name = about.caregiverId === null ? null : caregiverNameIn(states, about.caregiverId);
      changes.push(...commentChange(id, commentLabel(itemLabel(vocabulary, libraryVersion, about.questionCode, name)), was, now));
    }
  }

  changes.push(...narrativeChanges(before.narrative, after.narrative));
  return changes;
}
