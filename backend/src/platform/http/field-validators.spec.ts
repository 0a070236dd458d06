import { isCalendarDate, isCalendarMonth, isRevision, MAX_REVISION, parseDateTime } from './field-validators';
import { hasControlCharacter } from '@cans/domain/input-rules/person-names';
import { hasUnsafeCharacter } from './input-hardening';

describe('shared field rules', () => {
  it('a revision is a whole number from 0 to the INTEGER column maximum', () => {
    expect([0, 1, MAX_REVISION].map(isRevision)).toEqual([true, true, true]);
    expect([-1, 1.5, MAX_REVISION + 1, 99999999999999999999999, Number.NaN, Infinity, '3', null].map(isRevision)).toEqual(
      Array(8).fill(false),
    );
  });

  it('a calendar date names a day that exists, from 1900-01-01 to 9999-12-31', () => {
    expect(['2024-02-29', '2026-12-31', '1900-01-01', '9999-12-31'].map(isCalendarDate)).toEqual([true, true, true, true]);
    expect(['0000-01-01', '0050-01-01', '1899-12-31', '275760-09-13', '+275760-09-13'].map(isCalendarDate)).toEqual(Array(5).fill(false));
    expect(['1900-01', '9999-12', '0000-01', '1899-12'].map(isCalendarMonth)).toEqual([true, true, false, false]);
    expect(
      ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-1', '2026-01-01T00:00', 20260101].map(isCalendarDate),
    ).toEqual(Array(8).fill(false));
    expect(['2026-12', '2026-13', '2026-00', '2026-1'].map(isCalendarMonth)).toEqual([true, false, false, false]);
  });

  it('a date and time names a real moment of those days (UTC), its zone required or read as UTC', () => {
    const utc = (value: string) => parseDateTime(value, { zone: 'utc-when-absent' })?.toISOString() ?? null;
    const zoned = (value: string) => parseDateTime(value, { zone: 'required' })?.toISOString() ?? null;
    expect(zoned('2024-05-01T14:30:00.123456789+02:00')).toBe('2024-05-01T12:30:00.123Z');
    expect(zoned('2024-05-01 14:30Z')).toBe('2024-05-01T14:30:00.000Z');
    expect(zoned('2024-05-01T14:30:00')).toBeNull();
    expect(utc('2024-05-01T14:30:00')).toBe('2024-05-01T14:30:00.000Z');
    expect(utc('1900-01-01T01:00:00+01:00')).toBe('1900-01-01T00:00:00.000Z');
    expect(utc('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
    const refused = [
      '0000-01-01T00:00:00Z',
      '1899-12-31T23:59:59.999Z',
      '1900-01-01T00:30:00+01:00', // 1899 in UTC
      '9999-12-31T23:59:59-05:00', // year 10000 in UTC
      '+275760-09-13T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T12:00:00+24:00',
      '2024-05-01',
    ];
    expect(refused.map(utc)).toEqual(Array(refused.length).fill(null));
  });

  it('a person name holds no C0 or C1 control character; any script, apostrophes and hyphens are fine', () => {
    expect(['a\u0001b', 'a\tb', 'a\nb', 'a\rb', 'a\u007fb', 'a\u0085b', 'a\u009fb'].map(hasControlCharacter)).toEqual(Array(7).fill(true));
    expect(["Zoë-Anne O'Brien", 'Nguyễn 李', 'a\u00a0b'].map(hasControlCharacter)).toEqual([false, false, false]);
  });

  it('NUL and unpaired surrogates are unsafe; paired surrogates (emoji) are text', () => {
    expect(['a\u0000b', 'a\ud800b', 'a\udc00', '\ud83d'].map(hasUnsafeCharacter)).toEqual([true, true, true, true]);
    expect(['plain', 'émigré', '😀', 'tab\tand\nnewline'].map(hasUnsafeCharacter)).toEqual([false, false, false, false]);
  });
});
