/**
 * The one-child reports and Many Children Many CANS over HTTP on the real app: assessments written as the command
 * handlers write them (AssessmentWriter), statistics checked against an independent computation from the ratings
 * this test gave (plain loops here, not the report code). Also the filter lookups' counters (filter-options).
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary, testCaregiver } from '../../assessments/summary/test-support/assessment-writer';

const backends = httpTestBackends();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const TRAUMA = ['SEXUAL_ABUSE', 'PHYSICAL_ABUSE', 'EMOTIONAL_ABUSE', 'TR_INTRUSIONS'];

interface Seeded {
  id: string;
  ownerId: string;
  cin: string;
  doa: string;
  child: Record<string, Rating>;
}

/** Independent: per code, actionable (2, 3) / non-actionable (0, 1) / N/A / unrated over the given assessments. */
function shares(assessments: Seeded[], code: string) {
  const tally = { actionable: 0, nonActionable: 0, notApplicable: 0, unrated: 0 };
  for (const a of assessments) {
    const r = a.child[code];
    if (r === undefined) tally.unrated++;
    else if (r === 'NA') tally.notApplicable++;
    else if (r === '2' || r === '3') tally.actionable++;
    else tally.nonActionable++;
  }
  const rated = tally.actionable + tally.nonActionable;
  const pct = (n: number) => (rated ? Math.round((n / rated) * 1000) / 10 : 0);
  return { ...tally, actionablePercent: pct(tally.actionable), nonActionablePercent: pct(tally.nonActionable) };
}

function meanSd(assessments: Seeded[], codes: string[]) {
  const scores = assessments
    .map((a) => codes.map((c) => a.child[c]).filter((r) => r !== undefined && r !== 'NA'))
    .filter((numeric) => numeric.length > 0)
    .map((numeric) => numeric.reduce((s, r) => s + Number(r), 0));
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length);
  return { meanScore: Math.round(mean * 100) / 100, standardDeviation: Math.round(sd * 100) / 100, scored: scores.length };
}

