/** How the history displays values: as the product shows them elsewhere (dates MM/dd/yyyy, ratings 0-4 and N/A). */
import type { Rating } from '../../library/instrument/instrument.types';
import { GENDERS } from '../assessment.values';

/** 'yyyy-MM-dd' (or an ISO date-time) → 'MM/dd/yyyy' (spec: "Date display MM/dd/yyyy"); anything else as is. */
export function displayDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** '0'…'4' as is, 'NA' as 'N/A' (as the editor and reports show them). */
export const displayRating = (rating: Rating | undefined | null): string | null =>
  rating === undefined || rating === null ? null : rating === 'NA' ? 'N/A' : String(rating);

export const displayGender = (code: string | null): string | null =>
  code === null ? null : ((GENDERS as Readonly<Record<string, string>>)[code] ?? code);

export const displayYesNo = (value: string | null): string | null => (value === 'Y' ? 'Yes' : value === 'N' ? 'No' : value);

/** Empty text is no value. */
export const textOrNull = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** For a sentence: one line, at most `max` characters (the change itself keeps the whole text). */
export function shorten(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** 'A', 'A and B', 'A, B and C'. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
