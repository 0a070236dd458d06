/* The questionnaire's keyboard and message helpers (see QuestionItem.tsx for the key map). */
import { ApiError, errorMessage } from '../providers/api-error';
import { isRating, type Rating } from '../shared/ratings';
import type { WireRating } from './assessment-types';

export const keyToRating = (key: string): Rating | undefined => {
  if (key === 'n' || key === 'N') return 'NA';
  return /^[0-4]$/.test(key) && isRating(key) ? key : undefined;
};

/** The wire takes 0–4 as numbers and 'NA' as text. */
export const toWireRating = (rating: Rating): WireRating => {
  switch (rating) {
    case '0':
      return 0;
    case '1':
      return 1;
    case '2':
      return 2;
    case '3':
      return 3;
    case '4':
      return 4;
    case 'NA':
      return 'NA';
  }
};

/** The answers' Tab stop (the roving one) of a question, or the question itself when it has none. */
export const tabStopOf = (item: HTMLElement): HTMLElement =>
  item.querySelector<HTMLElement>('[data-rating-key][tabindex="0"]:not([disabled])') ?? item;

export const focusSibling = (from: HTMLElement, step: 1 | -1) => {
  const all = Array.from(document.querySelectorAll<HTMLElement>('[data-question-item]'));
  const next = all[all.indexOf(from) + step];
  if (next) {
    tabStopOf(next).focus();
    next.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }
};

/** The keys of the answers a question defines, for its keyboard hint ("0 to 3 or N"). */
export const ratingKeysText = (keys: readonly Rating[]): string => {
  const numbers = keys.filter((key) => key !== 'NA');
  const range = numbers.length > 1 ? `${numbers[0]} to ${numbers[numbers.length - 1]}` : (numbers[0] ?? '');
  return [range, keys.includes('NA') ? 'N' : ''].filter(Boolean).join(' or ');
};

/** The server's field messages (e.g. {caregiverId: [...]}) belong on the question, not in a generic notice. */
export const ratingErrorOf = (e: unknown): string => {
  if (e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) return Object.values(e.fieldErrors).join(' ');
  return errorMessage(e);
};
