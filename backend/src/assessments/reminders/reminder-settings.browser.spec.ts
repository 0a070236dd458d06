/**
 * The Assessment Reminder screen in headless Chromium over the demo data: the administrator finds it in the menu,
 * sees the server's message for a bad value, saves other months to the next assessment, and the overdue list follows
 * at once (PID-1001, overdue in the demo, is no longer due). Page checks at 375, 1024 and 1440 px.
 */
import { demoDataInBrowser, describeInBrowser } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';

describeInBrowser('Assessment Reminder settings in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  const demo = demoDataInBrowser();
  const { errors, signedIn } = demo;

  it('the administrator changes the months to the next assessment; the overdue list changes at once', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${demo.t.baseUrl}/assessment/overdues`);
    await admin.getByRole('row', { name: /PID-1001/ }).waitFor();

    await admin.getByRole('menuitem', { name: 'Assessment Reminders' }).click();
    await admin.waitForURL(/\/setting\/assessmentReminderSetting$/);
    const months = admin.getByLabel('Months to the next assessment');
    expect(await months.inputValue()).toBe('6');
    await months.fill('-2');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Months of next assessment alert must be a whole number from 0 to 60.').waitFor();
    await months.fill('60');
    await expectPageChecks(admin, 'setting-reminders');
    await months.press('Enter');
    await admin.getByText('The reminder settings were saved successfully.').waitFor();
    await admin.getByRole('link', { name: 'Cancel' }).click();
    await admin.waitForURL(/\/library/);

    // Due five years after the date of assessment: no demo case is overdue any more.
    const [listed] = await Promise.all([
      admin.waitForResponse((response) => /\/api\/assessments\?/.test(response.url()) && response.status() === 200),
      admin.goto(`${demo.t.baseUrl}/assessment/overdues`),
    ]);
    expect(JSON.stringify(await listed.json())).not.toContain('PID-1001');
    await admin.waitForLoadState('networkidle');
    expect(await admin.getByRole('row', { name: /PID-1001/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
