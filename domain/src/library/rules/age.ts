/**
 * Child age in whole years, as used by the library's age restrictions.
 *
 * Dates are calendar dates. Accepted inputs:
 * - 'yyyy-MM-dd' or the product's value format 'yyyy-MM-dd HH:mm:ss' (also ISO 'yyyy-MM-ddTHH:mm…'):
 *   only the date part is read, so no time zone can shift the day;
 * - a Date: its UTC calendar date is read (new Date('2015-03-01') is UTC midnight, so this round-trips).
 *
 * The age increases on the birthday. A child born on 29 February turns a year older on 1 March in non-leap
 * years (the birthday "has not happened yet" on 28 February).
 */
export type CalendarDateInput = string | Date;

interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number; // 1-31
}

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[ T])/;

export function toCalendarDate(input: CalendarDateInput): CalendarDate {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) throw new RangeError('Invalid date');
    return { year: input.getUTCFullYear(), month: input.getUTCMonth() + 1, day: input.getUTCDate() };
  }
  const match = DATE_PREFIX.exec(input.trim());
  if (!match) throw new RangeError(`Invalid date '${input}', expected yyyy-MM-dd`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Invalid date '${input}'`);
  }
  return { year, month, day };
}

/**
 * Age in whole completed years on `at` for a child born on `dateOfBirth`.
 * Throws RangeError for invalid dates or when `at` is before the date of birth (spec 000: the date of assessment
 * must be later than the date of birth).
 */
export function ageInYears(dateOfBirth: CalendarDateInput, at: CalendarDateInput): number {
  const dob = toCalendarDate(dateOfBirth);
  const on = toCalendarDate(at);
  const before = on.year < dob.year || (on.year === dob.year && (on.month < dob.month || (on.month === dob.month && on.day < dob.day)));
  if (before) throw new RangeError('The date is before the date of birth');
  let age = on.year - dob.year;
  if (on.month < dob.month || (on.month === dob.month && on.day < dob.day)) age -= 1;
  return age;
}
