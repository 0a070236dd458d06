import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * Field validators every DTO shares, so a rule about a kind of value (a revision, a date) lives in one place.
 */

/** Revisions are stored in an INTEGER column (sql-event-store.ts): larger numbers would fail in SQL with 500. */
export const MAX_REVISION = 2_147_483_647;

export function isRevision(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_REVISION;
}

/** An optimistic-concurrency revision: a whole number from 0 to 2147483647 (combine with @IsOptional()). */
export function IsRevision(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isRevision',
      validator: { validate: isRevision, defaultMessage: () => `revision must be a whole number from 0 to ${MAX_REVISION}.` },
    },
    options,
  );
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-MM-dd' naming a day that exists (not 2026-02-30, not 2026-13-01). */
export function isCalendarDate(value: unknown): value is string {
  const match = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Unlike Date.UTC, keeps years 0–99 as they are.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'yyyy-MM' naming a month that exists (01 to 12). */
export function isCalendarMonth(value: unknown): value is string {
  return typeof value === 'string' && isCalendarDate(`${value}-01`);
}

/** A calendar date as 'yyyy-MM-dd' that exists (combine with @IsOptional() for an optional one). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isCalendarDate', validator: { validate: isCalendarDate, defaultMessage: () => 'Please enter a real date as yyyy-MM-dd.' } },
    options,
  );
}
