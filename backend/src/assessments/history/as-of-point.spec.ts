import { DomainRuleViolation } from '@cans/domain/domain-errors';
import { AS_OF_MESSAGES, parseAsOfPoint, parseComparePoints } from './as-of-point';
import { historyCsv, historyCsvFileName } from './history-csv';

const refusal = (run: () => unknown): Record<string, string[]> | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainRuleViolation) return error.fieldErrors;
    throw error;
  }
};

describe('as-of parameters', () => {
  it.each([
    ['2024-02-29T10:00:00Z', '2024-02-29T10:00:00.000Z'],
    ['2024-05-01T14:30Z', '2024-05-01T14:30:00.000Z'],
    ['2024-05-01T14:30:00.123456+02:00', '2024-05-01T12:30:00.123Z'],
    [' 2024-12-31T23:59:59-05:30 ', '2025-01-01T05:29:59.000Z'],
  ])('reads %j as the instant %s', (at, instant) => {
    expect(parseAsOfPoint({ at }, true)).toEqual({ at: instant });
  });

  it.each([
    '2023-02-29T10:00:00Z',
    '2024-04-31T10:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T10:60Z',
    '2024-05-01',
    '2024-05-01T10:00',
    '1714567890',
  ])('refuses %j as a date and time', (at) => {
    expect(refusal(() => parseAsOfPoint({ at }, true))).toEqual({ at: [AS_OF_MESSAGES.at] });
  });

  it('reads a revision, and makes the point optional where the current state is the default', () => {
    expect(parseAsOfPoint({ revision: '0' }, true)).toEqual({ revision: 0 });
    expect(parseAsOfPoint({ revision: '12' }, false)).toEqual({ revision: 12 });
    expect(parseAsOfPoint({}, false)).toBeUndefined();
    expect(refusal(() => parseAsOfPoint({ revision: '1e3' }, true))).toEqual({ revision: [AS_OF_MESSAGES.revision] });
    expect(refusal(() => parseAsOfPoint({ revision: '2147483648' }, true))).toEqual({ revision: [AS_OF_MESSAGES.revision] });
  });

  it('compare needs the earlier revision, and a later one not before it', () => {
    expect(parseComparePoints({ revision: '3' })).toEqual({ revision: 3 });
    expect(parseComparePoints({ revision: '3', toRevision: '3' })).toEqual({ revision: 3, toRevision: 3 });
    expect(refusal(() => parseComparePoints({ toRevision: '3' }))).toEqual({ revision: [AS_OF_MESSAGES.compareRevision] });
    expect(refusal(() => parseComparePoints({ revision: '3', toRevision: 'x' }))).toEqual({ toRevision: [AS_OF_MESSAGES.revision] });
  });
});

describe('history CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas, and names the file by the assessment id only', () => {
    const csv = historyCsv({
      assessmentId: 'a',
      childName: 'Ann Example',
      libraryVersion: '1',
      lastRevision: 0,
      users: [],
      kinds: ['comment'],
      sessions: [
        {
          userId: 'u',
          userName: '=HYPERLINK("x")',
          groupName: null,
          startedAt: '2024-05-01T10:00:00.000Z',
          endedAt: '2024-05-01T10:00:00.000Z',
          entries: [
            {
              revision: 0,
              at: '2024-05-01T10:00:00.000Z',
              userId: 'u',
              userName: '=HYPERLINK("x")',
              groupName: null,
              kind: 'comment',
              type: 'QuestionCommentSaved',
              sentence: 'Commented',
              changes: [{ field: 'comment.c', label: 'Comment', before: null, after: '+1 555' }],
              libraryVersion: '1',
            },
          ],
        },
      ],
    });
    expect(csv.split('\n')[1]).toBe(`2024-05-01T10:00:00.000Z,"'=HYPERLINK(""x"")",,comment,Commented,Comment,,'+1 555,0,1`);
    expect(historyCsvFileName('../x y')).toBe('cans-history-_x_y.csv');
  });
});
