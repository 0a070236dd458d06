/**
 * The statistics of the many-children reports, pure functions over a cohort's report rows (no I/O): item rating
 * counts, domain scores, the Quick Glance. Each cohort row is one approved assessment included in reports.
 *
 * Definitions (docs/api.md "Reports"):
 * - Item counts: per question, how many assessments of the cohort gave each rating; percentages are of the
 *   assessments that rated the question (unrated ones are left out), one decimal.
 * - Caregiver items: the FIRST listed caregiver's rating only (spec 001 §9).
 * - Domain score of one assessment: the sum of its numeric ratings of the domain's questions (N/A and unrated
 *   left out); assessments with no numeric rating in the domain have no score. Mean and POPULATION standard
 *   deviation over the assessments that have a score, two decimals.
 * - Total Actionable Items (TAI) of one assessment: how many questions of the chosen domains it rated actionable
 *   (the domain's actionable ratings, 2 and 3). Average ± 1 SD is rounded once, at the end.
 * - A child is a PID (`cin`, trimmed when written): the glance's "In Filter vs Class" shares children, not assessments.
 */
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import {
  PACKED_RATING_ORDER,
  RATED_SLOT_OF_CHAR_CODE,
  ratingSlotAt,
  RatingCodebook,
  GlanceFacts,
  ReportFacts,
} from '@cans/projections/reports/report-rows.queries';
import { percentOf } from '../assessments/statistics/answer-statistics.service';
import { allQuestionsOf, ReportDomain, ReportQuestion } from './report-library.service';

/** The ratings reports show, in chart order (N/A first); 4 is on the scale though no seeded item uses it. */
export const REPORT_RATINGS: readonly Rating[] = PACKED_RATING_ORDER;
export const CAREGIVER_NOTE = 'Caregiver items count the first listed caregiver of each assessment only.';
export const DOMAIN_SCORE_DEFINITION =
  'Domain score: the sum of an assessment’s ratings of the domain’s questions, N/A and unrated left out; mean and population standard deviation over the assessments with a score.';
/** Glance items found by their stable library codes. */
export const CHRONICITY_CODE = 'CHRONICITY';
export const ARRESTS_CODE = 'ARRESTS_DETENTION';

export interface RatingCount {
  readonly rating: Rating;
  readonly count: number;
  readonly percent: number;
}

export interface QuestionStatistics {
  readonly code: string;
  readonly questionName: string;
  readonly questionShowName: string;
  /** Assessments that rated it. */
  readonly rated: number;
  readonly ratings: readonly RatingCount[];
}

export interface DomainStatistics {
  readonly code: string;
  readonly name: string;
  readonly shortName: string | null;
  readonly caregiverItem: boolean;
  /** Caregiver domains: assessments with at least one caregiver (their first caregiver counted); else null. */
  readonly caregiverCount: number | null;
  readonly meanScore: number | null;
  readonly standardDeviation: number | null;
  /** Assessments with a domain score. */
  readonly scored: number;
  readonly questions: readonly QuestionStatistics[];
  readonly moduleCharts: ReadonlyArray<{ code: string; name: string; questions: readonly QuestionStatistics[] }>;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
const packedOf = (row: GlanceFacts, domain: ReportDomain): string => (domain.caregiverItem ? row.caregiverRatings : row.childRatings);
/** Slots of PACKED_RATING_ORDER (= REPORT_RATINGS): 0 is N/A, slot s > 0 is the rating s - 1. */
const SLOTS = REPORT_RATINGS.length;
const NA_SLOT = 0;
const numericOf = (slot: number): number => slot - 1;

/** Mean and population standard deviation (null for no values), two decimals. */
export function meanAndDeviation(values: ArrayLike<number>): { mean: number | null; deviation: number | null } {
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    sumOfSquares += values[i] * values[i];
  }
  return meanAndDeviationOfSums(values.length, sum, sumOfSquares);
}

/**
 * Mean and population standard deviation, unrounded (null for no values), from the count, sum and sum of squares of
 * integer scores. The variance's numerator n·Σx² − (Σx)² is an exact integer at report sizes (below 2^53), so no
 * cancellation error.
 */
