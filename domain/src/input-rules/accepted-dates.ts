/**
 * The dates the product accepts, in every form it reads one (a calendar date, a month, a date and time), from a
 * request or a form: 1900-01-01 to 9999-12-31, the moments of those days in UTC. Outside it a value is refused with a
 * field message instead of reaching storage: PostgreSQL has no year 0 ("date/time field value out of range"), a
 * year past 9999 is written "+010000-…" by toISOString and compares wrongly as text, and no record of a child in
 * care, an account or a log entry is dated before 1900. One place, shared by the HTTP validators
 * (backend/src/platform/http/field-validators.ts), the child form's rules and the analytics replay.
 */
export const FIRST_ACCEPTED_DATE = '1900-01-01';
export const LAST_ACCEPTED_DATE = '9999-12-31';
export const ACCEPTED_DATE_RANGE = `from ${FIRST_ACCEPTED_DATE} to ${LAST_ACCEPTED_DATE}`;

const FIRST_MOMENT = Date.parse(`${FIRST_ACCEPTED_DATE}T00:00:00.000Z`);
const LAST_MOMENT = Date.parse(`${LAST_ACCEPTED_DATE}T23:59:59.999Z`);

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * yyyy-MM-dd, 'T' or a space, HH:mm, optional :ss and a fraction, and a zone: Z, ±HH:mm or ±HHmm. A fraction beyond
 * milliseconds is cut (recorded times have milliseconds).
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

/** 'yyyy-MM-dd' naming a day that exists (not 2026-02-30, not 2026-13-01), whatever its year. */
function isRealDay(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Unlike Date.UTC, keeps years 0–99 as they are.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'yyyy-MM-dd' naming a day that exists, within the accepted range. */
export function isAcceptedCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && value >= FIRST_ACCEPTED_DATE && value <= LAST_ACCEPTED_DATE && isRealDay(value);
}

/** 'yyyy-MM' naming a month (01 to 12) within the accepted range. */
export function isAcceptedCalendarMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) && isAcceptedCalendarDate(`${value}-01`);
}

/** A moment within the accepted range (its UTC date from 1900-01-01 to 9999-12-31). */
export function isAcceptedMoment(moment: Date): boolean {
  const time = moment.getTime();
  return time >= FIRST_MOMENT && time <= LAST_MOMENT;
}

export interface DateTimeOptions {
  /** 'required': a moment names its zone (as-of); 'utc-when-absent': no zone reads as UTC (access-at, system log). */
  zone: 'required' | 'utc-when-absent';
}

/** An ISO 8601 date and time naming a real moment within the accepted range, or null. */
export function parseAcceptedDateTime(value: unknown, options: DateTimeOptions): Date | null {
  const match = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (!match) return null;
  const [, day, hours, minutes, seconds = '00', fraction = '', zone, sign, zoneHours, zoneMinutes] = match;
  if (zone === undefined && options.zone === 'required') return null;
  // The range is judged on the moment (an offset moves 9999-12-31T23:00-05:00 into year 10000), the day here.
  if (!isRealDay(day)) return null;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  if (zone !== undefined && zone !== 'Z' && (Number(zoneHours) > 23 || Number(zoneMinutes) > 59)) return null;
  const offset = zone === undefined || zone === 'Z' ? 'Z' : `${sign}${zoneHours}:${zoneMinutes}`;
  const moment = new Date(`${day}T${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`);
  return !Number.isNaN(moment.getTime()) && isAcceptedMoment(moment) ? moment : null;
}
