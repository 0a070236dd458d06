/**
 * Names of people (users, the child, caregivers) are text a person types on one line: a C0 or C1 control character
 * (U+0000–U+001F, U+007F–U+009F; tabs and line breaks included) has no place in one. It would break the lines of
 * the CSV, XML and PDF exports and of the lists, and serves only to hide or spoof a name, so it is refused with a
 * field message, never stripped. One rule, used by the user and account DTOs (`@IsPersonName()` in
 * backend/src/platform/http/field-validators.ts) and by the child and caregiver forms' rules.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

/** True when the text holds a C0 or C1 control character. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The field message, e.g. "First name cannot contain control characters (such as tabs or line breaks)." */
export const personNameControlCharacterMessage = (label: string): string =>
  `${label} cannot contain control characters (such as tabs or line breaks).`;
