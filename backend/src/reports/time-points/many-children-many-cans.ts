/**
 * Many Children Many CANS (spec 001 §1, §9), a pure function over report rows: for the children of a cohort with
 * at least two assessments, their FIRST and LAST time-point (time-points.ts), compared per question and per domain.
 * Child information only (caregiver domains are not reported).
 *
 * - Per question and time-point: `actionable` = children whose assessment rated it with one of the domain's
 *   actionable ratings (2, 3); `nonActionable` = rated with another number (0, 1); N/A and unrated are left out of
 *   both and of the percentages (counted in `notApplicable` / `unrated`). Percentages of actionable +
 *   non-actionable, one decimal.
 * - Per domain and time-point: mean domain score and population standard deviation, as Many Children One CANS
 *   defines them (report-statistics.ts), over the first (or last) assessments.
 */
import type { RatingCodebook, ReportFacts } from '@cans/projections/reports/report-rows.queries';
import { ratingAt } from '@cans/projections/reports/report-rows.queries';
import { percentOf } from '../../assessments/statistics/answer-statistics.service';
import type { ReportDomain, ReportQuestion } from '../report-library.service';
import { domainScores, DOMAIN_SCORE_DEFINITION, meanAndDeviation } from '../report-statistics';

export const ACTIONABLE_DEFINITION =
  'Actionable: rated with one of the domain’s actionable ratings (2 or 3); non-actionable: rated 0 or 1. N/A and unrated are left out of both.';
export const TIME_POINT_DEFINITION =
  'Each child’s first and last approved assessment in the filter (by date of assessment); children with fewer than two are left out.';

export interface ActionableShare {
  actionable: number;
  nonActionable: number;
  notApplicable: number;
  unrated: number;
  actionablePercent: number;
  nonActionablePercent: number;
}

export interface FirstAndLast {
  first: ReportFacts;
  last: ReportFacts;
}

function shareOf(rows: readonly ReportFacts[], domain: ReportDomain, index: number | undefined): ActionableShare {
  let actionable = 0;
  let nonActionable = 0;
  let notApplicable = 0;
  let unrated = 0;
  for (const row of rows) {
    const rating = ratingAt(row.childRatings, index);
    if (rating === null) unrated++;
    else if (rating === 'NA') notApplicable++;
    else if (domain.actionableRatings.includes(rating)) actionable++;
    else nonActionable++;
  }
  const rated = actionable + nonActionable;
  return {
    actionable,
    nonActionable,
    notApplicable,
    unrated,
    actionablePercent: percentOf(actionable, rated),
    nonActionablePercent: percentOf(nonActionable, rated),
  };
}

function scoreOf(rows: readonly ReportFacts[], domain: ReportDomain, codebook: RatingCodebook) {
  const scores = domainScores(rows, domain, codebook).filter((s): s is number => s !== null);
  const { mean, deviation } = meanAndDeviation(scores);
  return { meanScore: mean, standardDeviation: deviation, scored: scores.length };
}

export function manyChildrenManyCans(pairs: readonly FirstAndLast[], domains: readonly ReportDomain[], codebook: RatingCodebook) {
  const firsts = pairs.map((p) => p.first);
  const lasts = pairs.map((p) => p.last);
  const question = (domain: ReportDomain) => (q: ReportQuestion) => {
    const index = codebook.indexOf(q.code);
    return {
      code: q.code,
      questionName: q.name,
      questionShowName: q.shortName ?? q.name,
      first: shareOf(firsts, domain, index),
      last: shareOf(lasts, domain, index),
    };
  };
  return {
    childCount: pairs.length,
    definitions: { timePoints: TIME_POINT_DEFINITION, actionable: ACTIONABLE_DEFINITION, domainScore: DOMAIN_SCORE_DEFINITION },
    domains: domains.map((domain) => ({
      code: domain.code,
      name: domain.name,
      shortName: domain.shortName,
      first: scoreOf(firsts, domain, codebook),
      last: scoreOf(lasts, domain, codebook),
      questions: domain.questions.map(question(domain)),
      moduleCharts: domain.modules.map((m) => ({ code: m.code, name: m.name, questions: m.questions.map(question(domain)) })),
    })),
  };
}
