/**
 * Validation of the question library's forms (spec 002 §5 "Library", "Question rule"). The integrity of a whole
 * instrument with its rules is in instrument-integrity.ts.
 *
 * Messages are exactly the spec's:
 * - the library form's messages are catalogue KEYS (the spec names the keys — lib_name_required,
 *   lib_description_required, max_age_required, min_age_required, age_range_error,
 *   export_assessment_doa_required — and states their wording is not shown); the UI translates them;
 * - the rule form's messages are the spec's literal sentences, including its spelling
 *   ('Please choose the answsers').
 * Keys this module adds where the spec states a rule without a message are listed in NON_SPEC_MESSAGE_KEYS.
 */
import { sanitizedRichTextOrEmpty } from '../rich-text';
import { AGE_SCALE_MAX, LibraryNodeKind } from './instrument.types';

/** field → message; a field without an entry is valid. An empty object means the form is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// ---------------------------------------------------------------------------------------------------------
// Library add/edit dialog
// ---------------------------------------------------------------------------------------------------------

export const LIBRARY_MESSAGES = {
  /** Spec: Name is required (lib_name_required). */
  nameRequired: 'lib_name_required',
  /** Spec: description is required (lib_description_required). */
  descriptionRequired: 'lib_description_required',
  /** Spec: if only the minimum age is set, the maximum is required (max_age_required). */
  maxAgeRequired: 'max_age_required',
  /** Spec: if only the maximum is set, the minimum is required (min_age_required). */
  minAgeRequired: 'min_age_required',
  /** Spec: a minimum greater than the maximum is an error (age_range_error). */
  ageRangeError: 'age_range_error',
  /** Spec: "Age inputs are whole numbers" — no key given; this one is ours. */
  ageWholeNumber: 'age_whole_number',
  /** Not in the spec: ages are on the product's age scale 0..22 ("Age choices: 0 to 22"). */
  ageOutOfRange: 'age_out_of_range',
  /** Not in the spec: name length cap (the spec caps other admin names at 1000). */
  nameMaxLength: 'lib_name_max_length',
  /** Not in the spec: abbreviation length cap. */
  shortNameMaxLength: 'lib_short_name_max_length',
  /** Spec: "The type cannot be changed when editing" — no key given; this one is ours. */
  typeLocked: 'lib_type_locked',
  /** Spec: export requires a date range (export_assessment_doa_required). */
  exportRangeRequired: 'export_assessment_doa_required',
} as const;

/** Message keys not named by the spec (the rule is the spec's or ours, the key is ours). */
export const NON_SPEC_MESSAGE_KEYS: readonly string[] = [
  LIBRARY_MESSAGES.ageWholeNumber,
  LIBRARY_MESSAGES.ageOutOfRange,
  LIBRARY_MESSAGES.nameMaxLength,
  LIBRARY_MESSAGES.shortNameMaxLength,
  LIBRARY_MESSAGES.typeLocked,
];

/** Assumed cap for name and abbreviation: the spec's limit for the other administration names (1000). */
export const LIBRARY_NAME_MAX_LENGTH = 1000;

export type LibraryFormField = 'type' | 'name' | 'shortName' | 'description' | 'ageMin' | 'ageMax';

export interface LibraryFormInput {
  /** Type radio: Domain, Module, Question, Text. */
  readonly type: LibraryNodeKind;
  /** When editing: the type the node was saved with (the type cannot change on edit). */
  readonly originalType?: LibraryNodeKind;
  readonly name?: string | null;
  /** The "abbreviations" field. */
  readonly shortName?: string | null;
  /** Rich-text HTML. */
  readonly description?: string | null;
  /** Whole years; '' / null / undefined mean "not set". */
  readonly ageMin?: number | string | null;
  readonly ageMax?: number | string | null;
}

/** Whether rich text shows nothing: no text and no picture once sanitised (an editor's empty paragraph, spaces). */
export function richTextIsEmpty(html: string | null | undefined): boolean {
  return sanitizedRichTextOrEmpty(html) === '';
}

export const isBlank = (value: string | null | undefined): boolean => value === null || value === undefined || value.trim() === '';

type ParsedAge = { set: false } | { set: true; value: number } | { set: true; invalid: true };

function parseAge(value: number | string | null | undefined): ParsedAge {
  if (value === null || value === undefined) return { set: false };
  if (typeof value === 'string') {
    if (value.trim() === '') return { set: false };
    if (!/^\d+$/.test(value.trim())) return { set: true, invalid: true };
    return { set: true, value: Number(value.trim()) };
  }
  if (!Number.isInteger(value) || value < 0) return { set: true, invalid: true };
  return { set: true, value };
}

/**
 * Validates the library add/edit dialog.
 * - name: required except for a Text passage (a text is "a question without a name"); at most 1000 characters;
 * - shortName (abbreviation): optional, at most 1000 characters;
 * - description: required for every type; an empty rich-text editor ('<p><br></p>') counts as empty, a picture alone
 *   does not;
 * - ages: whole numbers 0..AGE_SCALE_MAX (22, age_out_of_range above it); min only → max_age_required on ageMax; max only → min_age_required on ageMin;
 *   min > max → age_range_error on ageMax (min = max is allowed: a single year);
 * - editing: the type cannot change.
 */
