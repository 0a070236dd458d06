/**
 * The Assessment Reminder screen in headless Chromium over the demo data: the administrator finds it in the menu,
 * sees the server's message for a bad value, saves other months to the next assessment, and the overdue list follows
 * at once (PID-1001, overdue in the demo, is no longer due). Page checks at 375, 1024 and 1440 px. Then the
 * administrator rewrites the Incomplete Assessment mail, the daily job run by the test at a fixed clock sends each
 * reminder once through a real SMTP server, rendered from it, and the System Log shows the run.
 */
import { DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { demoDataInBrowser, describeInBrowser } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { ReminderRunService } from './reminder-run.service';
import { toHaveCount, toHaveText, toHaveValue } from '../../../test-support/eventually';

const DAY_MS = 24 * 60 * 60 * 1000;

describeInBrowser('Assessment Reminder settings in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp?.close());
  const demo = demoDataInBrowser(() => ({ identity: { smtp: smtp.settings, publicUrl: 'https://cans.example' } }));
  const { errors, signedIn } = demo;

  it('the administrator changes the months to the next assessment; the overdue list changes at once', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${demo.t.baseUrl}/assessment/overdues`);
    await admin.getByRole('row', { name: /PID-1001/ }).waitFor();

    await admin.getByRole('menuitem', { name: 'Assessment Reminders' }).click();
    await admin.waitForURL(/\/setting\/assessmentReminderSetting$/);
    const months = admin.getByLabel('Months to the next assessment');
    await toHaveValue(months, '6');
    await months.fill('-2');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Months of next assessment alert must be a whole number from 0 to 60.').waitFor();
    await months.fill('60');
    await expectPageChecks(admin, 'setting-reminders');
    await months.press('Enter');
    await admin.getByText('The reminder settings were saved successfully.').waitFor();
    await admin.getByRole('link', { name: 'Cancel' }).click();
    await admin.waitForURL(/\/library/);
    // A new page load knows no position of the save: every write projected first, the list is computed with it.
    await demo.t.caughtUp();

    // Due five years after the date of assessment: no demo case is overdue any more.
    const [listed] = await Promise.all([
      admin.waitForResponse((response) => /\/api\/assessments\?/.test(response.url()) && response.status() === 200),
      admin.goto(`${demo.t.baseUrl}/assessment/overdues`),
    ]);
    expect(JSON.stringify(await listed.json())).not.toContain('PID-1001');
    await admin.waitForLoadState('networkidle');
    await toHaveCount(admin.getByRole('row', { name: /PID-1001/ }), 0);
    expect(errors).toEqual([]);
  });

  it('the daily job at a fixed clock mails each reminder once, from the template the administrator edited; the System Log shows the run', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${demo.t.baseUrl}/setting/emailTemplate`);
    await toHaveText(admin.getByRole('combobox', { name: 'Template' }), 'Incomplete Assessment');
    await admin.getByRole('textbox', { name: 'Subject' }).fill('Please finish CANS {{pid}}');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The email template was saved successfully.').waitFor();
    // The job reads the template from the read model: the save projected first.
    await demo.t.caughtUp();

    // 31 days from now every open demo assessment has waited past the 30-day incompletion alert.
    const at = new Date(Date.now() + 31 * DAY_MS);
    const runs = demo.t.app.get(ReminderRunService);
    const since = smtp.mails.length;
    const summary = await runs.run(at);
    expect(summary).toMatchObject({ ran: true, failed: 0, failure: null });
    const incomplete = smtp.mails.slice(since).filter((mail) => mail.subject.startsWith('Please finish CANS PID-'));
    expect(incomplete.length).toBeGreaterThan(0);
    expect(summary.ran && summary.sent.IncompleteAssessment).toBe(incomplete.length);
    // Once each: no assessment's mail twice to the same person.
    const sentTo = incomplete.map((mail) => `${mail.to.join(',')} ${mail.subject}`);
    expect(new Set(sentTo).size).toBe(sentTo.length);
    expect(incomplete.map((mail) => mail.to[0])).toContain('worker1@example.org');
    expect(incomplete[0].text).toMatch(/https:\/\/cans\.example\/assessment\//);

    // A second run the same day (a restart), and the next day's run: nothing more goes out.
    const count = smtp.mails.length;
    expect(await runs.run(at)).toMatchObject({ ran: false });
    expect(await runs.run(new Date(at.getTime() + DAY_MS))).toMatchObject({ ran: true, sent: {}, failed: 0 });
    expect(smtp.mails.length).toBe(count);

    await demo.t.caughtUp();
    await admin.goto(`${demo.t.baseUrl}/system-log`);
    const day = at.toISOString().slice(0, 10);
    await admin.getByRole('row', { name: new RegExp(`Reminder mails sent: ${day}: ${count - since} sent`) }).waitFor();
    // A case worker has no reminder screen.
    const worker = await signedIn(DEMO_USER_IDS.worker1);
    await worker.goto(`${demo.t.baseUrl}/setting/assessmentReminderSetting`);
    await worker.getByRole('heading', { name: 'OOPS!' }).waitFor();
    expect(errors).toEqual([]);
  });
});
