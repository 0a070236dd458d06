/**
 * Assessment reminders end to end: the settings over HTTP (every validation message, nothing written when refused),
 * the overdue and follow-up lists following a save at once, and the daily job run by the test at a fixed clock
 * against a real SMTP server — each reminder once, the run summed up in the system log.
 */
import { randomUUID } from 'node:crypto';
import { addDays, addMonths } from '@cans/domain/assessments';
import { REMINDER_SETTINGS_STREAM_ID } from '@cans/domain/administration/settings.events';
import { REMINDER_KINDS } from '@cans/domain/assessments/reminder-mail.events';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { createOrganisation, Json } from '../assessments.test-support';
import { AssessmentWriter, loadTestLibrary } from '../summary/test-support/assessment-writer';
import { ReminderRunService } from './reminder-run.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);

describe('Assessment reminders', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  let writer: AssessmentWriter;
  let org: Awaited<ReturnType<typeof createOrganisation>>;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ identity: { smtp: smtp.settings, publicUrl: 'https://cans.example' } });
    admin = `Bearer ${t.adminToken()}`;
    org = await createOrganisation(t);
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const put = (body: unknown, token = admin) =>
    t
      .http()
      .put('/api/settings/reminders')
      .set('Authorization', token)
      .send(body as object);
  const get = (path: string, token = admin) =>
    t.http().get(path).set('Authorization', token).set('X-Wait-For-Position', String(writer.position));

  describe('the settings', () => {
    it('answers the defaults until a save, and refuses bad values field by field, writing nothing', async () => {
      expect((await get('/api/settings/reminders')).body).toEqual({
        daysOfIncompletionAlert: 30,
        monthOfNextCaseAlert: 6,
        daysOfTimeoutAlert: 30,
      });
      const refused = await put({ daysOfIncompletionAlert: -1, monthOfNextCaseAlert: 61, daysOfTimeoutAlert: 'soon' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        daysOfIncompletionAlert: ['Days of incompletion alert must be a whole number from 0 to 365.'],
        monthOfNextCaseAlert: ['Months of next assessment alert must be a whole number from 0 to 60.'],
        daysOfTimeoutAlert: ['Days of overdue alert must be a whole number from 0 to 365.'],
      });
      expect((await put({ daysOfIncompletionAlert: 1.5, monthOfNextCaseAlert: 6, daysOfTimeoutAlert: 366 })).body.errors).toEqual({
        daysOfIncompletionAlert: ['Days of incompletion alert must be a whole number from 0 to 365.'],
        daysOfTimeoutAlert: ['Days of overdue alert must be a whole number from 0 to 365.'],
      });
      const worker = t.tokenFor(['Assessment_View', 'HOME_SHOW']);
      expect((await put({ daysOfIncompletionAlert: 3, monthOfNextCaseAlert: 6, daysOfTimeoutAlert: 30 }, `Bearer ${worker}`)).status).toBe(
        403,
      );
      expect((await get('/api/settings/reminders', `Bearer ${worker}`)).status).toBe(403);
      expect(await t.app.get<EventStore>(EVENT_STORE).readStream(REMINDER_SETTINGS_STREAM_ID)).toEqual([]);
    });
  });

  describe('the lists follow a save at once', () => {
    it('moves an approved assessment between not due, overdue and follow-up as the months and days change', async () => {
      // Assessed 5 months and 10 days ago: with the default 6 months it is due in about 20 days.
      const assessedOn = addDays(addMonths(today(), -5), -10);
      const id = await writer.start(org.worker, { cin: 'PID-LIST', dateOfAssessment: assessedOn });
      await writer.complete(id, org.worker);
      await writer.approve(id, org.supervisor);
      const inView = async (view: string) => {
        const answer = await get(`/api/assessments?filter=${encodeURIComponent(JSON.stringify({ view }))}`);
        return (answer.body as Json[])
          .filter((row) => row.id === id)
          .map((row) => ({ nextDueDate: row.nextDueDate, dayCount: row.dayCount }));
      };
      expect(await inView('overdue')).toEqual([]);
      expect(await inView('followUp')).toEqual([]);

      // Due 4 months after: about 40 days ago, so overdue (30 days after the due date) by about 10 days.
      let saved = await put({ daysOfIncompletionAlert: 30, monthOfNextCaseAlert: 4, daysOfTimeoutAlert: 30 });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ message: 'The reminder settings were saved successfully.' });
      writer.position = Math.max(writer.position, Number(saved.headers['x-event-position']));
      const dueOn = addMonths(assessedOn, 4);
      const pastDue = Math.round((Date.parse(today()) - Date.parse(dueOn)) / DAY_MS);
      expect(await inView('overdue')).toEqual([{ nextDueDate: dueOn, dayCount: pastDue - 30 }]);
      expect((await get('/api/assessment-counts')).body).toMatchObject({ overdue: 1, followUp: 0 });

      // Overdue only 60 days after the due date: back in the follow-up tab.
      saved = await put({ daysOfIncompletionAlert: 30, monthOfNextCaseAlert: 4, daysOfTimeoutAlert: 60 });
      writer.position = Math.max(writer.position, Number(saved.headers['x-event-position']));
      expect(await inView('overdue')).toEqual([]);
      expect(await inView('followUp')).toEqual([{ nextDueDate: dueOn, dayCount: pastDue }]);
      expect((await get('/api/assessment-counts')).body).toMatchObject({ overdue: 0, followUp: 1, overdueAfterDays: 60 });
      expect((await get('/api/assessment-options')).body.reminderSettings).toEqual({
        daysOfIncompletionAlert: 30,
        monthOfNextCaseAlert: 4,
        daysOfTimeoutAlert: 60,
      });

      // Back to the defaults for the job below.
      saved = await put({ daysOfIncompletionAlert: 30, monthOfNextCaseAlert: 6, daysOfTimeoutAlert: 30 });
      writer.position = Math.max(writer.position, Number(saved.headers['x-event-position']));
      expect(await inView('followUp')).toEqual([]);
    });
  });

  describe('the daily job', () => {
    it('mails each reminder once per occurrence, to the assessor and for overdue the supervisor, and sums the run up', async () => {
      const incomplete = await writer.start(org.worker, { cin: 'PID-INC', firstName: 'Secret' });
      const overdue = await writer.start(org.worker, { cin: 'PID-OVD', dateOfAssessment: addMonths(today(), -9) });
      await writer.complete(overdue, org.worker);
      await writer.approve(overdue, org.supervisor);
      const runs = t.app.get(ReminderRunService);
      const since = smtp.mails.length;
      // 31 days from now: the new assessment has waited past the 30-day incompletion alert.
      const later = new Date(Date.now() + 31 * DAY_MS);
      const summary = await runs.run(later);
      expect(summary).toMatchObject({ ran: true, failed: 0, failure: null });
      expect(summary.ran && summary.sent.IncompleteAssessment).toBeGreaterThanOrEqual(1);
      const mails = smtp.mails.slice(since);
      const about = (pid: string) => mails.filter((mail) => mail.subject.includes(pid));
      expect(about('PID-INC').map((mail) => [mail.to, mail.subject])).toEqual([
        [['worker@example.test'], 'CANS assessment PID-INC is not complete'],
      ]);
      expect(about('PID-INC')[0].text).toContain(`https://cans.example/assessment/childinfo/edit/${incomplete}`);
      expect(about('PID-INC')[0].text).not.toContain('Secret');
      expect(
        about('PID-OVD')
          .map((mail) => mail.to[0])
          .sort(),
      ).toEqual(['supervisor@example.test', 'worker@example.test']);
      expect(about('PID-OVD')[0].subject).toBe('CANS assessment PID-OVD is overdue');

      // The same day again (a restart, another instance): the day is taken, nothing is sent.
      const count = smtp.mails.length;
      expect(await runs.run(later)).toMatchObject({ ran: false });
      // The next day: those occurrences went out already.
      expect(await runs.run(new Date(later.getTime() + DAY_MS))).toMatchObject({ ran: true, sent: {}, failed: 0 });
      expect(smtp.mails.length).toBe(count);

      await t.caughtUp();
      const log = await get(`/api/system-log?filter=${encodeURIComponent(JSON.stringify({ action: 'reminder-run' }))}`);
      const sent = summary.ran ? summary.sent : {};
      const kinds = REMINDER_KINDS.filter((kind) => sent[kind]).map((kind) => `${sent[kind]} ${kind}`);
      const total = Object.values(sent).reduce((sum, n) => sum + (n ?? 0), 0);
      expect((log.body as Json[]).map((row) => row.description)).toEqual(
        expect.arrayContaining([`Reminder mails sent: ${later.toISOString().slice(0, 10)}: ${total} sent (${kinds.join(', ')}), 0 failed`]),
      );
    });
  });
});

