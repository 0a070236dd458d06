import { randomUUID } from 'node:crypto';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { addDays } from '@cans/domain/assessments';
import { AssessmentWriter, loadTestLibrary } from '../summary/test-support/assessment-writer';

const backends = httpTestBackends();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe.each(backends)('answer statistics and home counts over HTTP (%s)', (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  const ownerId = randomUUID();
  const colleagueId = randomUUID();
  let ownerToken: string;
  let colleagueToken: string;
  let reporterToken: string;
  let noPrivilegeToken: string;
  const today = new Date().toISOString().slice(0, 10);

  const get = (path: string, token: string) =>
    t
      .http()
      .get(path)
      .set('Authorization', `Bearer ${token}`)
      .set('X-Wait-For-Position', String(writer?.position ?? 0));
  const slices = (body: Json) => Object.fromEntries(body.slices.map((s: Json) => [s.rating, [s.count, s.percent]]));

  beforeAll(async () => {
    t = await startTestApp({ backend });
    ownerToken = t.tokenFor(['Assessment_View', 'HOME_SHOW'], ownerId);
    colleagueToken = t.tokenFor(['Assessment_View', 'HOME_SHOW'], colleagueId);
    reporterToken = t.tokenFor(['Report_Assessment']);
    noPrivilegeToken = t.tokenFor(['Agency']);
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /answer-statistics/:questionCode', () => {
    it('answers total 0 (the page says "No Data") before any assessment is approved', async () => {
      const draft = await writer.start(ownerId, { cin: 'PID-S0' });
      await writer.rate(draft, ownerId, { ST_FAMILY: '2' });
      const response = await get('/api/answer-statistics/ST_FAMILY', ownerToken);
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(0);
      expect(response.body.slices.map((s: Json) => s.rating)).toEqual(['0', '1', '2', '3', '4', 'NA']);
      expect(response.body.slices.every((s: Json) => s.count === 0 && s.percent === 0)).toBe(true);
    });

    it('gives the share of each rating across approved assessments, following exclusion and deletion', async () => {
      const ids: string[] = [];
      for (const [index, rating] of (['0', '0', '2', '3'] as const).entries()) {
        const id = await writer.start(ownerId, { cin: `PID-S${index + 1}` });
        await writer.rate(id, ownerId, { ST_OPTIMISM: rating });
        await writer.complete(id, ownerId);
        await writer.approve(id, ownerId);
        ids.push(id);
      }
      // Pending approval: not counted.
      const pending = await writer.start(ownerId, { cin: 'PID-S9' });
      await writer.rate(pending, ownerId, { ST_OPTIMISM: '1' });
      await writer.complete(pending, ownerId);

      let response = await get('/api/answer-statistics/ST_OPTIMISM', ownerToken);
      expect(response.body.total).toBe(4);
      expect(slices(response.body)).toMatchObject({ '0': [2, 50], '1': [0, 0], '2': [1, 25], '3': [1, 25], NA: [0, 0] });

      await writer.exclude(ids[0], ownerId);
      response = await get('/api/answer-statistics/ST_OPTIMISM', ownerToken);
      expect(response.body.total).toBe(3);
      expect(slices(response.body)).toMatchObject({ '0': [1, 33.3], '2': [1, 33.3], '3': [1, 33.3] });

      await writer.delete(ids[3], ownerId, 'a');
      response = await get('/api/answer-statistics/ST_OPTIMISM', ownerToken);
      expect(response.body.total).toBe(2);
      expect(slices(response.body)).toMatchObject({ '0': [1, 50], '2': [1, 50], '3': [0, 0] });

      // Aggregates name no record: readable beside any question, also by report users.
      expect((await get('/api/answer-statistics/ST_OPTIMISM', reporterToken)).body.total).toBe(2);
    });

    it('validates the code and needs a privilege', async () => {
      const bad = await get('/api/answer-statistics/not-a-code', ownerToken);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ questionCode: [expect.any(String)] });
      expect((await get('/api/answer-statistics/ST_OPTIMISM', noPrivilegeToken)).status).toBe(403);
      expect((await t.http().get('/api/answer-statistics/ST_OPTIMISM')).status).toBe(401);
      expect((await get('/api/answer-statistics/NO_SUCH_QUESTION', ownerToken)).body.total).toBe(0);
    });
  });

  describe('GET /assessment-counts', () => {
    let before: Json;

    it('counts the records the user may see, per status, with overdue and follow-up', async () => {
      before = (await get('/api/assessment-counts', colleagueToken)).body;
      expect(before).toMatchObject({ days: null, byStatus: { i: 0, r: 0, c: 0, a: 0, e: 0 }, overdue: 0, followUp: 0 });

      const own = (await get('/api/assessment-counts', ownerToken)).body;
      const incomplete = await writer.start(colleagueId, { cin: 'PID-C1' });
      const returned = await writer.start(colleagueId, { cin: 'PID-C2' });
      await writer.complete(returned, colleagueId);
      await writer.returnWith(returned, colleagueId, 'Redo.');
      const pending = await writer.start(colleagueId, { cin: 'PID-C3' });
      await writer.complete(pending, colleagueId);
      const closed = await writer.start(colleagueId, { cin: 'PID-C4' });
      await writer.close(closed, colleagueId, 'Moved away.');
      // Approved long ago: due 6 months after the date of assessment, overdue 30 days after that.
      const overdue = await writer.start(colleagueId, { cin: 'PID-C5', dateOfAssessment: '2024-01-10' });
      await writer.complete(overdue, colleagueId);
      await writer.approve(overdue, colleagueId);
      // Due five days ago: in the follow-up window.
      const followUp = await writer.start(colleagueId, { cin: 'PID-C6', dateOfAssessment: addDays(today, -10), daysToNextAssessment: 5 });
      await writer.complete(followUp, colleagueId);
      await writer.approve(followUp, colleagueId);
      expect(incomplete).toBeTruthy();

      const response = await get('/api/assessment-counts', colleagueToken);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        days: null,
        byStatus: { i: 1, r: 1, c: 1, a: 2, e: 1 },
        incomplete: 1,
        returned: 1,
        pendingApproval: 1,
        approved: 2,
        closed: 1,
        overdue: 1,
        followUp: 1,
        overdueAfterDays: 30,
        month: today.slice(0, 7),
        assessedThisMonth: expect.any(Number),
      });
      // Another case worker's counts do not change (row access), the administrator's include both.
      expect((await get('/api/assessment-counts', ownerToken)).body).toEqual(own);
      const admin = (await get('/api/assessment-counts', t.adminToken())).body;
      expect(admin.byStatus.a).toBe(own.byStatus.a + 2);
      expect(admin.byStatus.i).toBe(own.byStatus.i + 1);
    });

    it('matches the total of the assessment list it links to', async () => {
      const counts = (await get('/api/assessment-counts?days=7', colleagueToken)).body;
      expect(counts.days).toBe(7);
      const list = await get('/api/assessments', colleagueToken).query({
        filter: JSON.stringify({ status: 'a', period: 7 }),
        range: '[0,19]',
      });
      expect(list.status).toBe(200);
      expect(Number(/\/(\d+)$/.exec(list.headers['content-range'])?.[1])).toBe(counts.byStatus.a);
      expect(counts.byStatus.a).toBe(2);
    });

    it('counts the assessments of this month (the home card "Assessed this month"), as the list linked to', async () => {
      const before = (await get('/api/assessment-counts', colleagueToken)).body;
      await writer.start(colleagueId, { cin: 'PID-MONTH', dateOfAssessment: today });
      const counts = (await get('/api/assessment-counts?days=7', colleagueToken)).body;
      expect(counts.month).toBe(today.slice(0, 7));
      expect(counts.assessedThisMonth).toBe(before.assessedThisMonth + 1);
      const list = await get('/api/assessments', colleagueToken).query({ filter: JSON.stringify({ date: counts.month }), range: '[0,0]' });
      expect(Number(/\/(\d+)$/.exec(list.headers['content-range'])?.[1])).toBe(counts.assessedThisMonth);
    });

    it('counts a record shared with the user once, beside their own (owners from counters, the rest counted), as the list does', async () => {
      const before = (await get('/api/assessment-counts', ownerToken)).body;
      // The colleague's record shared with the owner joins the owner's counts; the owner's own record shared with
      // the owner too must not count twice.
      const shared = await writer.start(colleagueId, { cin: 'PID-SH1' });
      await writer.share(shared, colleagueId, [ownerId]);
      const own = await writer.start(ownerId, { cin: 'PID-SH2' });
      await writer.complete(own, ownerId);
      await writer.share(own, ownerId, [ownerId, colleagueId]);
      for (const days of [null, 7]) {
        const counts = (await get(`/api/assessment-counts${days ? `?days=${days}` : ''}`, ownerToken)).body;
        if (days === null) expect([counts.byStatus.i, counts.byStatus.c]).toEqual([before.byStatus.i + 1, before.byStatus.c + 1]);
        const totalOf = async (filter: Record<string, unknown>) => {
          const list = await get('/api/assessments', ownerToken).query({ filter: JSON.stringify(filter), range: '[0,0]' });
          expect(list.status).toBe(200);
          return Number(/\/(\d+)$/.exec(list.headers['content-range'])?.[1]);
        };
        for (const status of ['i', 'r', 'c', 'a', 'e'])
          expect([status, counts.byStatus[status]]).toEqual([status, await totalOf({ status, ...(days ? { period: days } : {}) })]);
        for (const view of ['overdue', 'followUp'] as const) expect([view, counts[view]]).toEqual([view, await totalOf({ view })]);
        expect(counts.assessedThisMonth).toBe(await totalOf({ month: counts.month }));
      }
    });

    it('gives the administrator (state-wide counters) the same numbers as the list, and both match an exact count', async () => {
      const admin = t.adminToken();
      // An overdue assessment whose child then gets a later assessment leaves the overdue tab (and its counter).
      const superseded = await writer.start(colleagueId, { cin: 'PID-C7', dateOfAssessment: '2024-02-10' });
      await writer.complete(superseded, colleagueId);
      await writer.approve(superseded, colleagueId);
      await writer.start(colleagueId, { cin: 'PID-C7' });
      const totalOf = async (filter: Record<string, unknown>) => {
        const list = await get('/api/assessments', admin).query({ filter: JSON.stringify(filter), range: '[0,0]' });
        expect(list.status).toBe(200);
        return Number(/\/(\d+)$/.exec(list.headers['content-range'])?.[1]);
      };
      // For the administrator, status / period / tab totals come from the projection's counters; the search scope
      // "All" (scope 1) selects the same rows but is not a counter filter, so it gets an exact COUNT to compare with.
      for (const days of [null, 7]) {
        const counts = (await get(`/api/assessment-counts${days ? `?days=${days}` : ''}`, admin)).body;
        for (const status of ['all', 'i', 'r', 'c', 'a', 'e']) {
          const filter = { status, ...(days ? { period: days } : {}) };
          const fromCounters = await totalOf(filter);
          expect([status, fromCounters]).toEqual([status, await totalOf({ ...filter, scope: 1 })]);
          if (status !== 'all') expect([status, fromCounters]).toEqual([status, counts.byStatus[status]]);
        }
        expect(counts.byStatus.a).toBeGreaterThanOrEqual(4);
        for (const view of ['overdue', 'followUp'] as const) {
          expect([view, await totalOf({ view })]).toEqual([view, counts[view]]);
          expect([view, counts[view]]).toEqual([view, await totalOf({ view, scope: 1 })]);
          expect(counts[view]).toBeGreaterThanOrEqual(1);
        }
      }
    });

    it('validates the period and needs HOME_SHOW or Assessment_View', async () => {
      const bad = await get('/api/assessment-counts?days=5', colleagueToken);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['days']);
      expect((await get('/api/assessment-counts?extra=1', colleagueToken)).status).toBe(400);
      expect((await get('/api/assessment-counts', noPrivilegeToken)).status).toBe(403);
      expect((await t.http().get('/api/assessment-counts')).status).toBe(401);
    });
  });
});
