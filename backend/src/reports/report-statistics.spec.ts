/**
 * The Quick Glance's one-pass, branch-free tallies (glance() in report-statistics.ts) against the definitions written
 * out plainly, rating by rating, over random cohorts: packed strings of any length (unrated gaps, N/A, rating 4),
 * caregiver domains, modules, codes never rated anywhere and domains whose actionable ratings differ.
 */
import fc from 'fast-check';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { ratingAt, type GlanceFacts, type RatingCodebook } from '@cans/projections/reports/report-rows.queries';
import type { ReportDomain } from './report-library.service';
import { glance } from './report-statistics';

const CODES = ['CHRONICITY', 'ARRESTS_DETENTION', 'SLEEP', 'SCHOOL', 'FAMILY', 'ANXIETY', 'NEVER_RATED'];
/** NEVER_RATED has no position: no assessment ever rated it. */
const codebook: RatingCodebook = { indexOf: (code) => (code === 'NEVER_RATED' ? undefined : CODES.indexOf(code)) };
const question = (code: string) => ({ code, name: code, shortName: null });

const packedArbitrary = fc
  .array(fc.constantFrom('.', 'N', '0', '1', '2', '3', '4'), { maxLength: CODES.length })
  .map((chars) => chars.join(''));

const rowArbitrary = fc.record({
  cin: fc.constantFrom('PID-1', 'PID-2', 'PID-3', 'PID-4'),
  age: fc.integer({ min: 0, max: 21 }),
  childRatings: packedArbitrary,
  caregiverRatings: packedArbitrary,
});

interface DomainSpec {
  codes: string[];
  moduleCodes: string[];
  caregiverItem: boolean;
  actionableRatings: Rating[];
}

const domainArbitrary: fc.Arbitrary<DomainSpec> = fc.record({
  codes: fc.uniqueArray(fc.constantFrom(...CODES), { minLength: 1, maxLength: 4 }),
  moduleCodes: fc.uniqueArray(fc.constantFrom(...CODES), { maxLength: 2 }),
  caregiverItem: fc.boolean(),
  actionableRatings: fc.subarray<Rating>(['2', '3', '4']),
});

function domainOf(spec: DomainSpec, d: number): ReportDomain {
  return {
    code: `D${d}`,
    name: `Domain ${d}`,
    shortName: null,
    caregiverItem: spec.caregiverItem,
    actionableRatings: spec.actionableRatings,
    questions: spec.codes.map(question),
    modules: spec.moduleCodes.length ? [{ code: `M${d}`, name: `Module ${d}`, questions: spec.moduleCodes.map(question) }] : [],
  };
}
const percent = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 1000) / 10);

/** The definitions, rating by rating (docs/api.md "Reports"). */
function plainGlance(rows: GlanceFacts[], domains: ReportDomain[]) {
  const ratingsOf = (row: GlanceFacts, domain: ReportDomain) =>
    [...domain.questions, ...domain.modules.flatMap((m) => m.questions)]
      .map((q) => ratingAt(domain.caregiverItem ? row.caregiverRatings : row.childRatings, codebook.indexOf(q.code)))
      .filter((rating): rating is Rating => rating !== null);
  const overview = new Map<string, number>();
  const highest = domains.map(() => new Map<string, number>());
  const tai = rows.map((row) =>
    domains.reduce((sum, domain, d) => {
      const ratings = ratingsOf(row, domain);
      for (const rating of ratings) if (rating !== '4') overview.set(rating, (overview.get(rating) ?? 0) + 1);
      const numeric = ratings.filter((r) => r !== 'NA').map(Number);
      const top = numeric.length === 0 ? 'NA' : String(Math.min(3, Math.max(...numeric)));
      highest[d].set(top, (highest[d].get(top) ?? 0) + 1);
      return sum + ratings.filter((r) => domain.actionableRatings.includes(r)).length;
    }, 0),
  );
  return { overview, highest, tai };
}

describe('the Quick Glance figures', () => {
  it('equal the definitions computed rating by rating, for any cohort and any chosen domains', () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { maxLength: 30 }),
        fc.array(domainArbitrary, { minLength: 1, maxLength: 4 }),
        (specs, domainSpecs) => {
          const rows: GlanceFacts[] = specs.map((spec, i) => ({
            ...spec,
            id: `a${i}`,
            gender: 'F',
            dateOfAssessment: '2026-01-01',
            createdAt: '2026-01-01T00:00:00.000Z',
          }));
          const domains = domainSpecs.map(domainOf);
          const figures = glance(rows, domains, codebook, 100);
          const expected = plainGlance(rows, domains);
          const ratings = ['NA', '0', '1', '2', '3'];

          expect(figures.ratingOverview.map((slice) => slice.value)).toEqual(ratings.map((r) => expected.overview.get(r) ?? 0));
          expect(figures.domainOverview.domains.map((d) => d.percents)).toEqual(
            domains.map((_, d) => ratings.map((r) => percent(expected.highest[d].get(r) ?? 0, rows.length))),
          );
          const recommendations = figures.baseInfos.find((info) => info.key === 'recommendations')!.value;
          expect(recommendations).toBe(expected.tai.reduce((s, v) => s + v, 0));
          expect(figures.actionableItems.maxCount).toBe(Math.max(0, ...expected.tai));
          expect(figures.actionableItems.minCount).toBe(rows.length ? Math.min(...expected.tai) : 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
