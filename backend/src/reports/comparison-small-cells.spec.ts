/** comparison-small-cells.ts: which figures of a published comparison group are hidden, by its blocks. */
import { isSuppressed, withSmallCellsSuppressed } from './comparison-small-cells';
import type { DomainStatistics, ManyChildrenReport, QuestionStatistics } from './report-statistics';

const question = (code: string, rated: number): QuestionStatistics => ({
  code,
  questionName: code,
  questionShowName: code,
  rated,
  ratings: [{ rating: '3', count: rated, percent: rated ? 100 : 0 }],
});
const report = (scored: number, rated: Record<string, number>, moduleRated: Record<string, number> = {}): ManyChildrenReport => {
  const domain: DomainStatistics = {
    code: 'TRAUMA',
    name: 'Trauma',
    shortName: null,
    caregiverItem: false,
    caregiverCount: null,
    meanScore: scored ? 2.5 : null,
    standardDeviation: scored ? 0.5 : null,
    scored,
    questions: Object.entries(rated).map(([code, n]) => question(code, n)),
    moduleCharts: [{ code: 'MOD', name: 'Module', questions: Object.entries(moduleRated).map(([code, n]) => question(code, n)) }],
  };
  return { childCount: 30, assessmentCount: 30, note: '', domainScoreDefinition: '', domains: [domain] };
};

describe('withSmallCellsSuppressed', () => {
  const group = report(30, { COMMON: 30, RARE: 8 }, { MODULE_ITEM: 6 });

  it('shows every figure when each block holds none or at least 5 unreadable raters', () => {
    const shown = withSmallCellsSuppressed(group, [
      report(20, { COMMON: 20, RARE: 5 }, { MODULE_ITEM: 0 }),
      report(10, { COMMON: 10, RARE: 0 }),
    ]);
    const [domain] = shown.domains;
    expect(domain).toMatchObject({ scoreSuppressed: false, meanScore: 2.5, standardDeviation: 0.5 });
    expect([...domain.questions, ...domain.moduleCharts[0].questions].map(isSuppressed)).toEqual([false, false, false]);
  });

  it('hides an item, in the whole group, when one block has 1 to 4 unreadable raters of it', () => {
    // The group's RARE count (8) is large; a block's (3) is not: group less the other block would be those 3.
    const shown = withSmallCellsSuppressed(group, [
      report(20, { COMMON: 20, RARE: 5 }),
      report(10, { COMMON: 10, RARE: 3 }, { MODULE_ITEM: 1 }),
    ]);
    const [domain] = shown.domains;
    expect(domain.questions.map((q) => [q.code, q.suppressed, q.ratings.length])).toEqual([
      ['COMMON', false, 1],
      ['RARE', true, 0],
    ]);
    expect(domain.moduleCharts[0].questions[0]).toMatchObject({ suppressed: true, ratings: [] });
  });

  it('hides the mean score and deviation when a block has 1 to 4 unreadable scored assessments', () => {
    const [domain] = withSmallCellsSuppressed(group, [report(4, { COMMON: 4 })]).domains;
    expect(domain).toMatchObject({ scoreSuppressed: true, meanScore: null, standardDeviation: null, scored: 30 });
  });
});
