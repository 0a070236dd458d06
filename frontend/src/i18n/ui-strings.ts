/** A nested map of UI strings (polyglot syntax: `%{name}` placeholders, `||||` plural forms). */
export interface UiStrings {
  [key: string]: UiStrings | string;
}
