/**
 * The reports API over HTTP on the real app: assessments written as the command handlers write them
 * (AssessmentWriter), users and their supervisor tree created through the admin API, statistics checked against
 * an independent computation from the ratings this test gave (not the report code).
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary, testCaregiver } from '../assessments/summary/test-support/assessment-writer';
import { COMPARISON_TOO_SMALL } from './report-comparison.service';

const backends = httpTestBackends();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const TRAUMA = ['SEXUAL_ABUSE', 'PHYSICAL_ABUSE', 'EMOTIONAL_ABUSE'];
const CAREGIVER = ['CG_SUPERVISION', 'CG_INVOLVEMENT'];

interface Seeded {
  id: string;
  ownerId: string;
  cin: string;
  age: number;
  child: Record<string, Rating>;
  firstCaregiver: Record<string, Rating>;
}

/** Independent expectations: plain loops over what the test rated. */
function expectedCounts(seeded: Seeded[], code: string, caregiver: boolean): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of seeded) {
    const rating = (caregiver ? s.firstCaregiver : s.child)[code];
    if (rating !== undefined) counts[rating] = (counts[rating] ?? 0) + 1;
  }
  return counts;
}

function expectedScore(seeded: Seeded[], codes: string[], caregiver: boolean): { mean: number; sd: number } {
  const scores: number[] = [];
  for (const s of seeded) {
    const ratings = caregiver ? s.firstCaregiver : s.child;
    const numeric = codes.map((c) => ratings[c]).filter((r) => r !== undefined && r !== 'NA');
    if (numeric.length) scores.push(numeric.reduce((sum, r) => sum + Number(r), 0));
  }
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) * (b - mean), 0) / scores.length);
  return { mean: Math.round(mean * 100) / 100, sd: Math.round(sd * 100) / 100 };
}