describe('Assessment reminders: two instances on one PostgreSQL, and a mail server that fails', () => {
  const skip = !process.env.TEST_DATABASE_URL;
  let first: TestApp;
  let second: TestApp;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    if (skip) return;
    smtp = await startSmtpTestServer();
    // The first instance mails through a port nothing listens on (a wrong server), the second through the real one.
    first = await startTestApp({ backend: 'postgres', identity: { smtp: { ...smtp.settings, port: 1 } } });
    second = await startTestApp({ config: { databaseUrl: first.databaseUrl }, identity: { smtp: smtp.settings } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await smtp?.close();
  });

  (skip ? it.skip : it)('sends each reminder once whichever instance runs, and records a failed run for the next day', async () => {
    const org = await createOrganisation(first);
    const writer = new AssessmentWriter(first, await loadTestLibrary(first));
    await writer.start(org.worker, { cin: `PID-${randomUUID().slice(0, 6)}` });
    await second.caughtUp();
    const later = new Date(Date.now() + 40 * DAY_MS);
    const since = smtp.mails.length;

    // Both instances at once on the same day: one takes the day; its wrong mail server fails and is recorded.
    const [a, b] = await Promise.all([first.app.get(ReminderRunService).run(later), second.app.get(ReminderRunService).run(later)]);
    const ran = [a, b].filter((summary) => summary.ran);
    expect(ran).toHaveLength(1);
    const winner = ran[0] === a ? first : second;
    if (winner === first) {
      expect(a).toMatchObject({ ran: true, failed: 1, failure: expect.stringContaining('could not be reached at 127.0.0.1:1') });
      expect(smtp.mails.length).toBe(since);
    }

    // The next day the second instance (the good server) runs: the failed reminder goes out, once.
    const next = new Date(later.getTime() + DAY_MS);
    expect(await second.app.get(ReminderRunService).run(next)).toMatchObject({ ran: true, failed: 0, failure: null });
    expect(await first.app.get(ReminderRunService).run(next)).toMatchObject({ ran: false });
    const mailsToWorker = smtp.mails
      .slice(since)
      .filter((mail) => mail.to.includes('worker@example.test') && /is not complete/.test(mail.subject));
    expect(mailsToWorker).toHaveLength(1);
  });
});