function exactMeanAndDeviationOfSums(n: number, sum: number, sumOfSquares: number): { mean: number | null; deviation: number | null } {
  if (n === 0) return { mean: null, deviation: null };
  return { mean: sum / n, deviation: Math.sqrt(Math.max(0, n * sumOfSquares - sum * sum)) / n };
}

/** As exactMeanAndDeviationOfSums, two decimals. */
function meanAndDeviationOfSums(n: number, sum: number, sumOfSquares: number): { mean: number | null; deviation: number | null } {
  const { mean, deviation } = exactMeanAndDeviationOfSums(n, sum, sumOfSquares);
  return { mean: mean === null ? null : round2(mean), deviation: deviation === null ? null : round2(deviation) };
}

/**
 * The Range of Needs of the TAI: average and average ± one standard deviation (not below 0), each rounded once to
 * two decimals from the unrounded mean and deviation (rounding both first put 21.371 at 21.38).
 */
function rangeOfNeeds(tai: Int32Array): { average: number; averageMoreOne: number; averageLessOne: number } {
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < tai.length; i++) {
    sum += tai[i];
    sumOfSquares += tai[i] * tai[i];
  }
  const { mean, deviation } = exactMeanAndDeviationOfSums(tai.length, sum, sumOfSquares);
  if (mean === null || deviation === null) return { average: 0, averageMoreOne: 0, averageLessOne: 0 };
  return { average: round2(mean), averageMoreOne: round2(mean + deviation), averageLessOne: round2(Math.max(0, mean - deviation)) };
}

/** The indexes of questions in the packed ratings (-1: never rated anywhere). */
const packedIndexes = (questions: readonly ReportQuestion[], codebook: RatingCodebook): Int32Array =>
  Int32Array.from(questions, (q) => codebook.indexOf(q.code) ?? -1);

/**
 * One pass over a cohort for one domain: per question the count of each rating slot, and the domain score's count,
 * sum and sum of squares (scores are sums of small integers).
 */
function tallyDomain(rows: readonly ReportFacts[], domain: ReportDomain, questions: readonly ReportQuestion[], codebook: RatingCodebook) {
  const indexes = packedIndexes(questions, codebook);
  const counts = new Int32Array(questions.length * SLOTS);
  let scored = 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (const row of rows) {
    const packed = packedOf(row, domain);
    let score = 0;
    let numeric = false;
    for (let q = 0; q < indexes.length; q++) {
      const slot = ratingSlotAt(packed, indexes[q]);
      if (slot < 0) continue;
      counts[q * SLOTS + slot]++;
      if (slot === NA_SLOT) continue;
      score += numericOf(slot);
      numeric = true;
    }
    if (!numeric) continue;
    scored++;
    sum += score;
    sumOfSquares += score * score;
  }
  return { counts, scored, sum, sumOfSquares };
}

function questionStatistics(question: ReportQuestion, counts: Int32Array, q: number): QuestionStatistics {
  let rated = 0;
  for (let slot = 0; slot < SLOTS; slot++) rated += counts[q * SLOTS + slot];
  return {
    code: question.code,
    questionName: question.name,
    questionShowName: question.shortName ?? question.name,
    rated,
    ratings: REPORT_RATINGS.map((rating, slot) => {
      const count = counts[q * SLOTS + slot];
      return { rating, count, percent: percentOf(count, rated) };
    }),
  };
}

/** Per assessment: the domain score, or null without a numeric rating. */
export function domainScores(rows: readonly ReportFacts[], domain: ReportDomain, codebook: RatingCodebook): Array<number | null> {
  const indexes = packedIndexes(allQuestionsOf(domain), codebook);
  return rows.map((row) => {
    const packed = packedOf(row, domain);
    let sum = 0;
    let numeric = false;
    for (const index of indexes) {
      const slot = ratingSlotAt(packed, index);
      if (slot <= NA_SLOT) continue;
      sum += numericOf(slot);
      numeric = true;
    }
    return numeric ? sum : null;
  });
}

