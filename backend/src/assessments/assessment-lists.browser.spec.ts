/**
 * The assessment lists and the home links in headless Chromium (issue 10, findings 7, 9 and 10), over the demo
 * data: the overdue screen's page sizes and Delete, the Assessor filter for a supervisor without the user
 * directory, no Delete for a sharee (the server refuses it too), the "Assessed this month" count, and the page
 * checks (axe, no sideways scrolling at 375, 1024 and 1440 px) on every page and dialog visited.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentsApi } from './assessments.test-support';
import { expectEventually, toHaveCount, toHaveTexts } from '../../test-support/eventually';

describeInBrowser('Assessment lists and home links in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, seed: 'demo-data', config: { frontendDist: FRONTEND_DIST } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const api = (username: string) => new AssessmentsApi(t, `Bearer ${t.tokenForUser(DEMO_USER_IDS[username])}`, DEMO_USER_IDS[username]);

  const signedIn = (username: string): Promise<Page> =>
    signedInPage(browser, t, DEMO_USER_IDS[username], {
      viewport: { width: 1440, height: 900 },
      pageErrors: errors,
    });

  const open = (page: Page, path: string) => page.goto(`${t.baseUrl}${path}`);

  it('overdue screen: page sizes 20 and 50; Delete where the server allows it (Edit_Approved_Case for an approved case)', async () => {
    // Supervisor Admin: Assessment_Delete and Edit_Approved_Case, above worker1 (the overdue case's worker).
    const lead = await signedIn('supervisor.admin');
    await open(lead, '/assessment/overdues');
    const row = lead.getByRole('row', { name: /PID-1001/ });
    await row.getByRole('button', { name: 'Delete assessment of Ava Thompson' }).waitFor();
    await lead.getByRole('combobox', { name: /Rows per page/ }).click();
    await toHaveTexts(lead.getByRole('option'), ['20', '50']);
    await lead.keyboard.press('Escape');
    await expectPageChecks(lead, 'overdues-supervisor-admin');
    await row.getByRole('button', { name: 'Delete assessment of Ava Thompson' }).click();
    const warning = lead.getByRole('dialog', { name: 'Warning' });
    await warning.waitFor();
    await expectAccessible(lead, 'overdue delete warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();

    // The Supervisor holds Assessment_Delete but not Edit_Approved_Case: no Delete, and the server agrees.
    const supervisor = await signedIn('supervisor');
    await open(supervisor, '/assessment/overdues');
    const theirRow = supervisor.getByRole('row', { name: /PID-1001/ });
    await theirRow.getByRole('link', { name: 'View assessment of Ava Thompson' }).waitFor();
    await toHaveCount(theirRow.getByRole('button', { name: /^Delete/ }), 0);
    const id = (await api('supervisor').list({ view: 'overdue', q: 'PID-1001' })).body[0].id;
    expect((await api('supervisor').post(`/api/assessments/${id}/delete`, {})).status).toBe(403);
    await expectPageChecks(supervisor, 'overdues-supervisor');
    expect(errors).toEqual([]);
  });

  it('offers the Assessor filter to a supervisor without the user directory (Assessment_View)', async () => {
    const supervisor = await signedIn('supervisor');
    await open(supervisor, '/assessment/list');
    await supervisor.getByRole('row', { name: /PID-1007/ }).waitFor(); // Riley Brooks's case
    await supervisor.getByRole('button', { name: 'Add filter' }).click();
    await supervisor.getByRole('menu').getByText('Assessor', { exact: true }).click();
    await supervisor.getByRole('combobox', { name: 'Assessor' }).fill('Jamie');
    await supervisor.getByRole('option', { name: 'Jamie Carter' }).click();
    await supervisor.getByRole('row', { name: /PID-1007/ }).waitFor({ state: 'detached' });
    await supervisor.getByRole('row', { name: /PID-1004/ }).waitFor(); // Jamie Carter's
    // The chosen name shows whole in the field at 1440 and 1024 px (it was cut to "Jamie C…").
    for (const width of [1440, 1024]) {
      await supervisor.setViewportSize({ width, height: 900 });
      await expectEventually(
        () =>
          supervisor
            .getByRole('combobox', { name: 'Assessor' })
            .evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth),
        (whole) => expect(whole).toBe(true),
      );
    }
    await expectPageChecks(supervisor, 'assessment-list-supervisor');
    expect(errors).toEqual([]);
  });

  it('gives a sharee no Delete on a shared case, and the server refuses it; the case worker keeps it', async () => {
    const owner = api('worker2');
    const [shared] = (await owner.list({ q: 'PID-1007' })).body;
    expect(shared.statusCode).toBe('i');
    const view = (await owner.get(`/api/assessments/${shared.id}`)).body;
    expect(
      (await owner.post(`/api/assessments/${shared.id}/share`, { userIds: [DEMO_USER_IDS.worker1], revision: view.revision })).status,
    ).toBe(200);

    const sharee = await signedIn('worker1');
    await open(sharee, '/assessment/list');
    await sharee.getByPlaceholder('Search PID or name').fill('PID-1007');
    const row = sharee.getByRole('row', { name: /PID-1007/ });
    await row.getByRole('link', { name: 'Edit assessment of Sophia Taylor' }).waitFor(); // shared: edit rights
    await toHaveCount(row.getByRole('button', { name: /^Delete/ }), 0);
    const refused = await api('worker1').post(`/api/assessments/${shared.id}/delete`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an assessment of your own caseload can be deleted.');
    expect((await owner.get(`/api/assessments/${shared.id}`)).status).toBe(200); // nothing written

    const worker = await signedIn('worker2');
    await open(worker, '/assessment/list');
    await worker.getByPlaceholder('Search PID or name').fill('PID-1007');
    await worker
      .getByRole('row', { name: /PID-1007/ })
      .getByRole('button', { name: 'Delete assessment of Sophia Taylor' })
      .waitFor();
    await expectPageChecks(worker, 'assessment-list-worker');
    expect(errors).toEqual([]);
  });

  it('home: "Assessed this month" shows the number of the list it links to; each card is named by its visible text', async () => {
    const supervisor = await signedIn('supervisor');
    const month = new Date().toISOString().slice(0, 7);
    const total = Number(/\/(\d+)$/.exec((await api('supervisor').list({ date: month })).headers['content-range'])?.[1]);
    expect(total).toBeGreaterThan(0);
    await open(supervisor, '/');
    await supervisor.getByRole('link', { name: `${total} Assessed this month`, exact: true }).waitFor();
    await supervisor.getByRole('link', { name: /^\d+ Pending Approval$/ }).waitFor();
    await expectPageChecks(supervisor, 'home-supervisor');
    await supervisor.getByRole('link', { name: `${total} Assessed this month`, exact: true }).click();
    await supervisor.getByText(`Assessed in ${month}`).waitFor();
    await supervisor.getByText(new RegExp(`^1-${Math.min(total, 20)} of ${total}$`)).waitFor();
    expect(errors).toEqual([]);
  });
});
