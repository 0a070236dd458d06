/**
 * The mean domain score and its standard deviation (the Many Children One CANS score chart's bars and error bars,
 * and the Many Children Many CANS time-point scores; issue 28) against the definition written out plainly
 * (docs/api.md "Reports"): an assessment's domain score is the sum of its numeric ratings of the domain's questions
 * and its modules' (N/A and unrated left out; none without a numeric rating); mean and POPULATION standard
 * deviation (divided by n) over the assessments with a score, each rounded once to two decimals. Recounted rating
 * by rating over random cohorts: packed strings of any length (unrated gaps, N/A, rating 4), caregiver domains,
 * modules and codes never rated anywhere.
 */
import fc from 'fast-check';
import { ratingAt, type RatingCodebook, type ReportFacts } from '@cans/projections/reports/report-rows.queries';
import type { ReportDomain } from './report-library.service';
import { domainStatistics, meanAndDeviation } from './report-statistics';

const CODES = ['SLEEP', 'SCHOOL', 'FAMILY', 'ANXIETY', 'MOOD', 'NEVER_RATED'];
const codebook: RatingCodebook = { indexOf: (code) => (code === 'NEVER_RATED' ? undefined : CODES.indexOf(code)) };
const question = (code: string) => ({ code, name: code, shortName: null });

const packedArbitrary = fc
  .array(fc.constantFrom('.', 'N', '0', '1', '2', '3', '4'), { maxLength: CODES.length })
  .map((chars) => chars.join(''));
const rowArbitrary: fc.Arbitrary<ReportFacts> = fc
  .record({ childRatings: packedArbitrary, caregiverRatings: packedArbitrary, caregiverCount: fc.integer({ min: 0, max: 2 }) })
  .map((facts) => ({
    id: 'a',
    cin: 'PID-1',
    age: 10,
    gender: 'F',
    assessmentType: '62',
    dateOfAssessment: '2026-01-01',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...facts,
  }));
const domainArbitrary: fc.Arbitrary<ReportDomain> = fc
  .record({
    codes: fc.uniqueArray(fc.constantFrom(...CODES), { minLength: 1, maxLength: 4 }),
    moduleCodes: fc.uniqueArray(fc.constantFrom(...CODES), { maxLength: 2 }),
    caregiverItem: fc.boolean(),
  })
  .map(({ codes, moduleCodes, caregiverItem }) => ({
    code: 'D',
    name: 'Domain',
    shortName: null,
    caregiverItem,
    actionableRatings: ['2', '3'],
    questions: codes.map(question),
    modules: moduleCodes.length ? [{ code: 'M', name: 'Module', questions: moduleCodes.map(question) }] : [],
  }));

/** The domain scores, rating by rating. */
function plainScores(rows: ReportFacts[], domain: ReportDomain): number[] {
  const codes = [...domain.questions, ...domain.modules.flatMap((m) => m.questions)].map((q) => q.code);
  const scores: number[] = [];
  for (const row of rows) {
    const packed = domain.caregiverItem ? row.caregiverRatings : row.childRatings;
    const numeric: number[] = [];
    for (const code of codes) {
      const rating = ratingAt(packed, codebook.indexOf(code));
      if (rating !== null && rating !== 'NA') numeric.push(Number(rating));
    }
    if (numeric.length > 0) scores.push(numeric.reduce((sum, r) => sum + r, 0));
  }
  return scores;
}
const average = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
/** Population standard deviation in two passes (not the sums of squares the report uses). */
const populationDeviation = (values: number[]) => Math.sqrt(average(values.map((v) => (v - average(values)) ** 2)));
/** True when `figure` is `value` rounded once to two decimals (either neighbour on an exact tie). */
const isRoundedOnce = (figure: number | null, value: number) =>
  figure !== null && Math.abs(figure * 100 - Math.round(figure * 100)) < 1e-9 && Math.abs(figure - value) <= 0.005 + 1e-9;

describe('the mean domain score and its standard deviation', () => {
  it('equal the definition recounted rating by rating, for any cohort and any domain', () => {
    fc.assert(
      fc.property(fc.array(rowArbitrary, { maxLength: 40 }), domainArbitrary, (rows, domain) => {
        const figures = domainStatistics(rows, domain, codebook);
        const scores = plainScores(rows, domain);
        expect(figures.scored).toBe(scores.length);
        if (scores.length === 0) {
          expect(figures.meanScore).toBeNull();
          expect(figures.standardDeviation).toBeNull();
          return;
        }
        expect(isRoundedOnce(figures.meanScore, average(scores))).toBe(true);
        expect(isRoundedOnce(figures.standardDeviation, populationDeviation(scores))).toBe(true);
        // The time-point reports' figures (meanAndDeviation over the scores) are the same.
        expect(meanAndDeviation(scores)).toEqual({ mean: figures.meanScore, deviation: figures.standardDeviation });
      }),
      { numRuns: 300 },
    );
  });

  it('is the population standard deviation (divided by n), not the sample one: scores 1 and 3 give 1', () => {
    expect(meanAndDeviation([1, 3])).toEqual({ mean: 2, deviation: 1 });
  });
});