export function domainStatistics(rows: readonly ReportFacts[], domain: ReportDomain, codebook: RatingCodebook): DomainStatistics {
  const questions = allQuestionsOf(domain);
  const tally = tallyDomain(rows, domain, questions, codebook);
  const { mean, deviation } = meanAndDeviationOfSums(tally.scored, tally.sum, tally.sumOfSquares);
  const position = new Map(questions.map((question, q) => [question, q]));
  const stats = (list: readonly ReportQuestion[]) =>
    list.map((question) => questionStatistics(question, tally.counts, position.get(question)!));
  return {
    code: domain.code,
    name: domain.name,
    shortName: domain.shortName,
    caregiverItem: domain.caregiverItem,
    caregiverCount: domain.caregiverItem ? rows.filter((r) => r.caregiverCount > 0).length : null,
    meanScore: mean,
    standardDeviation: deviation,
    scored: tally.scored,
    questions: stats(domain.questions),
    moduleCharts: domain.modules.map((m) => ({ code: m.code, name: m.name, questions: stats(m.questions) })),
  };
}

/** Distinct children (PIDs): a child is its `cin`, as every report groups and counts children. */
export const childCountOf = (rows: readonly Pick<ReportFacts, 'cin'>[]): number => new Set(rows.map((r) => r.cin)).size;

export interface ManyChildrenReport {
  readonly childCount: number;
  readonly assessmentCount: number;
  readonly note: string;
  readonly domainScoreDefinition: string;
  readonly domains: readonly DomainStatistics[];
}

export function manyChildrenReport(
  rows: readonly ReportFacts[],
  domains: readonly ReportDomain[],
  codebook: RatingCodebook,
): ManyChildrenReport {
  return {
    childCount: childCountOf(rows),
    assessmentCount: rows.length,
    note: CAREGIVER_NOTE,
    domainScoreDefinition: DOMAIN_SCORE_DEFINITION,
    domains: domains.map((d) => domainStatistics(rows, d, codebook)),
  };
}

export interface Glance {
  readonly baseInfos: ReadonlyArray<{ key: string; name: string; value: number }>;
  readonly ratingOverview: ReadonlyArray<{ name: string; value: number }>;
  readonly actionableItems: { maxCount: number; minCount: number; average: number; averageMoreOne: number; averageLessOne: number };
  readonly domainOverview: { ratings: readonly string[]; domains: ReadonlyArray<{ code: string; domainName: string; percents: number[] }> };
}

const GLANCE_RATINGS: readonly Rating[] = REPORT_RATINGS.slice(0, 5);
const SLOT_OF = Object.fromEntries(REPORT_RATINGS.map((rating, slot) => [rating, slot])) as Record<Rating, number>;
const label = (rating: Rating): string => (rating === 'NA' ? 'N/A' : rating);

/**
 * The glance's counts in one pass over the rows (each row's strings are visited once, not once per domain: the
 * per-domain passes spent most of their time waiting for memory). The inner loop has no branch on the rating (they
 * are unpredictable): positions read as 1 + slot (RATED_SLOT_OF_CHAR_CODE, 0 unrated), so `overview` has a slot 0
 * for the unrated that nobody reads, and the highest is a max.
 * - overview[1 + slot]: the ratings N/A, 0, 1, 2, 3 (slots 0-4; a 4 is counted in no slice);
 * - tai[r]: the actionable ratings of row r over the chosen domains;
 * - highest[d * 5 + slot]: the rows whose highest numeric rating in domain d is that slot (4 counts as 3), N/A
 *   when the domain has none.
 */
