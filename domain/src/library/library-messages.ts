/**
 * The library dialog's message catalogue. The rules name messages by the spec's keys (LIBRARY_MESSAGES in
 * instrument/instrument-validation.ts) and ours (LIBRARY_ITEM_MESSAGES); answers carry the English text
 * (libraryMessageText), so the server is the one source of the wording.
 */
import { DomainRuleViolation, FieldErrors } from '../domain-errors';

export const LIBRARY_ITEM_MESSAGES = {
  typeRequired: 'lib_type_required',
  domainRequired: 'lib_domain_required',
  domainNotFound: 'lib_domain_not_found',
  domainHasNoParent: 'lib_domain_has_no_parent',
  moduleNotFound: 'lib_module_not_found',
  moduleCycle: 'lib_module_cycle',
  codeFormat: 'lib_code_format',
  codeTaken: 'lib_code_taken',
  codeLocked: 'lib_code_locked',
  nameNotText: 'lib_name_not_text',
  descriptionMaxLength: 'lib_description_max_length',
  answerMaxLength: 'lib_answer_max_length',
} as const;

/** English wording of every library dialog key (the spec's and ours). */
export const LIBRARY_MESSAGE_TEXT: Readonly<Record<string, string>> = {
  lib_name_required: 'Name is required.',
  lib_description_required: 'Description is required.',
  max_age_required: 'The maximum age is required when a minimum age is set.',
  min_age_required: 'The minimum age is required when a maximum age is set.',
  age_range_error: 'The minimum age cannot be greater than the maximum age.',
  age_whole_number: 'Ages are whole numbers.',
  age_out_of_range: 'Ages run from 0 to 22.',
  lib_name_max_length: 'The name can be at most 1000 characters.',
  lib_short_name_max_length: 'The abbreviation can be at most 1000 characters.',
  lib_type_locked: 'The type cannot be changed when editing.',
  lib_type_required: 'Choose Domain, Module, Question or Text.',
  lib_domain_required: 'Choose the domain.',
  lib_domain_not_found: 'The chosen domain does not exist.',
  lib_domain_has_no_parent: 'A domain is not placed in another domain or module.',
  lib_module_not_found: 'The chosen module does not exist in the chosen domain.',
  lib_module_cycle: 'A module cannot be placed inside itself or one of its own modules.',
  lib_code_format: 'The code is UPPER_SNAKE_CASE (letters, digits, underscores), at most 100 characters.',
  lib_code_taken: 'This code is already used (codes are never reused).',
  lib_code_locked: 'The code cannot be changed.',
  lib_name_not_text: 'The name must be text.',
  lib_description_max_length: 'The description can be at most 20000 characters.',
  lib_answer_max_length: 'An answer description can be at most 4000 characters.',
  export_assessment_doa_required: 'Please select Date Range.',
};

export const LIBRARY_DESCRIPTION_MAX_LENGTH = 20000;
export const LIBRARY_ANSWER_MAX_LENGTH = 4000;
export const LIBRARY_CODE_MAX_LENGTH = 100;

/** The English text of a library message key (a text that is not a key is already English). */
export const libraryMessageText = (key: string): string => LIBRARY_MESSAGE_TEXT[key] ?? key;

/** The general message of a refused form; the fields' own messages go beside the fields. */
export const FIELD_ERRORS_MESSAGE = 'Please correct the highlighted fields.';

/** A form refused with field messages (English): answered 400 with `errors`. */
export const fieldRefusal = (errors: FieldErrors): DomainRuleViolation => new DomainRuleViolation(FIELD_ERRORS_MESSAGE, errors);
