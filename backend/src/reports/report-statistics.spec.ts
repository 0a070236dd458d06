/**
 * Every Quick Glance figure (glance() in report-statistics.ts) against its definition written out plainly (docs/api.md
 * "Reports"), recounted from the per-assessment data over random cohorts: packed strings of any length (unrated gaps,
 * N/A, rating 4), caregiver domains, modules, codes never rated anywhere and domains whose actionable ratings differ.
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

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
/** Population standard deviation, two passes (not the sums of squares the glance uses). */
const deviation = (values: number[]) => Math.sqrt(mean(values.map((v) => (v - mean(values)) ** 2)));
/** True when `figure` is `value` rounded once to two decimals (either neighbour on an exact tie). */
const isRoundedOnce = (figure: number, value: number) =>
  Math.abs(figure * 100 - Math.round(figure * 100)) < 1e-9 && Math.abs(figure - value) <= 0.005 + 1e-9;

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
  const ratedTwoOrThree = (code: string) =>
    rows.filter((row) => ['2', '3'].includes(ratingAt(row.childRatings, codebook.indexOf(code)) ?? '')).length;
  return {
    overview,
    highest,
    tai,
    children: new Set(rows.map((row) => row.cin)).size,
    averageAge: rows.length ? Math.round(mean(rows.map((row) => row.age)) * 10) / 10 : 0,
    chronicity: ratedTwoOrThree('CHRONICITY'),
    arrests: ratedTwoOrThree('ARRESTS_DETENTION'),
  };
}

/** A domain of `size` questions whose ratings 2 and 3 are actionable, and rows whose TAI are the given counts. */
function cohortWithTai(tais: number[], size: number) {
  const codes = Array.from({ length: size }, (_, i) => `Q${i}`);
  const domain: ReportDomain = {
    code: 'D',
    name: 'D',
    shortName: null,
    caregiverItem: false,
    actionableRatings: ['2', '3'],
    questions: codes.map(question),
    modules: [],
  };
  const rows: GlanceFacts[] = tais.map((tai, i) => ({
    id: `a${i}`,
    cin: `PID-${i}`,
    age: 10,
    gender: 'F',
    dateOfAssessment: '2026-01-01',
    createdAt: '2026-01-01T00:00:00.000Z',
    childRatings: '2'.repeat(tai) + '0'.repeat(size - tai),
    caregiverRatings: '',
  }));
  return { rows, domain, codebook: { indexOf: (code: string) => codes.indexOf(code) } as RatingCodebook };
}

describe('the Quick Glance figures', () => {
  it('equal the definitions computed rating by rating, for any cohort and any chosen domains', () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { maxLength: 30 }),
        fc.array(domainArbitrary, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 20 }),
        (specs, domainSpecs, childrenOutsideTheFilter) => {
          const rows: GlanceFacts[] = specs.map((spec, i) => ({
            ...spec,
            id: `a${i}`,
            gender: 'F',
            dateOfAssessment: '2026-01-01',
            createdAt: '2026-01-01T00:00:00.000Z',
          }));
          const domains = domainSpecs.map(domainOf);
          const expected = plainGlance(rows, domains);
          const classChildren = expected.children + childrenOutsideTheFilter;
          const figures = glance(rows, domains, codebook, classChildren);
          const info = Object.fromEntries(figures.baseInfos.map(({ key, value }) => [key, value]));
          const ratings = ['NA', '0', '1', '2', '3'];

          expect(figures.ratingOverview.map((slice) => slice.value)).toEqual(ratings.map((r) => expected.overview.get(r) ?? 0));
          expect(figures.domainOverview.domains.map((d) => d.percents)).toEqual(
            domains.map((_, d) => ratings.map((r) => percent(expected.highest[d].get(r) ?? 0, rows.length))),
          );
          expect(info).toEqual({
            averageAge: expected.averageAge,
            totalChildren: expected.children,
            // Children, not assessments: the children in the filter among the children of the class.
            filterShare: percent(expected.children, classChildren),
            chronicity: percent(expected.chronicity, rows.length),
            arrests: percent(expected.arrests, rows.length),
            recommendations: expected.tai.reduce((s, v) => s + v, 0),
          });
          const items = figures.actionableItems;
          expect(items.maxCount).toBe(Math.max(0, ...expected.tai));
          expect(items.minCount).toBe(rows.length ? Math.min(...expected.tai) : 0);
          if (rows.length === 0) {
            expect(items).toMatchObject({ average: 0, averageMoreOne: 0, averageLessOne: 0 });
            return;
          }
          const [average, sd] = [mean(expected.tai), deviation(expected.tai)];
          expect(isRoundedOnce(items.average, average)).toBe(true);
          // Rounded once, at the end: not the rounded average plus the rounded deviation.
          expect(isRoundedOnce(items.averageMoreOne, average + sd)).toBe(true);
          expect(isRoundedOnce(items.averageLessOne, Math.max(0, average - sd))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shares the children in the filter against the children of the class: 2 of 11 children is 18.2 %', () => {
    // Five assessments of two children; the class has 11 children (15 assessments): 18.2, not 5 of 15 = 33.3.
    const { rows, domain, codebook: book } = cohortWithTai([0, 1, 0, 1, 0], 2);
    const twoChildren = rows.map((row, i) => ({ ...row, cin: i < 3 ? 'PID-A' : 'PID-B' }));
    const share = (facts: GlanceFacts[]) => glance(facts, [domain], book, 11).baseInfos.find((b) => b.key === 'filterShare')!.value;
    expect(share(twoChildren)).toBe(18.2);
    expect(share(twoChildren.slice(0, 1))).toBe(9.1); // one child
    expect(share([...twoChildren, { ...rows[0], id: 'c', cin: 'PID-C' }])).toBe(27.3); // three children
  });

  it('rounds average ± 1 SD once, at the end', () => {
    // TAI 0, 1, 1, 1, 1, 1: average 0.8333…, SD 0.3726…; average + SD = 1.2060… → 1.21 (rounded apart: 0.83 + 0.37 = 1.20).
    const { rows, domain, codebook: book } = cohortWithTai([0, 1, 1, 1, 1, 1], 1);
    const items = glance(rows, [domain], book, 6).actionableItems;
    expect(items).toEqual({ maxCount: 1, minCount: 0, average: 0.83, averageMoreOne: 1.21, averageLessOne: 0.46 });
  });
});
