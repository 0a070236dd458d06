import { isCalendarDate, isCalendarMonth, isRevision, MAX_REVISION } from './field-validators';
import { hasUnsafeCharacter } from './input-hardening';

describe('shared field rules', () => {
  it('a revision is a whole number from 0 to the INTEGER column maximum', () => {
    expect([0, 1, MAX_REVISION].map(isRevision)).toEqual([true, true, true]);
    expect([-1, 1.5, MAX_REVISION + 1, 99999999999999999999999, Number.NaN, Infinity, '3', null].map(isRevision)).toEqual(
      Array(8).fill(false),
    );
  });

  it('a calendar date names a day that exists', () => {
    expect(['2024-02-29', '2026-12-31', '0050-01-01'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(
      ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-1', '2026-01-01T00:00', 20260101].map(isCalendarDate),
    ).toEqual(Array(8).fill(false));
    expect(['2026-12', '2026-13', '2026-00', '2026-1'].map(isCalendarMonth)).toEqual([true, false, false, false]);
  });

  it('NUL and unpaired surrogates are unsafe; paired surrogates (emoji) are text', () => {
    expect(['a\u0000b', 'a\ud800b', 'a\udc00', '\ud83d'].map(hasUnsafeCharacter)).toEqual([true, true, true, true]);
    expect(['plain', 'émigré', '😀', 'tab\tand\nnewline'].map(hasUnsafeCharacter)).toEqual([false, false, false, false]);
  });
});
