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
 *   (the domain's actionable ratings, 2 and 3).
 */
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { ratingAt, RatingCodebook, ReportRowDocument } from '@cans/projections/reports/report-rows.queries';
import { percentOf } from '../assessments/statistics/answer-statistics.service';
import { allQuestionsOf, ReportDomain, ReportQuestion } from './report-library.service';

/** The ratings reports show, in chart order (N/A first); 4 is on the scale though no seeded item uses it. */
export const REPORT_RATINGS: readonly Rating[] = ['NA', '0', '1', '2', '3', '4'];
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
const packedOf = (row: ReportRowDocument, domain: ReportDomain): string => (domain.caregiverItem ? row.caregiverRatings : row.childRatings);

/** Mean and population standard deviation (null for no values), two decimals. */
export function meanAndDeviation(values: readonly number[]): { mean: number | null; deviation: number | null } {
  if (values.length === 0) return { mean: null, deviation: null };
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return { mean: round2(mean), deviation: round2(Math.sqrt(variance)) };
}

function questionStatistics(rows: readonly ReportRowDocument[], domain: ReportDomain, question: ReportQuestion, codebook: RatingCodebook) {
  const index = codebook.indexOf(question.code);
  const counts = new Map<Rating, number>();
  let rated = 0;
  if (index !== undefined)
    for (const row of rows) {
      const rating = ratingAt(packedOf(row, domain), index);
      if (rating === null) continue;
      rated++;
      counts.set(rating, (counts.get(rating) ?? 0) + 1);
    }
  return {
    code: question.code,
    questionName: question.name,
    questionShowName: question.shortName ?? question.name,
    rated,
    ratings: REPORT_RATINGS.map((rating) => ({
      rating,
      count: counts.get(rating) ?? 0,
      percent: percentOf(counts.get(rating) ?? 0, rated),
    })),
  };
}

/** Per assessment: the domain score, or null without a numeric rating. */
export function domainScores(rows: readonly ReportRowDocument[], domain: ReportDomain, codebook: RatingCodebook): Array<number | null> {
  const indexes = allQuestionsOf(domain)
    .map((q) => codebook.indexOf(q.code))
    .filter((i): i is number => i !== undefined);
  return rows.map((row) => {
    const packed = packedOf(row, domain);
    let sum = 0;
    let any = false;
    for (const index of indexes) {
      const rating = ratingAt(packed, index);
      if (rating === null || rating === 'NA') continue;
      sum += Number(rating);
      any = true;
    }
    return any ? sum : null;
  });
}

export function domainStatistics(rows: readonly ReportRowDocument[], domain: ReportDomain, codebook: RatingCodebook): DomainStatistics {
  const scores = domainScores(rows, domain, codebook).filter((s): s is number => s !== null);
  const { mean, deviation } = meanAndDeviation(scores);
  const stats = (questions: readonly ReportQuestion[]) => questions.map((q) => questionStatistics(rows, domain, q, codebook));
  return {
    code: domain.code,
    name: domain.name,
    shortName: domain.shortName,
    caregiverItem: domain.caregiverItem,
    caregiverCount: domain.caregiverItem ? rows.filter((r) => r.caregiverCount > 0).length : null,
    meanScore: mean,
    standardDeviation: deviation,
    scored: scores.length,
    questions: stats(domain.questions),
    moduleCharts: domain.modules.map((m) => ({ code: m.code, name: m.name, questions: stats(m.questions) })),
  };
}

export const childCountOf = (rows: readonly ReportRowDocument[]): number => new Set(rows.map((r) => r.cin)).size;

export interface ManyChildrenReport {
  readonly childCount: number;
  readonly assessmentCount: number;
  readonly note: string;
  readonly domainScoreDefinition: string;
  readonly domains: readonly DomainStatistics[];
}

export function manyChildrenReport(
  rows: readonly ReportRowDocument[],
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

const GLANCE_RATINGS: readonly Rating[] = ['NA', '0', '1', '2', '3'];
const label = (rating: Rating): string => (rating === 'NA' ? 'N/A' : rating);

/**
 * The Quick Glance of a cohort (spec 001 §2). `classSize`: the assessments the user's reports cover without the
 * filter (the "class"), for the share in the filter.
 */
export function glance(
  rows: readonly ReportRowDocument[],
  domains: readonly ReportDomain[],
  codebook: RatingCodebook,
  classSize: number,
): Glance {
  const n = rows.length;
  const share = (count: number) => percentOf(count, n);
  const ratedActionably = (code: string) => {
    const index = codebook.indexOf(code);
    return rows.filter((r) => {
      const rating = ratingAt(r.childRatings, index);
      return rating === '2' || rating === '3';
    }).length;
  };

  const overview = new Map<Rating, number>();
  const tai = new Array<number>(n).fill(0);
  const highest = domains.map(() => new Map<string, number>());
  domains.forEach((domain, d) => {
    const indexes = allQuestionsOf(domain)
      .map((q) => codebook.indexOf(q.code))
      .filter((i): i is number => i !== undefined);
    rows.forEach((row, r) => {
      const packed = packedOf(row, domain);
      let top = -1;
      for (const index of indexes) {
        const rating = ratingAt(packed, index);
        if (rating === null) continue;
        if (GLANCE_RATINGS.includes(rating)) overview.set(rating, (overview.get(rating) ?? 0) + 1);
        if (domain.actionableRatings.includes(rating)) tai[r]++;
        if (rating !== 'NA') top = Math.max(top, Number(rating));
      }
      const key = top < 0 ? 'NA' : String(Math.min(top, 3));
      highest[d].set(key, (highest[d].get(key) ?? 0) + 1);
    });
  });
  const { mean, deviation } = meanAndDeviation(tai);
  const average = mean ?? 0;

  return {
    baseInfos: [
      { key: 'averageAge', name: 'Average Age', value: n === 0 ? 0 : Math.round((rows.reduce((s, r) => s + r.age, 0) / n) * 10) / 10 },
      { key: 'totalChildren', name: 'Total Children', value: childCountOf(rows) },
      { key: 'filterShare', name: 'In Filter vs Class (%)', value: percentOf(n, classSize) },
      { key: 'chronicity', name: 'CHRONICITY (ALL AGES) 2/3 (%)', value: share(ratedActionably(CHRONICITY_CODE)) },
      { key: 'arrests', name: 'ARRESTS/DETENTION (AGES 6+) 2/3 (%)', value: share(ratedActionably(ARRESTS_CODE)) },
      { key: 'recommendations', name: 'Service Recommendations Triggered', value: tai.reduce((s, v) => s + v, 0) },
    ],
    ratingOverview: GLANCE_RATINGS.map((rating) => ({ name: label(rating), value: overview.get(rating) ?? 0 })),
    actionableItems: {
      maxCount: tai.reduce((m, v) => Math.max(m, v), 0),
      minCount: n === 0 ? 0 : tai.reduce((m, v) => Math.min(m, v), Infinity),
      average,
      averageMoreOne: round2(average + (deviation ?? 0)),
      averageLessOne: Math.max(0, round2(average - (deviation ?? 0))),
    },
    domainOverview: {
      ratings: GLANCE_RATINGS.map(label),
      domains: domains.map((domain, d) => ({
        code: domain.code,
        domainName: domain.name,
        percents: GLANCE_RATINGS.map((rating) => share(highest[d].get(rating) ?? 0)),
      })),
    },
  };
}