function glanceTallies(rows: readonly GlanceFacts[], domains: readonly ReportDomain[], codebook: RatingCodebook) {
  const slots = GLANCE_RATINGS.length;
  // Codes never rated anywhere have no position (-1): they add nothing, so they are left out.
  const indexes = domains.map((domain) => packedIndexes(allQuestionsOf(domain), codebook).filter((index) => index >= 0));
  const caregiver = Uint8Array.from(domains, (domain) => (domain.caregiverItem ? 1 : 0));
  // Per domain, by 1 + slot: 1 when that rating is actionable.
  const actionable = domains.map((domain) =>
    Uint8Array.from([0, ...REPORT_RATINGS.map((rating) => (domain.actionableRatings.includes(rating) ? 1 : 0))]),
  );
  // 1 + slot of the highest → its column: unrated or N/A only → N/A; ratings 0-3 their own; 4 → 3.
  const highestColumn = Uint8Array.from([NA_SLOT, NA_SLOT, ...REPORT_RATINGS.slice(1).map((_, s) => Math.min(1 + s, SLOT_OF['3']))]);
  const overview = new Int32Array(1 + REPORT_RATINGS.length);
  const tai = new Int32Array(rows.length);
  const highest = new Int32Array(domains.length * slots);
  for (let r = 0; r < rows.length; r++) {
    const childRatings = rows[r].childRatings;
    const caregiverRatings = rows[r].caregiverRatings;
    let actionableCount = 0;
    for (let d = 0; d < domains.length; d++) {
      const packed = caregiver[d] ? caregiverRatings : childRatings;
      const length = packed.length;
      const domainIndexes = indexes[d];
      const domainActionable = actionable[d];
      let top = 0;
      for (let q = 0; q < domainIndexes.length; q++) {
        const index = domainIndexes[q];
        const rated = RATED_SLOT_OF_CHAR_CODE[index < length ? packed.charCodeAt(index) & 127 : 0];
        overview[rated]++;
        actionableCount += domainActionable[rated];
        top = rated > top ? rated : top;
      }
      highest[d * slots + highestColumn[top]]++;
    }
    tai[r] = actionableCount;
  }
  return { overview, tai, highest };
}

/**
 * The Quick Glance of a cohort (spec 001 §2). `classChildren`: the children (PIDs) of the assessments the user's
 * reports cover without the filter (the "class"), for the share of children in the filter.
 */
export function glance(
  rows: readonly GlanceFacts[],
  domains: readonly ReportDomain[],
  codebook: RatingCodebook,
  classChildren: number,
): Glance {
  const n = rows.length;
  const share = (count: number) => percentOf(count, n);
  const ratedActionably = (code: string) => {
    const index = codebook.indexOf(code) ?? -1;
    let count = 0;
    for (const row of rows) {
      const slot = ratingSlotAt(row.childRatings, index);
      if (slot === SLOT_OF['2'] || slot === SLOT_OF['3']) count++;
    }
    return count;
  };
  const { overview, tai, highest } = glanceTallies(rows, domains, codebook);
  const children = childCountOf(rows);

  return {
    baseInfos: [
      { key: 'averageAge', name: 'Average Age', value: n === 0 ? 0 : Math.round((rows.reduce((s, r) => s + r.age, 0) / n) * 10) / 10 },
      { key: 'totalChildren', name: 'Total Children', value: children },
      { key: 'filterShare', name: 'In Filter vs Class (%)', value: percentOf(children, classChildren) },
      { key: 'chronicity', name: 'CHRONICITY (ALL AGES) 2/3 (%)', value: share(ratedActionably(CHRONICITY_CODE)) },
      { key: 'arrests', name: 'ARRESTS/DETENTION (AGES 6+) 2/3 (%)', value: share(ratedActionably(ARRESTS_CODE)) },
      { key: 'recommendations', name: 'Service Recommendations Triggered', value: tai.reduce((s, v) => s + v, 0) },
    ],
    ratingOverview: GLANCE_RATINGS.map((rating, slot) => ({ name: label(rating), value: overview[slot + 1] })),
    actionableItems: {
      maxCount: tai.reduce((m, v) => Math.max(m, v), 0),
      minCount: n === 0 ? 0 : tai.reduce((m, v) => Math.min(m, v), Infinity),
      ...rangeOfNeeds(tai),
    },
    domainOverview: {
      ratings: GLANCE_RATINGS.map(label),
      domains: domains.map((domain, d) => ({
        code: domain.code,
        domainName: domain.name,
        percents: GLANCE_RATINGS.map((_, slot) => share(highest[d * GLANCE_RATINGS.length + slot])),
      })),
    },
  };
}
