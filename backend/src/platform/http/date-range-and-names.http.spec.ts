/**
 * Issue 27, findings 7 and 14: a date in year 0000 (or past 9999) answered 500 ("date/time field value out of
 * range" from PostgreSQL) on as-of, access-at and the summary and print PDFs, and was accepted elsewhere; person
 * names took control characters. Through the real app, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: every
 * route that reads a date answers 400 with a field message outside 1900-01-01 to 9999-12-31, every person-name
 * field refuses C0/C1 control characters, and a refused request appends nothing.
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import {
  AssessmentsApi,
  caregiverForm,
  childForm,
  createOrganisation,
  Json,
  seedTestLibrary,
} from '../../assessments/assessments.test-support';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { EVENT_STORE } from '../storage/storage-tokens';

const backends = httpTestBackends();

const YEAR_0 = '0000-01-01T00:00:00Z';
/** The last day of 9999 in New York is already year 10000 in UTC. */
const PAST_9999_IN_UTC = '9999-12-31T23:59:59-05:00';
const SIX_DIGIT_YEAR = '+275760-09-13T00:00:00Z';

describe.each(backends)('Dates outside 1900–9999 and control characters in names (%s): 400, nothing written', (backend) => {
  let t: TestApp;
  let admin: string;
  let worker: AssessmentsApi;
  let assessment: Json;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    assessment = await worker.start(childForm({ cin: 'PID-DATES-1' }));
    await t.settled();
  });
  afterAll(() => t?.close());

  const head = async () => {
    await t.settled();
    await t.app.get(RecordReadsService).flush();
    return t.app.get<EventStore>(EVENT_STORE).headPosition();
  };

  /** Sends a request that must be refused with 400: answers it, after checking the event store's head did not move. */
  async function refused<Answer>(send: () => PromiseLike<Answer>): Promise<Answer> {
    const before = await head();
    const answer = await send();
    expect(await head()).toBe(before);
    return answer;
  }

  const get = (path: string, query: Record<string, string>) => t.http().get(path).query(query).set('Authorization', admin).buffer(true);

  describe('a date read from the query', () => {
    const assessmentReads = ['as-of', 'summary', 'summary.pdf', 'print', 'print.pdf'];

    it.each([YEAR_0, PAST_9999_IN_UTC, SIX_DIGIT_YEAR, '0000-01-01'])(
      'as of %s: 400 on `at` for the editor view, summary and print',
      async (at) => {
        for (const read of [...assessmentReads, 'access-at']) {
          const answer = await refused(() => get(`/api/assessments/${assessment.id}/${read}`, { at }));
          expect({ read, status: answer.status, errors: answer.body.errors }).toEqual({
            read,
            status: 400,
            errors: { at: [expect.stringContaining('from 1900 to 9999')] },
          });
        }
      },
    );

    it('still reads the first and last accepted moments as moments (in range, judged on their merits)', async () => {
      const first = await get(`/api/assessments/${assessment.id}/as-of`, { at: '1900-01-01T00:00:00Z' });
      expect([first.status, first.body.errors]).toEqual([400, { at: ['The assessment did not exist yet at that date and time.'] }]);
      const last = await get(`/api/assessments/${assessment.id}/as-of`, { at: '9999-12-31T23:59:59.999Z' });
      expect(last.status).toBe(200);
    });

    it.each([
      ['system log', '/api/system-log', { filter: JSON.stringify({ from: '0000-01-01' }) }, 'filter'],
      ['system log, a moment', '/api/system-log', { filter: JSON.stringify({ to: PAST_9999_IN_UTC }) }, 'filter'],
      ['assessment list', '/api/assessments', { filter: JSON.stringify({ dateFrom: '0000-01-01' }) }, 'filter.dateFrom'],
      ['assessment list month', '/api/assessments', { filter: JSON.stringify({ month: '0000-01' }) }, 'filter.month'],
      ['report cohort', '/api/reports/cohort', { startDoa: '0000-01-01' }, 'startDoa'],
      ['one-child cases', '/api/reports/one-child-one-cans/cases', { endDoa: '0000-01-01' }, 'endDoa'],
      ['export count', '/api/data-feed/export/count', { from: '0000-01-01', to: '2024-01-31' }, 'from'],
      ['export download', '/api/data-feed/export/download', { from: '2024-01-01', to: '275760-09-13' }, 'to'],
      ['analytics until', '/api/analytics/time-to-approval/by_month', { until: PAST_9999_IN_UTC }, 'until'],
      ['analytics until, year 0', '/api/analytics/time-to-approval/by_month', { until: '0000-01-01' }, 'until'],
    ])('%s: 400 naming the field', async (_name, path, query, field) => {
      const answer = await refused(() => get(path, query));
      expect([answer.status, Object.keys(answer.body.errors ?? {})]).toEqual([400, [field]]);
    });
  });

  describe('a date read from the body', () => {
    it('the XML feed by hand and its date: 400 naming the field', async () => {
      const upload = await refused(() =>
        t
          .http()
          .post('/api/data-feed/xml/upload')
          .set('Authorization', admin)
          .send({ startDateFullTime: '0000-01-01 00:00:00', endDateFullTime: '2024-01-31 23:59:59' }),
      );
      expect([upload.status, Object.keys(upload.body.errors ?? {})]).toEqual([400, ['startDateFullTime']]);
      const update = await refused(() =>
        t.http().put('/api/data-feed/xml/assessment-date').set('Authorization', admin).send({ endDateFullTime: '0000-01-01' }),
      );
      expect([update.status, Object.keys(update.body.errors ?? {})]).toEqual([400, ['endDateFullTime']]);
    });

    it("the child's dates before 1900: 400 with the field's message", async () => {
      const answer = await refused(() =>
        worker.post('/api/assessments', { child: childForm({ cin: 'PID-1899', dateOfBirth: '1899-12-31' }) }),
      );
      expect([answer.status, answer.body.errors]).toEqual([
        400,
        { dateOfBirth: ['Date of Birth must be a date from 1900-01-01 to 9999-12-31.'] },
      ]);
    });
  });

  describe('control characters in person names', () => {
    const NAMES = [
      ['U+0001', 'Rob\u0001in'],
      ['a tab', 'Rob\tin'],
      ['a line break', 'Rob\nin'],
      ['DEL', 'Rob\u007fin'],
      ['C1 NEL', 'Rob\u0085in'],
      ['C1 CSI', 'Rob\u009bin'],
    ] as const;

    it.each(NAMES)("the child's first and last name with %s: 400 on the field", async (_name, bad) => {
      const created = await refused(() => worker.post('/api/assessments', { child: childForm({ cin: 'PID-CTRL', firstName: bad }) }));
      expect([created.status, created.body.errors]).toEqual([
        400,
        { firstName: ['First Name cannot contain control characters (such as tabs or line breaks).'] },
      ]);
      const saved = await refused(() =>
        worker.put(`/api/assessments/${assessment.id}/child-information`, {
          child: childForm({ cin: 'PID-DATES-1', lastName: bad }),
          revision: assessment.revision,
        }),
      );
      expect([saved.status, saved.body.errors]).toEqual([
        400,
        { lastName: ['Last Name cannot contain control characters (such as tabs or line breaks).'] },
      ]);
    });

    it.each(NAMES)("a caregiver's names with %s: 400 on the field", async (_name, bad) => {
      const answer = await refused(() =>
        worker.post(`/api/assessments/${assessment.id}/caregivers`, { caregiver: caregiverForm(bad, { lastName: `Ha${bad}le` }) }),
      );
      expect([answer.status, answer.body.errors]).toEqual([
        400,
        {
          firstName: ['First name cannot contain control characters (such as tabs or line breaks).'],
          lastName: ['Last name cannot contain control characters (such as tabs or line breaks).'],
        },
      ]);
    });

    it.each(NAMES)("a user's names (user dialog and My Account) with %s: 400 on the field", async (_name, bad) => {
      const user = {
        firstName: bad,
        lastName: 'Tester',
        username: 'control.chars',
        email: 'control.chars@example.test',
        userGroupId: '153',
        supervisorId: '1',
        externalId: 'CTRL',
      };
      const created = await refused(() => t.http().post('/api/users').set('Authorization', admin).send(user));
      expect([created.status, created.body.errors]).toEqual([
        400,
        { firstName: ['First name cannot contain control characters (such as tabs or line breaks).'] },
      ]);
      const own = (await worker.get('/api/account')).body;
      const profile = await refused(() => worker.put('/api/account', { ...own, lastName: `Tes${bad}ter` }));
      expect([profile.status, profile.body.errors]).toEqual([
        400,
        { lastName: ['Last name cannot contain control characters (such as tabs or line breaks).'] },
      ]);
    });

    it('still takes names in any script, with apostrophes, hyphens and spaces', async () => {
      const answer = await worker.post(`/api/assessments/${assessment.id}/caregivers`, {
        caregiver: caregiverForm("Zoë-Anne O'Brien", { lastName: 'Nguyễn 李' }),
      });
      expect(answer.status).toBe(201);
    });
  });
});
