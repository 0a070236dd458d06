/**
 * Stable codes of library items and question rules: UPPER_SNAKE, unique, never changed and never reused, so
 * reports can compare an item across library versions by code. A code is chosen once, when the item is added:
 * the administrator's own, or one derived from the name.
 */
import { CODE_PATTERN } from './instrument/instrument-integrity';

const DERIVED_CODE_MAX_LENGTH = 60;

/** UPPER_SNAKE form of a name: 'Decision Making (ages 6+)' → 'DECISION_MAKING_AGES_6'. */
export function upperSnake(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, DERIVED_CODE_MAX_LENGTH)
    .replace(/_+$/, '');
}

/**
 * A code derived from `name` (or `fallback` when the name gives none), made unique against `used` with a
 * numeric suffix: SLEEP, SLEEP_2, SLEEP_3 …
 */
export function deriveCode(name: string, fallback: string, used: ReadonlySet<string>): string {
  let base = upperSnake(name) || upperSnake(fallback) || 'ITEM';
  if (!/^[A-Z]/.test(base)) base = `ITEM_${base}`;
  if (!CODE_PATTERN.test(base)) base = 'ITEM';
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
