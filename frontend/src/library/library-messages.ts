/*
 * English wording of the library's catalogue keys. The API answers field messages as keys (docs/api.md
 * "Question library"; the same texts as LIBRARY_MESSAGE_TEXT in backend/src/library/library-items/
 * library-item.messages.ts). Rule messages arrive as sentences and pass through unchanged.
 */
import type { LibraryItemType } from './library-api';

const LIBRARY_MESSAGE_TEXT: Readonly<Record<string, string>> = {
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

const TYPE_LABEL: Record<LibraryItemType, string> = { domain: 'Domain', module: 'Module', question: 'Question', text: 'Text' };

export const typeLabel = (type: LibraryItemType) => TYPE_LABEL[type];

/** The English text of a catalogue key; anything else (a sentence) unchanged. */
export const libraryMessage = (keyOrText: string): string => LIBRARY_MESSAGE_TEXT[keyOrText] ?? keyOrText;

/** lib_{type}_save_success. */
export const saveSuccess = (type: LibraryItemType) => `${TYPE_LABEL[type]} was saved successfully.`;
/** lib_{type}_delete_success. */
export const deleteSuccess = (type: LibraryItemType) => `${TYPE_LABEL[type]} was deleted successfully.`;

/** lib_{type}_delete_alert: deleting a domain or module takes everything under it. */
export const deleteAlert = (type: LibraryItemType, name: string) =>
  type === 'domain' || type === 'module'
    ? `Delete the ${type} “${name}” with every module, question and text under it? This cannot be undone.`
    : type === 'text'
      ? 'Delete this text passage? This cannot be undone.'
      : `Delete the question “${name}”? This cannot be undone.`;

/** system_warning_title. */
export const WARNING_TITLE = 'Warning';

export const RULE_SAVE_SUCCESS = 'Question Rule was saved successfully.';
export const RULE_DELETE_SUCCESS = 'Question Rule was deleted successfully.';
