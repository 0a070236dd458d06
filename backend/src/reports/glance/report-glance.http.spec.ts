/**
 * The Quick Glance of each report over HTTP on the real app: assessments written as the command handlers write them
 * (AssessmentWriter), every figure checked against an independent computation from the ratings, genders and dates
 * this test gave (plain loops here, not the report code).
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import type { AssessmentWriter } from '../../assessments/summary/test-support/assessment-writer';
import { createWizardOrg } from '../test-support/wizard-org';

const backends = httpTestBackends();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The TRAUMA items this test rates (the domain has no actionable rating other than 2 and 3). */
const TRAUMA = ['SEXUAL_ABUSE', 'PHYSICAL_ABUSE', 'EMOTIONAL_ABUSE'];
const GENDER_NAMES: Record<string, string> = { M: 'Male', F: 'Female', G: 'Gender Fluid', N: 'Non-binary Gender', O: 'Other' };

interface Seeded {
  id: string;
  cin: string;
  gender: string;
  dateOfBirth: string;
  doa: string;
  child: Record<string, Rating>;
}

/** Whole years from birth to the assessment. */
function ageAt(dateOfBirth: string, doa: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ay, am, ad] = doa.split('-').map(Number);
  return ay - by - (am < bm || (am === bm && ad < bd) ? 1 : 0);
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round((part / whole) * 100, 1));

/** The children (PIDs) of a set of assessments. */
const childrenOf = (rows: Seeded[]) => new Set(rows.map((s) => s.cin)).size;

/**
 * Independent glance figures of a set of assessments, over the TRAUMA items. `classChildren`: the children of every
 * assessment the caller's reports cover ("In Filter vs Class" shares children, spec 001 §2).
 */
function expectedFigures(rows: Seeded[], classChildren: number) {
  const tai = rows.map((s) => TRAUMA.filter((c) => s.child[c] === '2' || s.child[c] === '3').length);
  const taiMean = tai.reduce((a, b) => a + b, 0) / tai.length;
  const taiDeviation = Math.sqrt(tai.reduce((sum, v) => sum + (v - taiMean) ** 2, 0) / tai.length);
  const ratings: Record<string, number> = { 'N/A': 0, '0': 0, '1': 0, '2': 0, '3': 0 };
  for (const s of rows) for (const c of TRAUMA) if (s.child[c]) ratings[s.child[c] === 'NA' ? 'N/A' : s.child[c]]++;
  const highest = rows.map((s) => {
    const numeric = TRAUMA.map((c) => s.child[c])
      .filter((r) => r !== undefined && r !== 'NA')
      .map(Number);
    return numeric.length ? String(Math.max(...numeric)) : 'N/A';
  });
  const children = new Set(rows.map((s) => s.cin));
  const latestGender = new Map<string, string>();
  for (const s of [...rows].sort((a, b) => a.doa.localeCompare(b.doa))) latestGender.set(s.cin, GENDER_NAMES[s.gender]);
  const genders: Record<string, number> = {};
  for (const name of latestGender.values()) genders[name] = (genders[name] ?? 0) + 1;
  return {
    info: {
      averageAge: round(rows.reduce((sum, s) => sum + ageAt(s.dateOfBirth, s.doa), 0) / rows.length, 1),
      totalChildren: children.size,
      filterShare: percent(children.size, classChildren),
      chronicity: 0,
      arrests: 0,
      recommendations: tai.reduce((a, b) => a + b, 0),
    },
    actionable: {
      maxCount: Math.max(...tai),
      minCount: Math.min(...tai),
      average: round(taiMean, 2),
      // Rounded once, from the unrounded average and deviation.
      averageMoreOne: round(taiMean + taiDeviation, 2),
      averageLessOne: round(Math.max(0, taiMean - taiDeviation), 2),
    },
    ratings,
    genders,
    domainPercents: ['N/A', '0', '1', '2', '3'].map((rating) => percent(highest.filter((h) => h === rating).length, rows.length)),
  };
}

function expectFigures(body: Json, expected: ReturnType<typeof expectedFigures>) {
  expect(Object.fromEntries(body.baseInfos.map((b: Json) => [b.key, b.value]))).toEqual(expected.info);
  expect(body.actionableItems).toMatchObject(expected.actionable);
  expect(body.domainOverview.ratings).toEqual(['N/A', '0', '1', '2', '3']);
  expect(body.domainOverview.domains).toEqual([{ code: 'TRAUMA', domainName: 'Trauma', percents: expected.domainPercents }]);
}

const nonZero = (slices: Json[]) => Object.fromEntries(slices.filter((s) => s.value > 0).map((s) => [s.name, s.value]));