export function validateLibraryForm(input: LibraryFormInput): FieldErrors<LibraryFormField> {
  const errors: FieldErrors<LibraryFormField> = {};
  if (input.originalType !== undefined && input.originalType !== input.type) errors.type = LIBRARY_MESSAGES.typeLocked;

  if (input.type !== 'text') {
    if (isBlank(input.name)) errors.name = LIBRARY_MESSAGES.nameRequired;
    else if ((input.name ?? '').length > LIBRARY_NAME_MAX_LENGTH) errors.name = LIBRARY_MESSAGES.nameMaxLength;
  }
  if (!isBlank(input.shortName) && (input.shortName ?? '').length > LIBRARY_NAME_MAX_LENGTH) {
    errors.shortName = LIBRARY_MESSAGES.shortNameMaxLength;
  }
  if (richTextIsEmpty(input.description)) errors.description = LIBRARY_MESSAGES.descriptionRequired;

  const min = parseAge(input.ageMin);
  const max = parseAge(input.ageMax);
  if (min.set && 'invalid' in min) errors.ageMin = LIBRARY_MESSAGES.ageWholeNumber;
  else if (min.set && 'value' in min && min.value > AGE_SCALE_MAX) errors.ageMin = LIBRARY_MESSAGES.ageOutOfRange;
  if (max.set && 'invalid' in max) errors.ageMax = LIBRARY_MESSAGES.ageWholeNumber;
  else if (max.set && 'value' in max && max.value > AGE_SCALE_MAX) errors.ageMax = LIBRARY_MESSAGES.ageOutOfRange;
  if (errors.ageMin === undefined && errors.ageMax === undefined) {
    if (min.set && !max.set) errors.ageMax = LIBRARY_MESSAGES.maxAgeRequired;
    else if (!min.set && max.set) errors.ageMin = LIBRARY_MESSAGES.minAgeRequired;
    else if (min.set && max.set && 'value' in min && 'value' in max && min.value > max.value) {
      errors.ageMax = LIBRARY_MESSAGES.ageRangeError;
    }
  }
  return errors;
}

/** Library screen "Export Approved Assessments": both ends of the date range are required. */
export function validateExportRange(
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
): FieldErrors<'dateRange'> {
  const missing = (v: string | Date | null | undefined): boolean =>
    v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  return missing(start) || missing(end) ? { dateRange: LIBRARY_MESSAGES.exportRangeRequired } : {};
}

// ---------------------------------------------------------------------------------------------------------
// Question rule form
// ---------------------------------------------------------------------------------------------------------

export const RULE_MESSAGES = {
  nameRequired: 'Rule Name is required.',
  descriptionRequired: 'Description is required.',
  domainRequired: 'Domain is required.',
  /** Sic: the spec's spelling. */
  answersRequired: 'Please choose the answsers',
  targetRequired: 'Please choose the module or question',
} as const;

export type RuleFormField = 'name' | 'description' | 'triggerDomainCode' | 'answers' | 'target';

export interface RuleFormInput {
  readonly name?: string | null;
  readonly description?: string | null;
  readonly triggerDomainCode?: string | null;
  readonly triggerModuleCode?: string | null;
  readonly triggerQuestionCode?: string | null;
  /** A list on the form; a comma-joined string on the wire (both accepted). */
  readonly answers?: readonly string[] | string | null;
  readonly targetModuleCode?: string | null;
  readonly targetQuestionCode?: string | null;
  readonly action?: 'show' | 'hide' | null;
}

function answerList(answers: readonly string[] | string | null | undefined): string[] {
  if (answers === null || answers === undefined) return [];
  const list = typeof answers === 'string' ? answers.split(',') : [...answers];
  return list.map((a) => a.trim()).filter((a) => a !== '');
}

/**
 * Validates the question rule form (spec: name, description, trigger domain and answers required; at least one
 * of module or question). The 'target' field carries the module-or-question message. Whitespace-only text
 * counts as missing.
 */
export function validateRuleForm(input: RuleFormInput): FieldErrors<RuleFormField> {
  const errors: FieldErrors<RuleFormField> = {};
  if (isBlank(input.name)) errors.name = RULE_MESSAGES.nameRequired;
  if (isBlank(input.description)) errors.description = RULE_MESSAGES.descriptionRequired;
  if (isBlank(input.triggerDomainCode)) errors.triggerDomainCode = RULE_MESSAGES.domainRequired;
  if (answerList(input.answers).length === 0) errors.answers = RULE_MESSAGES.answersRequired;
  if (isBlank(input.targetModuleCode) && isBlank(input.targetQuestionCode)) errors.target = RULE_MESSAGES.targetRequired;
  return errors;
}
