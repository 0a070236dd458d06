/* The questionnaire's keyboard and message helpers (see Questionnaire.tsx for the key map). */
import { ApiError, type Rating, type RatingKey } from './api';

export const keyToRating = (key: string): RatingKey | undefined => {
  if (/^[0-4]$/.test(key)) return key as RatingKey;
  if (key === 'n' || key === 'N') return 'NA';
  return undefined;
};

export const toRating = (key: RatingKey): Rating => (key === 'NA' ? 'NA' : (Number(key) as Rating));

/** The answers' Tab stop (the roving one) of a question, or the question itself when it has none. */
export const tabStopOf = (item: HTMLElement): HTMLElement => item.querySelector<HTMLElement>('[data-rating-key][tabindex="0"]:not([disabled])') ?? item;

export const focusSibling = (from: HTMLElement, step: 1 | -1) => {
  const all = Array.from(document.querySelectorAll<HTMLElement>('[data-question-item]'));
  const next = all[all.indexOf(from) + step];
  if (next) {
    tabStopOf(next).focus();
    next.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }
};

/** "Press 0 to 3 or N to rate, …": the keys of the answers this question defines. */
export const keyboardHint = (keys: RatingKey[]): string => {
  const numbers = keys.filter((key) => key !== 'NA');
  const range = numbers.length > 1 ? `${numbers[0]} to ${numbers[numbers.length - 1]}` : (numbers[0] ?? '');
  const choices = [range, keys.includes('NA') ? 'N' : ''].filter(Boolean).join(' or ');
  return `Press ${choices} to rate, Delete to clear, arrow left or right to move between answers, arrow up or down for the previous or next question.`;
};

/** The server's field messages (e.g. {caregiverId: [...]}) belong on the question, not in a generic notice. */
export const ratingErrorOf = (e: unknown): string => {
  if (e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) return Object.values(e.fieldErrors).join(' ');
  return e instanceof Error ? e.message : 'Error';
};
