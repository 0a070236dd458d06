import { ValidateBy, ValidationOptions } from 'class-validator';
import { ACCEPTED_DATE_RANGE, isAcceptedCalendarDate, isAcceptedCalendarMonth } from '@cans/domain/input-rules/accepted-dates';
import { hasControlCharacter, personNameControlCharacterMessage } from '@cans/domain/input-rules/person-names';

/**
 * Field validators every DTO shares, so a rule about a kind of value (a revision, a date, a person's name) lives in
 * one place.
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

/**
 * Dates, months and date-times are read within one range, 1900-01-01 to 9999-12-31 (domain/src/input-rules/
 * accepted-dates.ts says why): outside it PostgreSQL answers "date/time field value out of range", a 500.
 */
export { ACCEPTED_DATE_RANGE, parseAcceptedDateTime as parseDateTime } from '@cans/domain/input-rules/accepted-dates';

/** 'yyyy-MM-dd' naming a day that exists (not 2026-02-30, not 2026-13-01), from 1900-01-01 to 9999-12-31. */
export function isCalendarDate(value: unknown): value is string {
  return isAcceptedCalendarDate(value);
}

/** 'yyyy-MM' naming a month that exists (01 to 12), from 1900-01 to 9999-12. */
export function isCalendarMonth(value: unknown): value is string {
  return isAcceptedCalendarMonth(value);
}

/** A calendar date as 'yyyy-MM-dd' that exists (combine with @IsOptional() for an optional one). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: { validate: isCalendarDate, defaultMessage: () => `Please enter a real date ${ACCEPTED_DATE_RANGE} as yyyy-MM-dd.` },
    },
    options,
  );
}

/** A person's name: no C0 or C1 control character (domain/src/input-rules/person-names.ts); `label` names the field. */
export function IsPersonName(label: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPersonName',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !hasControlCharacter(value),
        defaultMessage: () => personNameControlCharacterMessage(label),
      },
    },
    options,
  );
}