describe.each(backends)('reports API over HTTP (%s)', (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  const org: Record<'supervisor' | 'worker' | 'sibling' | 'outsider', string> = { supervisor: '', worker: '', sibling: '', outsider: '' };
  const seeded: Seeded[] = [];

  const get = (path: string, token: string, query: Record<string, string> = {}) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Authorization', `Bearer ${token}`)
      .set('X-Wait-For-Position', String(writer?.position ?? 0));
  const tokenOf = (who: keyof typeof org) => t.tokenForUser(org[who]);
  const cohortIds = async (token: string, query: Record<string, string> = {}) => {
    const response = await get('/api/reports/cohort', token, { ...query, range: '[0,99]' });
    expect(response.status).toBe(200);
    return (response.body as Json[]).map((r) => r.id).sort();
  };
  const idsOf = (list: Seeded[]) => list.map((s) => s.id).sort();

  async function approved(
    ownerKey: keyof typeof org,
    cin: string,
    child: Record<string, Rating>,
    caregivers: Array<Record<string, Rating>> = [],
    extra: Record<string, unknown> = {},
    agencyId: string | null = null,
  ) {
    const ownerId = org[ownerKey];
    const id = await writer.start(ownerId, { cin, ...extra }, agencyId);
    const caregiverIds = caregivers.map((_, i) => `${id}-cg${i}`);
    for (const [i, cgId] of caregiverIds.entries()) await writer.addCaregiver(id, ownerId, testCaregiver(cgId, `Carer${i}`));
    await writer.rate(id, ownerId, child);
    for (const [i, ratings] of caregivers.entries()) await writer.rate(id, ownerId, ratings, caregiverIds[i]);
    await writer.complete(id, ownerId);
    await writer.approve(id, org.supervisor);
    const s: Seeded = { id, ownerId, cin, age: 0, child, firstCaregiver: caregivers[0] ?? {} };
    return s;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    const admin = `Bearer ${t.adminToken()}`;
    const post = async (path: string, body: object) => {
      const answer = await t.http().post(path).set('Authorization', admin).send(body);
      if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
      return answer.body.id as string;
    };
    const privileges = ['HOME_SHOW', 'Assessment_View', 'Report_Assessment'];
    const supervisors = await post('/api/user-groups', { name: 'R Supervisors', parentGroupId: '153', privileges });
    const workers = await post('/api/user-groups', { name: 'R Workers', parentGroupId: supervisors, privileges });
    const user = (name: string, groupId: string, supervisorId: string) =>
      post('/api/users', {
        firstName: name[0].toUpperCase() + name.slice(1),
        lastName: 'Reporter',
        username: `r${name}`,
        email: `r${name}@example.test`,
        userGroupId: groupId,
        supervisorId,
        externalId: `r${name}`,
      });
    org.supervisor = await user('supervisor', supervisors, '1');
    org.worker = await user('worker', workers, org.supervisor);
    org.sibling = await user('sibling', workers, org.supervisor);
    org.outsider = await user('outsider', workers, '1');
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));

    // The worker's four (one with two caregivers: only the first counts), the sibling's two, the outsider's one.
    seeded.push(
      await approved('worker', 'R-1', { SEXUAL_ABUSE: '0', PHYSICAL_ABUSE: '2', EMOTIONAL_ABUSE: '3', ST_FAMILY: '1' }, [
        { CG_SUPERVISION: '2', CG_INVOLVEMENT: '1' },
        { CG_SUPERVISION: '0', CG_INVOLVEMENT: '0' },
      ]),
      await approved('worker', 'R-2', { SEXUAL_ABUSE: 'NA', PHYSICAL_ABUSE: '1', EMOTIONAL_ABUSE: '1' }, [{ CG_SUPERVISION: '3' }], {
        gender: 'M',
        dateOfAssessment: '2024-03-10',
      }),
      await approved('worker', 'R-3', { SEXUAL_ABUSE: '3', PHYSICAL_ABUSE: '3', EMOTIONAL_ABUSE: '2' }, [], {
        dateOfBirth: '2018-01-01',
        dateOfAssessment: '2024-06-01',
      }),
      await approved('worker', 'R-4', { SEXUAL_ABUSE: 'NA', PHYSICAL_ABUSE: 'NA' }),
      await approved('sibling', 'R-5', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '0', EMOTIONAL_ABUSE: '0' }, [{ CG_INVOLVEMENT: 'NA' }]),
      await approved('sibling', 'R-6', { SEXUAL_ABUSE: '2', EMOTIONAL_ABUSE: '2' }),
      await approved('outsider', 'R-7', { SEXUAL_ABUSE: '0', PHYSICAL_ABUSE: '0', EMOTIONAL_ABUSE: '0' }),
    );
    // Excluded from reports, and one pending approval: neither counts.
    const excluded = await approved('worker', 'R-8', { SEXUAL_ABUSE: '3' });
    await writer.exclude(excluded.id, org.supervisor);
    const pending = await writer.start(org.worker, { cin: 'R-9' });
    await writer.rate(pending, org.worker, { SEXUAL_ABUSE: '3' });
    await writer.complete(pending, org.worker);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('which assessments a report covers (row access)', () => {
    it('gives a case worker their own, a supervisor their tree, the administrator all; never excluded or unapproved ones', async () => {
      const byOwner = (...keys: Array<keyof typeof org>) => idsOf(seeded.filter((s) => keys.some((k) => org[k] === s.ownerId)));
      expect(await cohortIds(tokenOf('worker'))).toEqual(byOwner('worker'));
      expect(await cohortIds(tokenOf('supervisor'))).toEqual(byOwner('worker', 'sibling'));
      expect(await cohortIds(t.adminToken())).toEqual(idsOf(seeded));
    });

    it('adds the assessments shared with the user', async () => {
      const shared = seeded[0];
      await writer.share(shared.id, org.worker, [org.outsider]);
      expect(await cohortIds(tokenOf('outsider'))).toEqual(idsOf(seeded.filter((s) => s.ownerId === org.outsider || s === shared)));
    });

    it('answers the list in pages of 30 with the total in Content-Range, rows naming the assessor', async () => {
      const response = await get('/api/reports/cohort', t.adminToken());
      expect(response.status).toBe(200);
      expect(response.headers['content-range']).toBe(`reports/cohort 0-${seeded.length - 1}/${seeded.length}`);
      const row = (response.body as Json[]).find((r) => r.cin === 'R-5');
      expect(row).toMatchObject({ fullName: 'Robin Hale', assessorId: org.sibling, assessorName: 'Sibling Reporter', age: 12 });
    });
  });

  describe('the report filter', () => {
    it('filters by gender, age, PIDs and inclusive dates', async () => {
      const admin = t.adminToken();
      expect(await cohortIds(admin, { gender: 'M' })).toEqual([seeded[1].id]);
      expect(await cohortIds(admin, { minAge: '0', maxAge: '8' })).toEqual([seeded[2].id]);
      expect(await cohortIds(admin, { minAge: '-1', maxAge: '-1', cin: 'R-1, R-7' })).toEqual(idsOf([seeded[0], seeded[6]]));
      expect(await cohortIds(admin, { startDoa: '2024-03-10', endDoa: '2024-03-10' })).toEqual([seeded[1].id]);
      expect(await cohortIds(admin, { startDoa: '2024-05-02' })).toEqual([seeded[2].id]);
      expect(await cohortIds(admin, { assessor: `${org.sibling},${org.outsider}` })).toEqual(idsOf(seeded.slice(4)));
      expect(await cohortIds(admin, { race: 'Nobody##N/A' })).toEqual([]);
    });

    it.each([
      [{ minAge: '9', maxAge: '3' }, 'minAge'],
      [{ minAge: '23' }, 'minAge'],
      [{ startDoa: '2024-02-30' }, 'startDoa'],
      [{ endDoa: 'yesterday' }, 'endDoa'],
      [{ startDoa: '2024-05-02', endDoa: '2024-05-01' }, 'startDoa'],
      [{ unknown: 'x' }, 'unknown'],
    ])('refuses %j with 400 naming %s', async (query, field) => {
      const response = await get('/api/reports/cohort', t.adminToken(), query);
      expect(response.status).toBe(400);
      expect(response.body.errors[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    });

    it('refuses an unknown domain code with 400', async () => {
      const response = await get('/api/reports/many-children-one-cans', t.adminToken(), { domains: 'TRAUMA,NOPE' });
      expect(response.status).toBe(400);
      expect(response.body.errors.domains[0]).toContain('NOPE');
    });

    it('lists the lookups of the covered assessments, with N/A options', async () => {
      const response = await get('/api/reports/filter-options', tokenOf('supervisor'));
      expect(response.status).toBe(200);
      expect(response.body.assessors.map((a: Json) => a.id).sort()).toEqual([org.worker, org.sibling].sort());
      expect(response.body.genders.at(-1)).toEqual({ key: 'N/A', name: 'N/A' });
      expect(response.body.races.at(-1)).toEqual({ key: 'N/A', name: 'N/A' });
      expect(response.body.counties).toEqual([{ id: 'West Yorkshire', county: 'West Yorkshire' }]);
    });
  });

  describe('Many Children One CANS', () => {
    it('counts each rating per question and the domain score mean and deviation, as computed independently', async () => {
      const response = await get('/api/reports/many-children-one-cans', tokenOf('supervisor'), {
        domains: 'TRAUMA,CAREGIVER_RESOURCES_NEEDS',
      });
      expect(response.status).toBe(200);
      const cohort = seeded.filter((s) => s.ownerId === org.worker || s.ownerId === org.sibling);
      expect(response.body).toMatchObject({ childCount: cohort.length, assessmentCount: cohort.length });
      expect(response.body.note).toMatch(/first listed caregiver/);
      const [trauma, caregiver] = response.body.domains;
      expect([trauma.code, caregiver.code]).toEqual(['TRAUMA', 'CAREGIVER_RESOURCES_NEEDS']);
      for (const [domain, codes, isCaregiver] of [
        [trauma, TRAUMA, false],
        [caregiver, CAREGIVER, true],
      ] as const) {
        const all = [...domain.questions, ...domain.moduleCharts.flatMap((m: Json) => m.questions)];
        for (const code of codes) {
          const question = all.find((q: Json) => q.code === code);
          const counts = Object.fromEntries(question.ratings.filter((r: Json) => r.count > 0).map((r: Json) => [r.rating, r.count]));
          const expected = expectedCounts(cohort, code, isCaregiver);
          expect(counts).toEqual(expected);
          const rated = Object.values(expected).reduce((a, b) => a + b, 0);
          for (const r of question.ratings) expect(r.percent).toBe(rated ? Math.round((r.count / rated) * 1000) / 10 : 0);
        }
        const { mean, sd } = expectedScore(cohort, codes, isCaregiver);
        expect(domain.meanScore).toBe(mean);
        expect(domain.standardDeviation).toBe(sd);
      }
      expect(caregiver.caregiverCount).toBe(cohort.filter((s) => Object.keys(s.firstCaregiver).length > 0).length);
    });
  });

  describe('Quick Glance', () => {
    it('gives the base infos, gender overview, actionable items and domain overview of the cohort', async () => {
      const response = await get('/api/reports/glance', t.adminToken(), { domains: 'TRAUMA', gender: 'F' });
      expect(response.status).toBe(200);
      const cohort = seeded.filter((s) => s !== seeded[1]);
      const tai = cohort.map((s) => TRAUMA.filter((c) => s.child[c] === '2' || s.child[c] === '3').length);
      const info = Object.fromEntries(response.body.baseInfos.map((b: Json) => [b.key, b.value]));
      expect(info.totalChildren).toBe(cohort.length);
      // Children in the filter among the children of the class (one child per seeded assessment here).
      const childrenOf = (rows: Seeded[]) => new Set(rows.map((s) => s.cin)).size;
      expect(info.filterShare).toBe(Math.round((childrenOf(cohort) / childrenOf(seeded)) * 1000) / 10);
      expect(info.recommendations).toBe(tai.reduce((a, b) => a + b, 0));
      expect(response.body.actionableItems).toMatchObject({
        maxCount: Math.max(...tai),
        minCount: Math.min(...tai),
        average: Math.round((tai.reduce((a, b) => a + b, 0) / tai.length) * 100) / 100,
      });
      // Many Children One CANS is glance type 3: its pie is the Gender Overview (children by gender), spec 001 §2.
      const genders = (body: Json) =>
        Object.fromEntries(body.pie.slices.filter((r: Json) => r.value > 0).map((r: Json) => [r.name, r.value]));
      expect(response.body).toMatchObject({ glanceType: 3, pie: { kind: 'gender', title: 'Gender Overview' } });
      expect(genders(response.body)).toEqual({ Female: cohort.length });
      const everyone = await get('/api/reports/glance', t.adminToken(), { domains: 'TRAUMA' });
      expect(genders(everyone.body)).toEqual({ Female: seeded.length - 1, Male: 1 }); // R-2 is the one boy
      // Domain overview: each assessment by its highest rating in the domain.
      const highest = cohort.map((s) => {
        const numeric = TRAUMA.map((c) => s.child[c])
          .filter((r) => r !== undefined && r !== 'NA')
          .map(Number);
        return numeric.length ? String(Math.max(...numeric)) : 'N/A';
      });
      const [row] = response.body.domainOverview.domains;
      response.body.domainOverview.ratings.forEach((rating: string, i: number) =>
        expect(row.percents[i]).toBe(Math.round((highest.filter((h) => h === rating).length / cohort.length) * 1000) / 10),
      );
    });
  });

  describe('comparison', () => {
    it('answers the warning below 10 children and the report from 10, for a state-level user', async () => {
      // Every agency's Initial Assessments of 2024 (the seeded dates of assessment): the seven above.
      const cell = { domains: 'TRAUMA', compareType: '62', compareYear: '2024' };
      let response = await get('/api/reports/comparison', t.adminToken(), cell);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ sufficient: false, childCount: null, message: COMPARISON_TOO_SMALL, domains: [] });
      const extra: Seeded[] = [];
      for (let i = 0; i < 10; i++)
        extra.push(await approved('outsider', `RC-${i}`, { SEXUAL_ABUSE: String(i % 4) as Rating }, [], {}, 'AG-COMPARE'));
      response = await get('/api/reports/comparison', t.adminToken(), { ...cell, compareAgency: 'AG-COMPARE' });
      expect(response.body).toMatchObject({ sufficient: true, childCount: 10 });
      const question = response.body.domains[0].questions.find((q: Json) => q.code === 'SEXUAL_ABUSE');
      expect(Object.fromEntries(question.ratings.filter((r: Json) => r.count).map((r: Json) => [r.rating, r.count]))).toEqual(
        expectedCounts(extra, 'SEXUAL_ABUSE', false),
      );
    });

    it('shows the supervisor and assessor filters by the flags and refuses people outside the own agency', async () => {
      const options = await get('/api/reports/comparison-options', tokenOf('worker'));
      expect(options.status).toBe(200);
      expect(options.body).toMatchObject({ showAgencyCaseFilter: false, ownAgency: null });
      const refused = await get('/api/reports/comparison', tokenOf('worker'), {
        compareType: '62',
        compareYear: '2024',
        compareAssessors: org.sibling,
        compareAgencyCases: 'AG-COMPARE',
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['compareAgencyCases', 'compareAssessors']);
      const state = await get('/api/reports/comparison-options', t.adminToken());
      expect(state.body).toMatchObject({ showAgencyCaseFilter: true, showSupervisorFilter: true, showAssessorFilter: true });
    });
  });

  it('needs Report_Assessment', async () => {
    const response = await get('/api/reports/cohort', t.tokenFor(['Assessment_View']));
    expect(response.status).toBe(403);
  });
});
