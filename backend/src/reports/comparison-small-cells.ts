/**
 * Small cells inside a published comparison group (docs/security.md "Differencing of the comparison report"). Even
 * a group of many children can hold an item that only one or two of them were rated on (a module, a caregiver
 * item): its rating counts would be those few children's ratings. So an item's counts are shown only when, in every
 * block of the group (comparison-cells.ts), the assessments the caller cannot read that rated it are none or at
 * least MINIMUM_CELL_SIZE; a domain's mean score and deviation likewise by the assessments with a score.
 *
 * Testing every block, not only the whole group, is the complementary suppression: "every agency" shows an item
 * only if no published agency and not the remainder has a small count of it, so a count hidden in one agency's
 * answer is not "every agency" less the other agencies. Pure: the statistics come in already computed.
 */
import type { DomainStatistics, ManyChildrenReport, QuestionStatistics } from './report-statistics';
import { MINIMUM_CELL_SIZE } from './small-cells';

/** A comparison item: `suppressed` items carry no rating counts (`ratings` empty). */
export type ComparisonQuestion = QuestionStatistics & { readonly suppressed: boolean };
/** A comparison domain: `scoreSuppressed` domains carry no mean score or deviation (null). */
export type ComparisonDomain = Omit<DomainStatistics, 'questions' | 'moduleCharts'> & {
  readonly scoreSuppressed: boolean;
  readonly questions: readonly ComparisonQuestion[];
  readonly moduleCharts: ReadonlyArray<{ code: string; name: string; questions: readonly ComparisonQuestion[] }>;
};
export type ComparisonReport = Omit<ManyChildrenReport, 'domains'> & { readonly domains: readonly ComparisonDomain[] };

/** What a report shows instead of a suppressed item's figures. */
export const SUPPRESSED_ITEM_NOTE = `Fewer than ${MINIMUM_CELL_SIZE} rated: not shown`;

/** Whether a comparison item's counts were suppressed (the filter's own items never are). */
export const isSuppressed = (question: QuestionStatistics | undefined): boolean =>
  question !== undefined && 'suppressed' in question && question.suppressed === true;

const questionsOf = (domain: DomainStatistics) => [...domain.questions, ...domain.moduleCharts.flatMap((m) => m.questions)];

/**
 * `report`: the group's statistics; `unreadableBlocks`: the same statistics of each block's rows the caller cannot
 * read (none when the caller reads the whole group).
 */
export function withSmallCellsSuppressed(
  report: ManyChildrenReport,
  unreadableBlocks: readonly ManyChildrenReport[],
  minimum = MINIMUM_CELL_SIZE,
): ComparisonReport {
  const small = (count: number) => count > 0 && count < minimum;
  const smallItems = new Set<string>();
  const smallScores = new Set<string>();
  for (const block of unreadableBlocks)
    for (const domain of block.domains) {
      if (small(domain.scored)) smallScores.add(domain.code);
      for (const question of questionsOf(domain)) if (small(question.rated)) smallItems.add(`${domain.code}/${question.code}`);
    }
  const domains = report.domains.map((domain): ComparisonDomain => {
    const item = (question: QuestionStatistics): ComparisonQuestion =>
      smallItems.has(`${domain.code}/${question.code}`)
        ? { ...question, ratings: [], suppressed: true }
        : { ...question, suppressed: false };
    const scoreSuppressed = smallScores.has(domain.code);
    return {
      ...domain,
      ...(scoreSuppressed ? { meanScore: null, standardDeviation: null } : {}),
      scoreSuppressed,
      questions: domain.questions.map(item),
      moduleCharts: domain.moduleCharts.map((module) => ({ ...module, questions: module.questions.map(item) })),
    };
  });
  return { ...report, domains };
}