describe.each(backends)('time-point reports over HTTP (%s)', (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  const org = { supervisor: '', worker: '', outsider: '' };
  const seeded: Seeded[] = [];

  const get = (path: string, token: string, query: Record<string, string> = {}) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Authorization', `Bearer ${token}`)
      .set('X-Wait-For-Position', String(writer?.position ?? 0));
  const tokenOf = (who: keyof typeof org) => t.tokenForUser(org[who]);

  async function approved(
    owner: keyof typeof org,
    cin: string,
    doa: string,
    child: Record<string, Rating>,
    caregivers: Array<Record<string, Rating>> = [],
  ) {
    const ownerId = org[owner];
    const id = await writer.start(ownerId, { cin, dateOfAssessment: doa });
    for (const [i, ratings] of caregivers.entries()) {
      await writer.addCaregiver(id, ownerId, testCaregiver(`${id}-cg${i}`, `Carer${i}`));
      await writer.rate(id, ownerId, ratings, `${id}-cg${i}`);
    }
    await writer.rate(id, ownerId, child);
    await writer.complete(id, ownerId);
    await writer.approve(id, org.supervisor);
    const s: Seeded = { id, ownerId, cin, doa, child };
    return s;
  }
  const byCin = (cin: string) => seeded.filter((s) => s.cin === cin).sort((a, b) => a.doa.localeCompare(b.doa));

  beforeAll(async () => {
    t = await startTestApp({ backend });
    const admin = `Bearer ${t.adminToken()}`;
    const post = async (path: string, body: object) => {
      const answer = await t.http().post(path).set('Authorization', admin).send(body);
      if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
      return answer.body.id as string;
    };
    const privileges = ['HOME_SHOW', 'Assessment_View', 'Report_Assessment'];
    const supervisors = await post('/api/user-groups', { name: 'T Supervisors', parentGroupId: '153', privileges });
    const workers = await post('/api/user-groups', { name: 'T Workers', parentGroupId: supervisors, privileges });
    const user = (name: string, groupId: string, supervisorId: string) =>
      post('/api/users', {
        firstName: name[0].toUpperCase() + name.slice(1),
        lastName: 'Timer',
        username: `t${name}`,
        email: `t${name}@example.test`,
        userGroupId: groupId,
        supervisorId,
        externalId: `t${name}`,
      });
    org.supervisor = await user('supervisor', supervisors, '1');
    org.worker = await user('worker', workers, org.supervisor);
    org.outsider = await user('outsider', workers, '1');
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));

    seeded.push(
      // T-1: three time-points (135 days after the initial one: '<06 Month'), the middle one with two caregivers.
      await approved('worker', 'T-1', '2024-01-01', { SEXUAL_ABUSE: '3', PHYSICAL_ABUSE: '2', EMOTIONAL_ABUSE: 'NA', ST_FAMILY: '1' }),
      await approved('worker', 'T-1', '2024-05-15', { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '1', TR_INTRUSIONS: '3' }, [
        { CG_SUPERVISION: '2' },
        { CG_SUPERVISION: '0', CG_INVOLVEMENT: '1' },
      ]),
      await approved('worker', 'T-1', '2025-03-01', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '0', EMOTIONAL_ABUSE: '1' }),
      await approved('worker', 'T-2', '2024-02-01', { SEXUAL_ABUSE: '0', PHYSICAL_ABUSE: '3', EMOTIONAL_ABUSE: '2' }),
      await approved('worker', 'T-2', '2024-08-01', { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: 'NA', EMOTIONAL_ABUSE: '3' }),
      await approved('worker', 'T-3', '2024-03-01', { SEXUAL_ABUSE: '3' }),
      // T-4: one assessment the worker's, one the outsider's: two time-points only for who sees both.
      await approved('worker', 'T-4', '2024-04-01', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '1' }),
      await approved('outsider', 'T-4', '2024-10-01', { SEXUAL_ABUSE: '3', PHYSICAL_ABUSE: '2', EMOTIONAL_ABUSE: '2' }),
    );
    // A fourth T-1 assessment excluded from reports: no time-point.
    const excluded = await approved('worker', 'T-1', '2025-06-01', { SEXUAL_ABUSE: '3' });
    await writer.exclude(excluded.id, org.supervisor);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('One Child One CANS', () => {
    it('lists the covered assessments of the one-child filter, 10 a page', async () => {
      const response = await get('/api/reports/one-child-one-cans/cases', tokenOf('worker'), { cin: 't-1' });
      expect(response.status).toBe(200);
      expect(response.headers['content-range']).toBe('reports/one-child-one-cans/cases 0-2/3');
      expect((response.body as Json[]).map((r) => r.dateOfAssessment)).toEqual(['2025-03-01', '2024-05-15', '2024-01-01']);
      const outsider = await get('/api/reports/one-child-one-cans/cases', tokenOf('outsider'), { cin: 'T-' });
      expect((outsider.body as Json[]).map((r) => r.id)).toEqual([seeded[7].id]);
    });

    it('answers one assessment’s ratings per domain, every caregiver apart, and the child’s other CANS', async () => {
      const middle = seeded[1];
      const response = await get('/api/reports/one-child-one-cans', tokenOf('supervisor'), {
        assessment: middle.id,
        domains: 'TRAUMA,CAREGIVER_RESOURCES_NEEDS',
      });
      expect(response.status).toBe(200);
      const body = response.body as Json;
      expect(body.child).toMatchObject({ id: middle.id, cin: 'T-1', dateOfAssessment: '2024-05-15', assessorName: 'Worker Timer' });
      expect(body.otherCases.map((c: Json) => c.id)).toEqual([seeded[2].id, seeded[0].id]);
      const [trauma] = body.domains;
      const answers = Object.fromEntries(
        [...trauma.questions, ...trauma.moduleCharts.flatMap((m: Json) => m.questions)].map((q: Json) => [q.code, q.answer]),
      );
      expect([answers.SEXUAL_ABUSE, answers.PHYSICAL_ABUSE, answers.EMOTIONAL_ABUSE, answers.TR_INTRUSIONS]).toEqual([2, 1, '--', 3]);
      expect(body.caregivers.map((c: Json) => c.name)).toEqual(['Carer0 Hale', 'Carer1 Hale']);
      const cg = (i: number, code: string) => body.caregivers[i].domains[0].questions.find((q: Json) => q.code === code).answer;
      expect([cg(0, 'CG_SUPERVISION'), cg(0, 'CG_INVOLVEMENT'), cg(1, 'CG_SUPERVISION'), cg(1, 'CG_INVOLVEMENT')]).toEqual([2, '--', 0, 1]);
      expect(body.allDomainIds).toEqual(expect.arrayContaining(['TRAUMA', 'CHILD_STRENGTHS', 'CAREGIVER_RESOURCES_NEEDS']));
    });

    it('refuses an assessment the caller’s reports do not cover, and a missing one, with 400 naming the field', async () => {
      const outside = await get('/api/reports/one-child-one-cans', tokenOf('worker'), { assessment: seeded[7].id });
      expect(outside.status).toBe(400);
      expect(outside.body.errors.assessment[0]).toContain(seeded[7].id);
      const missing = await get('/api/reports/one-child-one-cans', tokenOf('worker'));
      expect(missing.status).toBe(400);
      expect(missing.body.errors.assessment).toBeDefined();
      const badDay = await get('/api/reports/one-child-one-cans/cases', tokenOf('worker'), { startDoa: '2024-13-01' });
      expect(badDay.status).toBe(400);
      expect(badDay.body.errors.startDoa).toBeDefined();
    });
  });

  describe('One Child Many CANS', () => {
    it('lists only children with two or more covered assessments, per caller', async () => {
      const cins = async (token: string) =>
        ((await get('/api/reports/one-child-many-cans/children', token, { cin: 'T-' })).body as Json[]).map((c) => c.cin);
      expect(await cins(tokenOf('worker'))).toEqual(['T-1', 'T-2']);
      expect(await cins(t.adminToken())).toEqual(['T-1', 'T-2', 'T-4']);
    });

    it('labels the time-points by the gap from the initial assessment in 30-day months', async () => {
      const response = await get('/api/reports/one-child-many-cans/time-points', tokenOf('worker'), { cin: 'T-1' });
      expect(response.status).toBe(200);
      expect(response.headers['content-range']).toBe('reports/one-child-many-cans/time-points 0-2/3');
      expect((response.body as Json[]).map((r) => [r.id, r.timePoint])).toEqual([
        [seeded[0].id, 'Initial Assessment'],
        [seeded[1].id, '<06 Month'],
        [seeded[2].id, 'Most Recent'],
      ]);
    });

    it('answers the chosen time-points side by side, -- where an item is missing', async () => {
      const chosen = byCin('T-1');
      const response = await get('/api/reports/one-child-many-cans', tokenOf('worker'), {
        assessments: chosen.map((s) => s.id).join(','),
        domains: 'TRAUMA',
      });
      expect(response.status).toBe(200);
      const body = response.body as Json;
      expect(body.assessments.map((a: Json) => a.timePoint)).toEqual(['Initial Assessment', '<06 Month', 'Most Recent']);
      const questions = [...body.domains[0].questions, ...body.domains[0].moduleCharts.flatMap((m: Json) => m.questions)];
      for (const code of TRAUMA) {
        const expected = chosen.map((s) => (s.child[code] === undefined ? '--' : s.child[code] === 'NA' ? 'N/A' : Number(s.child[code])));
        expect(questions.find((q: Json) => q.code === code).answers.map((a: Json) => a.answer)).toEqual(expected);
      }
    });

    it('refuses no assessments, two children, an uncovered assessment and a caregiver domain with 400', async () => {
      const worker = tokenOf('worker');
      const cases: Array<[Record<string, string>, string]> = [
        [{ assessments: '' }, 'assessments'],
        [{ assessments: `${seeded[0].id},${seeded[3].id}` }, 'assessments'],
        [{ assessments: seeded[7].id }, 'assessments'],
        [{ assessments: seeded[0].id, domains: 'CAREGIVER_RESOURCES_NEEDS' }, 'domains'],
      ];
      for (const [query, field] of cases) {
        const response = await get('/api/reports/one-child-many-cans', worker, query);
        expect(response.status).toBe(400);
        expect(response.body.errors[field]).toEqual(expect.arrayContaining([expect.any(String)]));
      }
    });
  });

  describe('Many Children Many CANS', () => {
    it('lists children with two or more assessments in the filter, with their first and last ids, 20 a page', async () => {
      const response = await get('/api/reports/many-children-many-cans/cohort', t.adminToken());
      expect(response.status).toBe(200);
      expect(response.headers['content-range']).toBe('reports/many-children-many-cans/cohort 0-2/3');
      expect((response.body as Json[]).map((c) => [c.cin, c.firstFilterId, c.lastFilterId, c.assessmentCount])).toEqual(
        ['T-1', 'T-2', 'T-4'].map((cin) => [cin, byCin(cin)[0].id, byCin(cin).at(-1)!.id, byCin(cin).length]),
      );
      // The date filter leaves T-1 one assessment in 2024-06..2025-12 and T-2 / T-4 one each: nobody has two.
      const narrowed = await get('/api/reports/many-children-many-cans/cohort', t.adminToken(), { startDoa: '2024-06-01' });
      expect(narrowed.body).toEqual([]);
      const worker = await get('/api/reports/many-children-many-cans/cohort', tokenOf('worker'));
      expect((worker.body as Json[]).map((c) => c.cin)).toEqual(['T-1', 'T-2']);
    });

    it('compares actionable and non-actionable shares and domain scores at the first and last time-point', async () => {
      const response = await get('/api/reports/many-children-many-cans', t.adminToken(), { domains: 'TRAUMA' });
      expect(response.status).toBe(200);
      const children = ['T-1', 'T-2', 'T-4'].map(byCin);
      const firsts = children.map((series) => series[0]);
      const lasts = children.map((series) => series.at(-1)!);
      const [trauma] = response.body.domains;
      expect(response.body.childCount).toBe(3);
      const questions = [...trauma.questions, ...trauma.moduleCharts.flatMap((m: Json) => m.questions)];
      for (const code of TRAUMA) {
        const question = questions.find((q: Json) => q.code === code);
        expect(question.first).toEqual(shares(firsts, code));
        expect(question.last).toEqual(shares(lasts, code));
      }
      const allCodes = questions.map((q: Json) => q.code);
      expect(trauma.first).toEqual(meanSd(firsts, allCodes));
      expect(trauma.last).toEqual(meanSd(lasts, allCodes));
    });
  });

  describe('filter lookups from the counters', () => {
    it('lists the assessors of the covered assessments, including those shared with the caller', async () => {
      const ids = async (token: string) =>
        ((await get('/api/reports/filter-options', token)).body.assessors as Json[]).map((a) => a.id).sort();
      expect(await ids(tokenOf('outsider'))).toEqual([org.outsider]);
      await writer.share(seeded[3].id, org.worker, [org.outsider]);
      expect(await ids(tokenOf('outsider'))).toEqual([org.worker, org.outsider].sort());
      expect(await ids(tokenOf('supervisor'))).toEqual([org.worker]);
      expect(await ids(t.adminToken())).toEqual([org.worker, org.outsider].sort());
    });
  });
});
