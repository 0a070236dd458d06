/**
 * The vocabulary of an assessment's history (issue 16): what kinds of change there are, how one field-level change
 * reads, and what the describer needs to name users, items, fields and options. The backend loads the names first,
 * so every lookup here is synchronous.
 */
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { DEFAULT_CHILD_FIELD_LABELS } from '../child-information.validation';
import { DEFAULT_ASSESSMENT_TYPES, DEFAULT_LOOKED_AFTER_STATUSES, LibraryVersionRef, OptionItem } from '../assessment.values';

export type HistoryKind =
  'created' | 'child' | 'caregiver' | 'rating' | 'comment' | 'narrative' | 'status' | 'sharing' | 'reports' | 'owner' | 'viewed';

export const HISTORY_KINDS: readonly HistoryKind[] = [
  'created',
  'child',
  'caregiver',
  'rating',
  'comment',
  'narrative',
  'status',
  'sharing',
  'reports',
  'owner',
  'viewed',
];

export const isHistoryKind = (value: unknown): value is HistoryKind =>
  typeof value === 'string' && (HISTORY_KINDS as string[]).includes(value);

/**
 * One field before → after, as display strings (null: no value). Field names: child.<field>,
 * caregiver.<caregiverId>.<field>, rating.<questionCode>[.<caregiverId>], comment.<commentId>, narrative.<field>,
 * statusComment.<index>, status, owner, assessmentType, libraryVersion, sharedWith, includedInReports.
 */
export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

export type HistoryOptionList = 'assessmentType' | 'lookedAfterStatus';

/** What the describer needs to name things; all synchronous (the backend loads names first). */
export interface HistoryVocabulary {
  /** A user's display name; the implementation chooses what null (a system action) reads as. */
  userName(userId: string | null): string;
  /** An item's name in that library version (e.g. 'Chronicity'); falls back to the code. */
  itemName(questionCode: string, libraryVersion: LibraryVersionRef | null): string;
  /** The configured label of a child field (e.g. 'Date of Birth'); falls back to defaultChildFieldLabel. */
  childFieldLabel(field: string): string;
  /** The name of an option of a configured list ("Initialized" for assessmentType, "Foster Care Status" for lookedAfterStatus). */
  optionName(list: HistoryOptionList, id: string): string;
}

/** One event of the stream as the history shows it. */
export interface DescribedEvent {
  revision: number;
  position: number;
  at: string;
  userId: string | null;
  kind: HistoryKind;
  type: string;
  sentence: string;
  changes: FieldChange[];
  /** The library version the assessment used after this event (null before it was recorded). */
  libraryVersion: string | null;
}

/** What the history reads of a stored event (a RecordedEvent has all of it). */
export type HistoryEvent = Pick<RecordedEvent, 'type' | 'data' | 'revision' | 'position' | 'recordedAt'> & {
  metadata: Pick<RecordedEvent['metadata'], 'userId'>;
};

const splitWords = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim();

/** The child form's default label of a field; an unknown field reads as its words ('fooBar' → 'Foo bar'). */
export function defaultChildFieldLabel(field: string): string {
  const known = (DEFAULT_CHILD_FIELD_LABELS as Readonly<Record<string, string>>)[field];
  if (known !== undefined) return known;
  const words = splitWords(field).toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Words of an identifier, first letter capital: 'AssessmentArchived' → 'Assessment archived'. */
export function sentenceOfIdentifier(name: string): string {
  const words = splitWords(name);
  if (words === '') return name;
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export interface DefaultVocabularyOptions {
  readonly userNames?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  readonly itemNames?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  readonly assessmentTypes?: readonly OptionItem[];
  readonly lookedAfterStatuses?: readonly OptionItem[];
  /** Configured child field labels (field → label); others use defaultChildFieldLabel. */
  readonly childFieldLabels?: Readonly<Record<string, string>>;
  /** What a system action (no user) reads as. */
  readonly systemName?: string;
}

const lookup = (source: DefaultVocabularyOptions['userNames'], key: string): string | undefined =>
  source === undefined ? undefined : source instanceof Map ? source.get(key) : (source as Readonly<Record<string, string>>)[key];

/**
 * A vocabulary from plain maps, with the product's defaults for whatever is not given (ids for unknown users, codes
 * for unknown items, the spec's default option lists). Tests use it; the backend may build on it.
 */
export function historyVocabulary(options: DefaultVocabularyOptions = {}): HistoryVocabulary {
  const lists: Record<HistoryOptionList, readonly OptionItem[]> = {
    assessmentType: options.assessmentTypes ?? DEFAULT_ASSESSMENT_TYPES,
    lookedAfterStatus: options.lookedAfterStatuses ?? DEFAULT_LOOKED_AFTER_STATUSES,
  };
  return {
    userName: (userId) => (userId === null ? (options.systemName ?? 'System') : (lookup(options.userNames, userId) ?? userId)),
    itemName: (questionCode) => lookup(options.itemNames, questionCode) ?? questionCode,
    childFieldLabel: (field) => options.childFieldLabels?.[field] ?? defaultChildFieldLabel(field),
    optionName: (list, id) => lists[list].find((option) => option.id === id)?.name ?? id,
  };
}
