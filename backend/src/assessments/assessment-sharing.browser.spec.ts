/**
 * Share and Reassign on the screens follow the server (issue 9, finding 3): a view-only Monitor gets neither
 * button; a user the case is shared with may share it further, and the Share dialog shows the shares the owner
 * granted as fixed (the server keeps them). My Account's delegate picker works with the id-and-name answer of
 * delegate-options (finding 16).
 */
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { DIRECT_CARE_WORKER_GROUP_ID, MONITOR_GROUP_ID } from '../identity/user-groups/built-in-groups';
import { AssessmentsApi, childForm, createOrganisation, seedTestLibrary } from './assessments.test-support';
import { toBeChecked, toBeDisabled, toHaveCount } from '../../test-support/eventually';

describeInBrowser('Share and Reassign in headless Chromium', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let browser: Browser;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    await seedTestLibrary(t);
    ids = await createOrganisation(t);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signedIn = (userId: string): Promise<Page> => signedInPage(browser, t, userId, { pageErrors: errors });

  const go = (page: Page, path: string) => page.goto(`${t.baseUrl}${path}`);

  /** A user made through the admin API ("<firstName> Tester"). */
  async function user(firstName: string, userGroupId: string, supervisorId: string): Promise<string> {
    const username = firstName.toLowerCase();
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .send({
        firstName,
        lastName: 'Tester',
        username,
        email: `${username}@example.test`,
        userGroupId,
        supervisorId,
        externalId: username,
      });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return created.body.id as string;
  }

  /** The case's page: edit, or view (the route a Monitor has: edit routes need Assessment_Edit, spec 002 §2). */
  async function openCase(page: Page, id: string, route: 'edit' | 'view' = 'edit') {
    await go(page, `/assessment/childinfo/${route}/${id}`);
    await page
      .getByRole('heading', { name: /Assessment/ })
      .first()
      .waitFor();
    // The toolbar is drawn once the case is loaded (Print is always offered).
    await page.getByRole('link', { name: 'Print' }).waitFor();
    await expectPageChecks(page, `assessment-${route}`);
  }

  async function openMoreMenu(page: Page, id: string, route: 'edit' | 'view' = 'edit') {
    await openCase(page, id, route);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'assessment more menu');
  }

  it("hides Share and Reassign from a Monitor; a sharee shares further with the owner's shares fixed", async () => {
    const third = await user('Third', DIRECT_CARE_WORKER_GROUP_ID, ids.supervisor);
    const analyst = await user('Analyst', MONITOR_GROUP_ID, '1');
    const worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    const { id } = await worker.start(childForm({ cin: 'PID-BROWSER-SHARE', firstName: 'Casey' }));
    expect((await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling] })).status).toBe(200);

    // The Monitor: the row has View but no Share; the page has no More menu (no Share, no Reassign).
    const monitor = await signedIn(analyst);
    await go(monitor, '/assessment/list');
    await monitor.getByPlaceholder('Search PID or name').fill('PID-BROWSER-SHARE');
    const row = monitor.getByRole('row', { name: /PID-BROWSER-SHARE/ });
    await row.getByRole('link', { name: 'View assessment of Casey' }).waitFor();
    await toHaveCount(row.getByRole('button', { name: 'Share assessment of Casey' }), 0);
    // The Monitor may do nothing on the page that More would hold, so there is no More (no empty menu).
    await openCase(monitor, id, 'view');
    await toHaveCount(monitor.getByRole('button', { name: 'More' }), 0);

    // The sibling (shared with by the owner) shares with Third; the owner's share of the sibling is fixed.
    const sharee = await signedIn(ids.sibling);
    await openMoreMenu(sharee, id);
    await sharee.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = sharee.getByRole('dialog', { name: 'Share Assessment To' });
    const thirdBox = dialog.getByRole('checkbox', { name: 'Third Tester' });
    await thirdBox.waitFor();
    await expectPageChecks(sharee, 'share-dialog');
    await toBeChecked(thirdBox, false);
    await thirdBox.check();
    await dialog.getByRole('button', { name: 'Share' }).click();
    await sharee.getByText('Assessment was shared successfully.').waitFor();
    expect((await worker.get(`/api/assessments/${id}`)).body.sharedWith).toEqual([ids.sibling, third].sort());

    // Third, shared with by the sibling, sees the sibling's share as fixed: only the owner or above may take it back.
    const thirdPage = await signedIn(third);
    await openMoreMenu(thirdPage, id);
    await thirdPage.getByRole('menuitem', { name: 'Share' }).click();
    const thirdDialog = thirdPage.getByRole('dialog', { name: 'Share Assessment To' });
    const siblingBox = thirdDialog.getByRole('checkbox', { name: 'Sibling Tester' });
    await siblingBox.waitFor();
    await toBeChecked(siblingBox);
    await toBeDisabled(siblingBox);
    // The owner is not offered (they own it).
    await toHaveCount(thirdDialog.getByRole('checkbox', { name: 'Worker Tester' }), 0);

    expect(errors).toEqual([]);
  });

  it('My Account offers delegates by name (the server sends id and name only) and assigns access', async () => {
    // A Direct Care Worker may assign access (Reassign_Accesses_Temporarily).
    const page = await signedIn(await user('Delegator', DIRECT_CARE_WORKER_GROUP_ID, ids.supervisor));
    await go(page, '/profile/index');
    await page.getByRole('button', { name: 'Assign Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Assessments To' });
    await dialog.waitFor();
    await expectPageChecks(page, 'assign-access-dialog');
    await dialog.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('option', { name: 'Sibling Tester', exact: true }).click();
    await dialog.getByLabel(/^From/).fill('2030-03-01');
    await dialog.getByLabel(/^To/).fill('2030-03-10');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('list', { name: 'Access assignments' }).getByText('Sibling Tester').waitFor();
    expect(errors).toEqual([]);
  });
});
