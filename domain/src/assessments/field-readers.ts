/** Small readers the field rules share: trimmed text, calendar dates, whole numbers, adding a field message. */
import { toCalendarDate } from '../library/rules/age';
import type { FieldErrors } from '../domain-errors';

/** A parsed form: the normalised value to store, or the field messages of a 400 answer. */
export type ParseResult<T> = { ok: true; value: T; errors: FieldErrors } | { ok: false; errors: FieldErrors };

/** Trimmed text, or null when absent/blank. Numbers are accepted as their text (a PID may arrive as a number). */
export function textOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Normalised 'yyyy-MM-dd', or undefined when not a valid calendar date. */
export function dateOf(value: unknown): string | undefined {
  const text = value instanceof Date ? value : textOf(value);
  if (text === null) return undefined;
  try {
    const { year, month, day } = toCalendarDate(text);
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  } catch {
    return undefined;
  }
}

export const wholeNumberOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  const text = textOf(value);
  return text !== null && /^\d+$/.test(text) ? Number(text) : undefined;
};

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** No usable value: absent, blank, or of a type no field accepts (objects, booleans). */
export const isMissing = (value: unknown): boolean => !(value instanceof Date) && textOf(value) === null;
