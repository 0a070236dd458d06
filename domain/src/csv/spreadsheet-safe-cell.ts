/*
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet that opens a CSV runs a cell starting with `=`, `+`,
 * `-` or `@` as a formula (and a leading tab or carriage return can hide such a start), so a child's name, an agency
 * name or a comment typed as `=HYPERLINK(...)` would run on the reader's machine. Every CSV a person downloads passes
 * its cells through `spreadsheetSafeCell`: the server's (history, analytics) and the browser's (report chart tables).
 * The frontend may import this one module of the domain (.dependency-cruiser.cjs), so it imports nothing itself.
 */

/** The first characters a spreadsheet takes for the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula, prefixed with an apostrophe (`=1+1` → `'=1+1`); other text as it
 * is. Numbers (and other non-text values) are returned unchanged: a numeric column keeps `-1` a number — only text a
 * person typed can carry a formula. Text that merely looks like a negative number ("-1" as a string) is prefixed too.
 */
export function spreadsheetSafeCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Every cell of the rows made safe (header included when passed). */
export const spreadsheetSafeRows = <T>(rows: ReadonlyArray<ReadonlyArray<T>>): Array<Array<T | string>> =>
  rows.map((row) => row.map(spreadsheetSafeCell));
