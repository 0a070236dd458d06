/**
 * Issue 27 finding 2: the comparison report (GET /api/reports/comparison) reaches beyond the caller's row access,
 * so two comparisons whose groups differ by one child gave that child's ratings by subtraction — 11 children assessed
 * up to 2025-10-11 minus the 10 up to 2025-10-10, or a list of 11 PIDs minus the same 10.
 *
 * The fixture (test-support/comparison-fixture.ts) gives every child one unique rating, so each answer's figures
 * say exactly which children it holds. The caller is a case worker, who can read only their own assessments.
 * docs/security.md "Differencing of the comparison report".
 */
import { startTestApp, TestApp } from '../../test-support/test-app';
import { COMPARISON_TOO_SMALL, COMPARISON_WOULD_SINGLE_OUT } from './report-comparison.service';
import { ComparisonFixture, createComparisonFixture, childrenOf, MARKER_DOMAINS, ratingCounts } from './test-support/comparison-fixture';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Query = Record<string, string>;

/** Fewer children than this outside one's row access must never be isolated (the spec's comparison minimum). */
const SMALLEST_GROUP = 10;

describe('comparison report: differencing (issue 27)', () => {
  let t: TestApp;
  let fx: ComparisonFixture;

  const compare = (query: Query, token = t.tokenForUser(fx.users.worker)) =>
    t
      .http()
      .get('/api/reports/comparison')
      .query({ domains: MARKER_DOMAINS, ...query })
      .set('Authorization', `Bearer ${token}`)
      .set('X-Wait-For-Position', String(fx.writer.position));
  const published = (response: { status: number; body: Json }) => response.status === 200 && response.body.sufficient === true;

  /** The child whose ratings are exactly the difference of two answers' figures, if any. */
  async function recovered(bigger: Query, smaller: Query): Promise<string | null> {
    const [a, b] = await Promise.all([compare(bigger), compare(smaller)]);
    if (!published(a) || !published(b)) return null;
    const difference = ratingCounts(a.body);
    for (const [key, count] of ratingCounts(b.body)) difference.set(key, (difference.get(key) ?? 0) - count);
    const left = [...difference].filter(([, count]) => count !== 0).sort();
    const child = fx.children.find((c) => {
      const ratings = Object.entries(c.ratings).map(([code, rating]) => `${code}:${rating}`);
      return left.length === ratings.length && left.every(([key, count]) => count === 1 && ratings.includes(key));
    });
    return child?.cin ?? null;
  }

  beforeAll(async () => {
    t = await startTestApp();
    fx = await createComparisonFixture(t);
  }, 300_000); // 49 assessments written and projected one event batch at a time

  afterAll(async () => {
    await t?.close();
  });

  describe('the reported attacks recover nothing', () => {
    it('two day ranges a day apart do not give the ratings of the child assessed on the last day', async () => {
      const range = (endDoa: string) => ({ compareAgency: fx.agencies.b, startDoa: '2025-10-01', endDoa });
      expect(await recovered(range('2025-10-11'), range('2025-10-10'))).toBeNull();
    });

    it('a list of 11 PIDs and the same list less one do not give that child’s ratings, nor say whether a PID exists', async () => {
      const pids = Array.from({ length: 11 }, (_, i) => `B-${String(i + 1).padStart(2, '0')}`);
      const list = (cins: string[]) => ({ compareAgency: fx.agencies.b, cin: cins.join(',') });
      expect(await recovered(list(pids), list(pids.slice(0, 10)))).toBeNull();
      const [withUnknown, without] = await Promise.all([compare(list([...pids, 'NO-SUCH-PID'])), compare(list(pids))]);
      expect(published(withUnknown) && published(without)).toBe(false);
    });
  });

  describe('the comparison group is a fixed cohort: one agency (or every agency) × one assessment type × one year', () => {
    const cell = { compareAgency: '', compareType: '62', compareYear: '2025' };

    it.each([
      ['startDoa', { startDoa: '2025-10-01' }],
      ['endDoa', { endDoa: '2025-10-11' }],
      ['cin', { cin: 'B-01,B-02' }],
      ['minAge', { minAge: '5' }],
      ['gender', { gender: 'F' }],
      ['type', { type: '62' }],
      ['assessor', { assessor: 'someone' }],
    ])('refuses the report filter field %s with 400 naming it', async (field, extra) => {
      const response = await compare({ ...cell, compareAgency: fx.agencies.b, ...extra });
      expect(response.status).toBe(400);
      expect(response.body.errors[field]).toEqual([expect.stringContaining('is not a comparison parameter')]);
    });

    it.each([
      ['compareAgency', { compareAgency: 'one,two' }],
      ['compareYear', { compareYear: '2025-10' }],
      ['compareYear', { compareYear: '' }],
      ['compareType', { compareType: '' }],
    ])('refuses a bad %s with 400 naming it', async (field, extra) => {
      const response = await compare({ ...cell, ...extra });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([field]);
      expect(response.body.errors[field]).toHaveLength(1);
    });

    it('answers another agency’s whole year of a type, as aggregates', async () => {
      const response = await compare({ ...cell, compareAgency: fx.agencies.b });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ sufficient: true, childCount: 11 });
      expect([...childrenOf(response.body, fx)].sort()).toEqual(
        fx.children
          .filter((c) => c.cin.startsWith('B-'))
          .slice(0, 11)
          .map((c) => c.cin),
      );
    });

    it('keeps the spec’s warning below 10 children', async () => {
      const response = await compare({ ...cell, compareAgency: fx.agencies.c });
      expect(response.body).toEqual({ sufficient: false, childCount: null, message: COMPARISON_TOO_SMALL, domains: [] });
    });

    it('refuses every agency when every agency less the published agencies would single out a few children', async () => {
      // 62 / 2025: every agency = B (published) + C's one child + the own agency's 6 (2 the worker cannot read).
      const response = await compare(cell);
      expect(response.body).toEqual({ sufficient: false, childCount: null, message: COMPARISON_WOULD_SINGLE_OUT, domains: [] });
      // A state-level user reads every assessment: nothing to single out.
      expect((await compare(cell, t.adminToken())).body).toMatchObject({ sufficient: true, childCount: 18 });
    });

    it('refuses the own agency when the caller can read all but one of its children, and answers it narrowed to what they read', async () => {
      const own = { compareAgency: fx.agencies.own, compareType: '62', compareYear: '2026' };
      expect((await compare(own)).body).toMatchObject({ sufficient: false, message: COMPARISON_WOULD_SINGLE_OUT });
      const narrowed = await compare({ ...own, compareSupervisors: fx.users.supervisor });
      expect(narrowed.body).toMatchObject({ sufficient: true, childCount: 10 });
      expect([...childrenOf(narrowed.body, fx)].every((cin) => cin.startsWith('W-'))).toBe(true);
      const colleague = await compare({ ...own, compareAssessors: fx.users.colleague });
      expect(colleague.body).toMatchObject({ sufficient: false, message: COMPARISON_TOO_SMALL });
    });
  });

  describe('small cells inside a published group', () => {
    const itemOf = (answer: Json, code: string) =>
      answer.domains
        .flatMap((d: Json) => [...d.questions, ...d.moduleCharts.flatMap((m: Json) => m.questions)])
        .find((q: Json) => q.code === code);

    it('hides an item few children were rated on, in their agency and in every agency, and shows the others', async () => {
      const cell = { compareType: '63', compareYear: '2025' };
      const [c, b, every] = await Promise.all([
        compare({ ...cell, compareAgency: fx.agencies.c }),
        compare({ ...cell, compareAgency: fx.agencies.b }),
        compare(cell),
      ]);
      expect([c, b, every].map((answer) => answer.body.sufficient)).toEqual([true, true, true]);
      // One child of C rated it: C's answer hides it, and so does every agency's (less B's, it would be C's).
      expect(itemOf(c.body, fx.sparseQuestion)).toMatchObject({ suppressed: true, ratings: [] });
      expect(itemOf(every.body, fx.sparseQuestion)).toMatchObject({ suppressed: true, ratings: [] });
      expect(itemOf(b.body, fx.sparseQuestion)).toMatchObject({ suppressed: false, rated: 0 });
      expect(itemOf(every.body, fx.markerQuestions[0])).toMatchObject({ suppressed: false, rated: 20 });
      // A state-level user reads every assessment: nothing to hide from them.
      const admin = await compare({ ...cell, compareAgency: fx.agencies.c }, t.adminToken());
      expect(itemOf(admin.body, fx.sparseQuestion)).toMatchObject({ suppressed: false, rated: 1 });
    });
  });

  describe('every pair of accepted comparisons', () => {
    /** Candidate requests: every value of the comparison's parameters, and the report filter the old route took. */
    function candidates(): Query[] {
      const { own, b, c } = fx.agencies;
      const list: Query[] = [];
      for (const compareAgency of ['', own, b, c, 'no-such-agency'])
        for (const compareType of ['62', '63'])
          for (const compareYear of ['2025', '2026']) {
            const cell = { compareAgency, compareType, compareYear };
            list.push(cell);
            for (const people of [
              { compareAssessors: fx.users.worker },
              { compareAssessors: fx.users.colleague },
              { compareAssessors: `${fx.users.worker},${fx.users.colleague}` },
              { compareSupervisors: fx.users.supervisor },
            ] as Query[])
              list.push({ ...cell, ...people });
          }
      list.push({ compareAgency: `${b},${c}` }, {});
      const pidsOfB = fx.children.filter((child) => child.agency === 'b' && child.assessmentType === '62').map((child) => child.cin);
      for (let last = 1; last <= 11; last++) {
        const endDoa = `2025-10-${String(last).padStart(2, '0')}`;
        list.push({ compareAgency: b, startDoa: '2025-10-01', endDoa }, { startDoa: '2025-10-01', endDoa });
        list.push({ compareAgency: b, cin: pidsOfB.slice(0, last).join(',') });
        list.push({ compareAgency: b, compareType: '62', compareYear: '2025', startDoa: '2025-10-01', endDoa });
      }
      for (const [minAge, gender] of [
        ['0', 'F'],
        ['-1', 'M'],
      ])
        list.push({ compareAgency: b, minAge, gender }, { compareAgency: b, compareType: '62', compareYear: '2025', minAge });
      return list;
    }

    it('isolates no group of fewer than 10 children the caller cannot read, by any difference of two answers', async () => {
      const readable = new Set(fx.children.filter((c) => c.owner === 'worker').map((c) => c.cin));
      const answers: Array<{ query: Query; children: Set<string> }> = [];
      for (const query of candidates()) {
        const response = await compare(query);
        expect(response.status).toBeLessThan(500);
        if (published(response)) answers.push({ query, children: childrenOf(response.body, fx) });
      }
      // The empty answer stands for the caller's own knowledge: a single answer is checked against it.
      const withNothing = [...answers, { query: { nothing: 'known' }, children: new Set<string>() }];
      const singledOut: string[] = [];
      for (const [i, a] of withNothing.entries())
        for (const b of withNothing.slice(i + 1)) {
          const unreadable = [...a.children, ...b.children].filter(
            (cin) => !readable.has(cin) && a.children.has(cin) !== b.children.has(cin),
          );
          if (unreadable.length > 0 && unreadable.length < SMALLEST_GROUP)
            singledOut.push(`${JSON.stringify(a.query)} vs ${JSON.stringify(b.query)} single out ${[...new Set(unreadable)].join(', ')}`);
        }
      expect(singledOut).toEqual([]);
      // The check had something to check: published answers of every kind.
      expect(answers.length).toBeGreaterThanOrEqual(5);
    }, 120_000); // some 150 requests
  });
});