describe.each(backends)('Quick Glance of every report over HTTP (%s)', (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  const org = { supervisor: '', worker: '', outsider: '' };
  const seeded: Seeded[] = [];
  const workers: Seeded[] = [];

  const get = (path: string, token: string, query: Record<string, string> = {}) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Authorization', `Bearer ${token}`)
      .set('X-Wait-For-Position', String(writer?.position ?? 0));
  const tokenOf = (who: keyof typeof org) => t.tokenForUser(org[who]);
  const of = (cin: string) => workers.filter((s) => s.cin === cin).sort((a, b) => a.doa.localeCompare(b.doa));

  async function approved(
    owner: keyof typeof org,
    cin: string,
    gender: string,
    dateOfBirth: string,
    doa: string,
    child: Record<string, Rating>,
  ) {
    const ownerId = org[owner];
    const id = await writer.start(ownerId, { cin, gender, dateOfBirth, dateOfAssessment: doa } as never);
    await writer.rate(id, ownerId, child);
    await writer.complete(id, ownerId);
    await writer.approve(id, org.supervisor);
    const s: Seeded = { id, cin, gender, dateOfBirth, doa, child };
    seeded.push(s);
    if (owner === 'worker') workers.push(s);
    return s;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    const wizard = await createWizardOrg(t, 'g');
    org.supervisor = wizard.supervisorId;
    org.worker = wizard.workerId;
    // Outside the supervisor's tree: in the workers' group, supervised by the administrator.
    org.outsider = await wizard.addUser('outsider', wizard.workersGroupId, '1');
    await t.settled();
    writer = wizard.writer;

    // GL-1 (F): three time-points; GL-2 (M): two; GL-3 (O): one; GL-4 (F): one of the worker's, one of the outsider's.
    await approved('worker', 'GL-1', 'F', '2010-01-01', '2024-01-01', { SEXUAL_ABUSE: '3', PHYSICAL_ABUSE: '2', EMOTIONAL_ABUSE: 'NA' });
    await approved('worker', 'GL-1', 'F', '2010-01-01', '2024-05-15', { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '1' });
    await approved('worker', 'GL-1', 'F', '2010-01-01', '2025-03-01', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '0', EMOTIONAL_ABUSE: '1' });
    await approved('worker', 'GL-2', 'M', '2015-06-30', '2024-02-01', { SEXUAL_ABUSE: '0', PHYSICAL_ABUSE: '3', EMOTIONAL_ABUSE: '2' });
    await approved('worker', 'GL-2', 'M', '2015-06-30', '2024-08-01', { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: 'NA', EMOTIONAL_ABUSE: '3' });
    await approved('worker', 'GL-3', 'O', '2008-12-31', '2024-03-01', { SEXUAL_ABUSE: '3' });
    await approved('worker', 'GL-4', 'F', '2012-03-15', '2024-04-01', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '1' });
    await approved('outsider', 'GL-4', 'F', '2012-03-15', '2024-10-01', { SEXUAL_ABUSE: '3', PHYSICAL_ABUSE: '2', EMOTIONAL_ABUSE: '2' });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('Many Children One CANS (type 3)', () => {
    it('gives the cohort’s figures and the Gender Overview within the caller’s row access', async () => {
      const response = await get('/api/reports/glance', tokenOf('worker'), { domains: 'TRAUMA' });
      expect(response.status).toBe(200);
      const expected = expectedFigures(workers, childrenOf(workers));
      expect(response.body).toMatchObject({ glanceType: 3, averageOnly: false, pie: { kind: 'gender', title: 'Gender Overview' } });
      expect(response.body.pie.slices.map((s: Json) => s.name)).toEqual([...Object.values(GENDER_NAMES), 'N/A']);
      expect(nonZero(response.body.pie.slices)).toEqual(expected.genders);
      expect(expected.genders).toEqual({ Female: 2, Male: 1, Other: 1 });
      expectFigures(response.body, expected);
    });

    it('shares the children in the filter against the children of the class (every covered assessment)', async () => {
      const response = await get('/api/reports/glance', tokenOf('worker'), { domains: 'TRAUMA', gender: 'F' });
      expect(response.status).toBe(200);
      const cohort = workers.filter((s) => s.gender === 'F');
      const expected = expectedFigures(cohort, childrenOf(workers));
      // 2 of the 4 children (GL-1, GL-4), not 4 of the 7 assessments (57.1).
      expect(expected.info.filterShare).toBe(50);
      expectFigures(response.body, expected);
      expect(nonZero(response.body.pie.slices)).toEqual({ Female: 2 });
    });
  });

  describe('Many Children Many CANS (type 4)', () => {
    it('covers each child’s first and last assessment (children with two or more) and shows the Gender Overview', async () => {
      const response = await get('/api/reports/many-children-many-cans/glance', tokenOf('worker'), { domains: 'TRAUMA' });
      expect(response.status).toBe(200);
      const ends = ['GL-1', 'GL-2'].flatMap((cin) => [of(cin)[0], of(cin)[of(cin).length - 1]]);
      const expected = expectedFigures(ends, childrenOf(workers));
      expect(expected.info.filterShare).toBe(50); // 2 of 4 children, not 4 of 7 assessments
      expect(response.body).toMatchObject({ glanceType: 4, pie: { kind: 'gender' } });
      expect(nonZero(response.body.pie.slices)).toEqual({ Female: 1, Male: 1 });
      expectFigures(response.body, expected);
      // The supervisor sees the worker's tree (not the outsider's GL-4 assessment); a state role sees both of GL-4.
      const supervisor = await get('/api/reports/many-children-many-cans/glance', tokenOf('supervisor'), { domains: 'TRAUMA' });
      expect(supervisor.body.baseInfos.find((b: Json) => b.key === 'totalChildren').value).toBe(2);
      const admin = await get('/api/reports/many-children-many-cans/glance', t.adminToken(), { domains: 'TRAUMA', cin: 'GL-4' });
      expect(admin.body.baseInfos.find((b: Json) => b.key === 'totalChildren').value).toBe(1);
    });
  });

  describe('One Child One CANS (type 1)', () => {
    it('gives one assessment’s Rating Overview and its Total Actionable Items, average only', async () => {
      const [first] = of('GL-1');
      const response = await get('/api/reports/one-child-one-cans/glance', tokenOf('worker'), { assessment: first.id, domains: 'TRAUMA' });
      expect(response.status).toBe(200);
      const expected = expectedFigures([first], childrenOf(workers));
      expect(expected.info.filterShare).toBe(25); // 1 of 4 children, not 1 of 7 assessments
      expect(response.body).toMatchObject({ glanceType: 1, averageOnly: true, pie: { kind: 'rating', title: 'Rating Overview' } });
      expect(Object.fromEntries(response.body.pie.slices.map((s: Json) => [s.name, s.value]))).toEqual(expected.ratings);
      expect(expected.actionable.average).toBe(2);
      expectFigures(response.body, expected);
    });

    it('refuses an assessment outside the caller’s reports with a field message', async () => {
      const [first] = of('GL-1');
      const response = await get('/api/reports/one-child-one-cans/glance', tokenOf('outsider'), { assessment: first.id });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['assessment']);
    });
  });

  describe('One Child Many CANS (type 2)', () => {
    it('gives the chosen time-points’ Rating Overview and Range of Needs', async () => {
      const series = of('GL-1');
      const chosen = [series[0], series[2]];
      const response = await get('/api/reports/one-child-many-cans/glance', tokenOf('worker'), {
        assessments: chosen.map((s) => s.id).join(','),
        domains: 'TRAUMA',
      });
      expect(response.status).toBe(200);
      const expected = expectedFigures(chosen, childrenOf(workers));
      expect(expected.info.filterShare).toBe(25); // 1 of 4 children, not 2 of 7 assessments
      expect(response.body).toMatchObject({ glanceType: 2, averageOnly: false, pie: { kind: 'rating', title: 'Rating Overview' } });
      expect(Object.fromEntries(response.body.pie.slices.map((s: Json) => [s.name, s.value]))).toEqual(expected.ratings);
      expect(expected.actionable).toEqual({ maxCount: 2, minCount: 0, average: 1, averageMoreOne: 2, averageLessOne: 0 });
      expectFigures(response.body, expected);
    });

    it('refuses a child with fewer than two covered assessments and assessments of two children', async () => {
      const [onlyOne] = of('GL-4');
      let response = await get('/api/reports/one-child-many-cans/glance', tokenOf('worker'), { assessments: onlyOne.id });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['assessments']);
      response = await get('/api/reports/one-child-many-cans/glance', tokenOf('worker'), {
        assessments: `${of('GL-1')[0].id},${of('GL-2')[0].id}`,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors.assessments).toEqual(['must all be assessments of one child']);
    });
  });

  it('answers bad parameters with 400 and field messages, and needs Report_Assessment', async () => {
    let response = await get('/api/reports/many-children-many-cans/glance', tokenOf('worker'), { minAge: 'old', colour: 'red' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['colour', 'minAge']);
    response = await get('/api/reports/one-child-one-cans/glance', tokenOf('worker'));
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(['assessment']);
    response = await get('/api/reports/one-child-many-cans/glance', t.tokenFor(['Assessment_View']), { assessments: 'x' });
    expect(response.status).toBe(403);
  });
});
