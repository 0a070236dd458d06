/**
 * The home dashboard's figures over HTTP (issue 13 "Home dashboard"): the monthly charts and the supervisor table,
 * checked against an independent count of the assessments each user may see (the list's rows, counted here one by
 * one), for a case worker, a supervisor and the administrator; each supervisor-table number against the total of the
 * list filter it links to; and the system notification.
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { addDays } from '@cans/domain/assessments';
import { DEFAULT_REMINDER_SETTINGS } from '@cans/domain/assessments/reminder-settings';
import { DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary } from '../summary/test-support/assessment-writer';
import { AssessmentMonthsService } from './assessment-months.service';

const backends = httpTestBackends();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Row {
  id: string;
  cin: string;
  ownerId: string;
  assessmentType: string;
  statusCode: string;
  dateOfAssessment: string;
  createdAt: string;
  nextDueDate: string | null;
}

const today = new Date().toISOString().slice(0, 10);
/** The last due day that is overdue today (the reminder settings' days of timeout alert, 30 by default). */
const overdueBefore = addDays(today, -DEFAULT_REMINDER_SETTINGS.daysOfTimeoutAlert);
const thisMonth = today.slice(0, 7);
/** 'yyyy-MM' n months before this month, computed independently of the service. */
const monthAgo = (n: number) => {
  const d = new Date(`${thisMonth}-15T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7);
};
const LAST_12 = Array.from({ length: 12 }, (_, i) => monthAgo(11 - i));

describe.each(backends)('home dashboard figures over HTTP (%s)', (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  const { worker1, worker2, supervisor } = DEMO_USER_IDS;
  const tokens: Record<string, string> = {};

  const get = (path: string, token: string) =>
    t
      .http()
      .get(path)
      .set('Authorization', `Bearer ${token}`)
      .set('X-Wait-For-Position', String(writer?.position ?? 0));

  /** Every row of the assessment list the token's user sees (pages of 100). */
  async function visibleRows(token: string): Promise<Row[]> {
    const rows: Row[] = [];
    for (let start = 0; ; start += 100) {
      const page = await get('/api/assessments', token).query({ range: `[${start},${start + 99}]`, sort: '["createdAt","ASC"]' });
      expect(page.status).toBe(200);
      rows.push(...page.body);
      if (page.body.length < 100) return rows;
    }
  }

  const listTotal = async (token: string, filter: Record<string, unknown>) => {
    const list = await get('/api/assessments', token).query({ filter: JSON.stringify(filter), range: '[0,0]' });
    expect([filter, list.status]).toEqual([filter, 200]);
    return Number(/\/(\d+)$/.exec(list.headers['content-range'])?.[1]);
  };

  /** The charts' figures from rows: per month of the last 12, in total and per type. */
  function monthlyOf(rows: Row[]) {
    const inMonth = (month: string, type?: string) =>
      rows.filter((r) => r.dateOfAssessment.slice(0, 7) === month && (type === undefined || r.assessmentType === type)).length;
    return {
      months: LAST_12,
      totals: LAST_12.map((m) => inMonth(m)),
      types: ['62', '63', '64'].map((type) => ({ id: type, counts: LAST_12.map((m) => inMonth(m, type)) })),
    };
  }

  beforeAll(async () => {
    t = await startTestApp({ backend, seed: 'demo-data' });
    for (const name of ['worker1', 'worker2', 'supervisor', 'supervisor.admin']) tokens[name] = t.tokenForUser(DEMO_USER_IDS[name]);
    tokens.admin = t.adminToken();
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
    // Months and types across the window (and one just outside it), a shared record, and due dates on both sides of
    // today for the supervisor table.
    await writer.start(worker1, { cin: 'PID-D1', dateOfAssessment: `${monthAgo(3)}-02`, assessmentType: '63' });
    await writer.start(worker1, { cin: 'PID-D2', dateOfAssessment: `${monthAgo(11)}-01`, assessmentType: '64' });
    await writer.start(worker1, { cin: 'PID-D3', dateOfAssessment: `${monthAgo(12)}-28`, assessmentType: '62' });
    const shared = await writer.start(worker2, { cin: 'PID-D4', dateOfAssessment: `${monthAgo(5)}-10`, assessmentType: '63' });
    await writer.share(shared, worker2, [worker1]);
    const dueSoon = await writer.start(worker1, { cin: 'PID-D5', dateOfAssessment: addDays(today, -10), daysToNextAssessment: 20 });
    await writer.complete(dueSoon, worker1);
    await writer.approve(dueSoon, supervisor);
    const pastDue = await writer.start(worker2, { cin: 'PID-D6', dateOfAssessment: addDays(today, -20), daysToNextAssessment: 5 });
    await writer.complete(pastDue, worker2);
    await writer.approve(pastDue, supervisor);
    const overdue = await writer.start(worker2, { cin: 'PID-D8', dateOfAssessment: addDays(today, -50), daysToNextAssessment: 5 });
    await writer.complete(overdue, worker2);
    await writer.approve(overdue, supervisor);
    // A child assessed by worker2, then later by worker1: the child is worker1's now (counted once, with the latest).
    await writer.start(worker2, { cin: 'PID-D7', dateOfAssessment: addDays(today, -30) });
    await writer.start(worker1, { cin: 'pid-d7 ', dateOfAssessment: addDays(today, -1) });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /assessment-counts/months', () => {
    it.each(['worker1', 'supervisor', 'admin'])('gives %s the assessments per month and type of the rows they see', async (name) => {
      const response = await get('/api/assessment-counts/months', tokens[name]);
      expect(response.status).toBe(200);
      const expected = monthlyOf(await visibleRows(tokens[name]));
      expect(response.body.months).toEqual(expected.months);
      expect(response.body.totals).toEqual(expected.totals);
      expect(response.body.types.map((type: Json) => ({ id: type.id, counts: type.counts }))).toEqual(expected.types);
      expect(response.body.types.map((type: Json) => type.name)).toEqual(['Initial Assessment', 'Re-assessment', 'Closing Assessment']);
      // The bar of a month is the total of the list it opens (date=yyyy-MM).
      for (const month of [thisMonth, monthAgo(3)])
        expect(await listTotal(tokens[name], { date: month })).toBe(response.body.totals[LAST_12.indexOf(month)]);
    });

    it('scopes rows: the case worker sees a shared record but not a colleague’s; the supervisor and the administrator more', async () => {
      const months = async (name: string) => (await get('/api/assessment-counts/months', tokens[name])).body;
      const [w1, w2, sup, admin] = await Promise.all(['worker1', 'worker2', 'supervisor', 'admin'].map(months));
      const sum = (body: Json) => body.totals.reduce((a: number, b: number) => a + b, 0);
      // PID-D3 lies before the window; PID-D2 in its first month; PID-D4 (worker2's, shared) counts for worker1.
      expect(w1.totals[0]).toBeGreaterThanOrEqual(1);
      expect(w1.types.find((type: Json) => type.id === '63').counts[LAST_12.indexOf(monthAgo(5))]).toBeGreaterThanOrEqual(1);
      expect(sum(sup)).toBeGreaterThan(sum(w1));
      expect(sum(sup)).toBeGreaterThanOrEqual(sum(w2));
      expect(sum(admin)).toBeGreaterThanOrEqual(sum(sup));
    });

    it('counts the scope’s other rows the same way when there are too many to read (one count per month and type)', async () => {
      const months = t.app.get(AssessmentMonthsService);
      const principal = {
        id: worker1,
        kind: 'user' as const,
        isAdministrator: false,
        privileges: ['Assessment_View'],
        groupId: null,
        agencyId: null,
      };
      const tallied = await months.monthlyFor(principal);
      expect(await months.monthlyFor(principal, new Date(), 0)).toEqual(tallied);
      expect(tallied.totals[LAST_12.indexOf(monthAgo(5))]).toBeGreaterThanOrEqual(1);
    });

    it('needs a privilege and a session', async () => {
      expect((await get('/api/assessment-counts/months', t.tokenFor(['Agency']))).status).toBe(403);
      expect((await t.http().get('/api/assessment-counts/months')).status).toBe(401);
    });
  });

  describe('GET /assessment-counts/supervisees', () => {
    /** The supervisor table computed from every row (the administrator's list), one worker at a time. */
    function caseloadOf(all: Row[], ownerId: string) {
      const dueUntil = addDays(today, 30);
      const latestByChild = new Map<string, Row>();
      for (const row of all) {
        const key = row.cin.trim().toLowerCase();
        const current = latestByChild.get(key);
        const later =
          !current ||
          [row.dateOfAssessment, row.createdAt, row.id].join('|') > [current.dateOfAssessment, current.createdAt, current.id].join('|');
        if (later) latestByChild.set(key, row);
      }
      const own = all.filter((row) => row.ownerId === ownerId);
      const status = (...codes: string[]) => own.filter((row) => codes.includes(row.statusCode)).length;
      return {
        children: [...latestByChild.values()].filter((row) => row.ownerId === ownerId).length,
        inProgress: status('i', 'r'),
        pendingApproval: status('c'),
        completed: status('a'),
        dueSoon: own.filter((row) => row.nextDueDate && row.nextDueDate > today && row.nextDueDate <= dueUntil).length,
        followUp: own.filter((row) => row.nextDueDate && row.nextDueDate > overdueBefore && row.nextDueDate <= today).length,
        overdue: own.filter((row) => row.nextDueDate && row.nextDueDate <= overdueBefore).length,
      };
    }

    it('gives a supervisor one row per worker they supervise, each number as counted from the rows and as the list it links to', async () => {
      const response = await get('/api/assessment-counts/supervisees', tokens.supervisor);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        today,
        dueUntil: addDays(today, 30),
        overdueAfterDays: DEFAULT_REMINDER_SETTINGS.daysOfTimeoutAlert,
      });
      expect(response.body.workers.map((w: Json) => w.id).sort()).toEqual([worker1, worker2].sort());
      expect(response.body.workers.map((w: Json) => w.name)).toEqual([...response.body.workers.map((w: Json) => w.name)].sort());
      const all = await visibleRows(tokens.admin);
      for (const worker of response.body.workers) {
        const expected = caseloadOf(all, worker.id);
        const figures = Object.fromEntries(Object.keys(expected).map((key) => [key, worker[key]]));
        expect([worker.name, figures]).toEqual([worker.name, expected]);
        for (const [key, filter] of Object.entries(worker.filters as Record<string, Record<string, unknown>>))
          expect([worker.name, key, await listTotal(tokens.supervisor, filter)]).toEqual([worker.name, key, worker[key]]);
        // One vocabulary: Follow up and Overdue are the overdue screen's tabs for this worker's rows, by the same rule.
        for (const tab of ['followUp', 'overdue'])
          expect([worker.name, tab, await listTotal(tokens.supervisor, { view: tab, ownerId: worker.id })]).toEqual([
            worker.name,
            tab,
            worker[tab],
          ]);
      }
      const [w1] = response.body.workers.filter((w: Json) => w.id === worker1);
      const [w2] = response.body.workers.filter((w: Json) => w.id === worker2);
      // The fixtures reach every column: a reassessment due in 10 days (worker1), one 15 days past due (worker2, follow
      // up) and one 45 days past due (worker2, overdue).
      expect(w1.dueSoon).toBeGreaterThanOrEqual(1);
      expect(w2.followUp).toBeGreaterThanOrEqual(1);
      expect(w2.overdue).toBeGreaterThanOrEqual(1);
      expect(w1.inProgress * w1.children * w1.completed).toBeGreaterThan(0);
    });

    it('lists only the caller’s own supervisees: none for a case worker, the supervisor for their lead', async () => {
      const worker = await get('/api/assessment-counts/supervisees', tokens.worker1);
      expect(worker.status).toBe(200);
      expect(worker.body.workers).toEqual([]);
      const lead = (await get('/api/assessment-counts/supervisees', tokens['supervisor.admin'])).body;
      expect(lead.workers.map((w: Json) => w.id)).toEqual([supervisor]);
    });

    it('validates the list filters it links to', async () => {
      const bad = await get('/api/assessments', tokens.supervisor).query({
        filter: JSON.stringify({ dueFrom: '2024-13-01', latest: 'yes' }),
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ 'filter.dueFrom': [expect.any(String)], 'filter.latest': [expect.any(String)] });
    });
  });

  describe('GET /system-notification', () => {
    // Saved as the Notification editor saves it.
    const notify = async (content: string) => {
      const saved = await t.http().put('/api/system-notification').set('Authorization', `Bearer ${tokens.admin}`).send({ content });
      expect(saved.status).toBe(200);
      await t.caughtUp();
    };

    it('answers no content until a notification exists, then its sanitised HTML, to every signed-in user', async () => {
      expect((await get('/api/system-notification', tokens.worker1)).body).toEqual({ content: null });
      expect((await t.http().get('/api/system-notification')).status).toBe(401);
      await notify('<p>Maintenance <strong>tonight</strong></p><script>alert(1)</script>');
      for (const name of ['worker1', 'admin']) {
        const response = await get('/api/system-notification', tokens[name]);
        expect(response.status).toBe(200);
        expect(response.body.content).toContain('<strong>tonight</strong>');
        expect(response.body.content).not.toContain('script');
      }
      await notify('  ');
      expect((await get('/api/system-notification', tokens.worker1)).body).toEqual({ content: null });
    });
  });
});
