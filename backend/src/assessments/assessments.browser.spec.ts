/**
 * The assessment screens in headless Chromium against the real app: a worker creates a child with two caregivers,
 * answers every domain by keyboard (a rule opens a module), writes the narrative and completes; the supervisor
 * previews and returns it with a reason; the worker fixes it and completes again; the supervisor approves; the
 * list, the overdue view and the summary show it, and its PDF opens.
 *
 * Set SCREENSHOTS_DIR to also save screenshots of each screen (for reviewing the look; not an assertion).
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentsApi, childForm, createOrganisation, seedTestLibrary } from './assessments.test-support';
import { expectEventually, toHaveCount, toHaveValue } from '../../test-support/eventually';

const SHOTS = process.env.SCREENSHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  // A viewport as tall as the page: full-page captures misplace react-admin's fixed app bar.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: Math.min(Math.max(height, 900), 4000) });
  await page.screenshot({ path: `${SHOTS}/assessments-${name}.png` });
  await page.setViewportSize(viewport);
};

/** The Return / Close requests this page sends from now on (the list stays live). */
const workflowRequestsOf = (page: Page): string[] => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/assessments\/[^/]+\/(return|close)$/.test(new URL(request.url()).pathname))
      sent.push(request.url());
  });
  return sent;
};

describeInBrowser('Assessment screens in headless Chromium', () => {
  jest.setTimeout(240_000);
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

  /** A browser context signed in as the user through the auth cookie. */
  async function signedIn(userId: string): Promise<{ context: BrowserContext; page: Page }> {
    const page = await signedInPage(browser, t, userId, { pageErrors: errors });
    return { context: page.context(), page };
  }

  const go = (page: Page, path: string) => page.goto(`${t.baseUrl}${path}`);

  async function choose(page: Page, label: RegExp, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /**
   * Rates the questions of the open domain without the mouse: focus the first question's answers (its one Tab
   * stop), then a rating key and Arrow Down for each. The answers keep focus while the questionnaire re-renders
   * with the server's answer, and Arrow Down moves it to the next question's answers.
   */
  async function rateOpenDomain(page: Page, domain: RegExp, ratings: string[]) {
    const items = page.getByRole('region', { name: domain }).locator('[data-question-item]');
    await items.first().locator('[data-rating-key][tabindex="0"]').focus();
    for (let index = 0; index < ratings.length; index++) {
      const item = items.nth(index);
      await expectEventually(
        () =>
          item.evaluate((element) => element.contains(document.activeElement) && document.activeElement!.hasAttribute('data-rating-key')),
        (focused) => expect(focused).toBe(true),
      );
      await page.keyboard.press(ratings[index]);
      const expected = ratings[index].toUpperCase() === 'N' ? 'N\\/A' : ratings[index];
      await item.getByRole('button', { name: new RegExp(`^${expected}`), pressed: true }).waitFor();
      if (index < ratings.length - 1) await page.keyboard.press('ArrowDown');
    }
  }

  it('runs an assessment from a new child to approval, the list, the overdue view, the summary and its PDF', async () => {
    const worker = await signedIn(ids.worker);
    const page = worker.page;

    // ---- Add Assessment: the child.
    await go(page, '/assessment/childinfo/add');
    await page.getByRole('heading', { name: 'Add Assessment' }).waitFor();
    await page.getByRole('button', { name: 'Add Caregiver' }).click();
    await page.getByText('Please save child information.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();

    // Client-side hints before anything is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('PID is required.').waitFor();

    await page.getByLabel(/^PID/).fill('PID-BROWSER-1');
    await page.getByLabel(/^First Name/).fill('Robin');
    await page.getByLabel(/^Last Name/).fill('Hale');
    await choose(page, /^Gender/, 'Female');
    await page.getByLabel(/^Date of Birth/).fill('2012-03-15');
    await page.getByLabel(/^Age/).fill('12');
    await choose(page, /^Race\/Ethnicity/, 'White British');
    await page.getByLabel(/^Unique ID/).fill('12345');
    await page.getByLabel(/^Date of Assessment/).fill('2024-05-01');
    await page.getByLabel(/^Removal Date/).fill('2023-11-20');
    await choose(page, /^Assessment Type/, 'Initial Assessment');
    await choose(page, /^Involvement/, 'Looking to transition home');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Unique ID must contain 9 or 10 digits.').waitFor();
    await page.getByLabel(/^Unique ID/).fill('123456789');
    await shot(page, 'add');
    await page.waitForFunction(() => !document.querySelector('.MuiMenu-root')); // the menus' closing fade
    await expectPageChecks(page, 'assessment-add');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('heading', { name: /Edit Assessment/ }).waitFor();
    const id = /childinfo\/edit\/([0-9a-f-]{36})/.exec(page.url())![1];

    // ---- Two caregivers (the relationship is required).
    for (const [firstName, group, role] of [
      ['Ann', 'Parent/Guardian', 'Mother'],
      ['Ben', 'Substitute Caregiver', 'Foster Carer'],
    ]) {
      await page.getByRole('button', { name: 'Add Caregiver' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Caregiver' });
      if (firstName === 'Ann') await expectPageChecks(page, 'caregiver-dialog');
      await dialog.getByLabel(/^First Name/).fill(firstName);
      await dialog.getByLabel(/^Last Name/).fill('Hale');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Relationship to Child is required.').waitFor();
      await choose(page, /^Relationship/, group);
      await choose(page, /^Role/, role);
      await dialog.getByLabel(/^Phone/).fill('5550102000');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: firstName, exact: true }).waitFor();
    }

    // ---- Questionnaire: a caregiver domain per caregiver; rating 3 opens the Substance Use Module.
    await page.getByRole('button', { name: /^Caregiver Resources and Needs \(Ann Hale\)/ }).waitFor();
    await page.getByRole('button', { name: /^Caregiver Resources and Needs \(Ben Hale\)/ }).waitFor();
    await page.getByRole('button', { name: /^Child Needs/ }).click();
    await rateOpenDomain(page, /^Child Needs/, ['3', '0']);
    await page.getByText('Substance Use Module').waitFor();
    await page.getByText('Triggered module').waitFor();
    await rateOpenDomain(page, /^Child Needs/, ['3', '0', '2']);
    await page.getByRole('button', { name: /^Child Needs, 100% Completed/ }).waitFor();

    // A comment on a question: required, then saved.
    const region = page.getByRole('region', { name: /^Child Needs/ });
    await region.getByRole('button', { name: 'Add comment on Sleep' }).click();
    await region.getByRole('button', { name: 'Save comment' }).click();
    await region.getByText('Comment is requreid.').waitFor();
    await region.getByLabel('Comment on Sleep').fill('Sleeps well since the move.');
    await region.getByRole('button', { name: 'Save comment' }).click();
    await region.getByText('Sleeps well since the move.').waitFor();
    await shot(page, 'questionnaire');
    await expectPageChecks(page, 'questionnaire');

    // Completing with two domains left: one line per domain, each opening its domain (not one run-together line).
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    const refusal = page.getByRole('dialog', { name: 'System Message' });
    await refusal.getByText('This case cannot be completed until all its domains and narrative are completed.').waitFor();
    const annLine = refusal.getByRole('listitem').filter({ hasText: /^Caregiver Resources and Needs \(Ann Hale\): 0% Completed$/ });
    const benLine = refusal.getByRole('listitem').filter({ hasText: /^Caregiver Resources and Needs \(Ben Hale\): 0% Completed$/ });
    await toHaveCount(annLine, 1);
    await toHaveCount(benLine, 1);
    await page.waitForFunction(() => !document.querySelector('.MuiTooltip-popper')); // a rating's tooltip fading out
    await expectAccessible(page, 'incomplete domains dialog');
    await benLine.getByRole('button').click();
    await refusal.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Caregiver Resources and Needs (Ben Hale)' }).waitFor();
    await toHaveCount(page.getByRole('region', { name: /^Child Needs/ }), 0);

    for (const name of ['Ann Hale', 'Ben Hale']) {
      const domain = new RegExp(`^Caregiver Resources and Needs \\(${name}\\)`);
      await page.getByRole('button', { name: domain }).focus();
      await page.keyboard.press('Enter');
      await rateOpenDomain(page, domain, ['1', 'N']);
      await page.getByRole('button', { name: new RegExp(`${domain.source}, 100% Completed`) }).waitFor();
    }

    // Completing without a narrative lists what is missing.
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByText('This case cannot be completed until all its domains and narrative are completed.').waitFor();
    await page.waitForFunction(() => !document.querySelector('.MuiTooltip-popper')); // a rating's tooltip fading out
    await expectAccessible(page, 'incomplete dialog');
    await page.getByRole('button', { name: 'OK' }).click();

    for (const [field, text] of Object.entries({
      impressions: 'Settled at school, anxious at contact.',
      needs: 'Anxiety around family contact.',
      targets: 'Reduce distress before contact.',
      outcomes: 'Calmer transitions within three months.',
      plan: 'Weekly sessions with the school counsellor.',
      recommendations: 'Review contact arrangements.',
    })) {
      await page.locator(`#narrative-${field}`).fill(text);
    }
    await page.getByRole('button', { name: 'Save narrative' }).click();
    await page.getByText('Narrative saved.').waitFor();
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByText('Pending Approval', { exact: true }).first().waitFor();
    await shot(page, 'edit-completed');

    // ---- Supervisor: preview, then return with a required reason.
    const supervisor = await signedIn(ids.supervisor);
    const sp = supervisor.page;
    await go(sp, `/assessment/childinfo/edit/${id}`);
    await sp.getByRole('button', { name: 'Approve', exact: true }).click();
    const preview = sp.getByRole('dialog', { name: 'CANS Preview' });
    await preview.getByText('PID-BROWSER-1').waitFor();
    await preview.getByText('Substance Use', { exact: true }).first().waitFor();
    await shot(sp, 'preview');
    await expectPageChecks(sp, 'preview-dialog');
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await sp.getByRole('button', { name: 'Return', exact: true }).click();
    const returnDialog = sp.getByRole('dialog', { name: 'Return Assessment' });
    // Spec 000 §4: an empty reason (or one of spaces) is refused by the page itself; no request leaves it.
    const reasonRequests = workflowRequestsOf(sp);
    await returnDialog.getByLabel(/Reason for returning/).fill('   ');
    await returnDialog.getByRole('button', { name: 'Return', exact: true }).click();
    await returnDialog.getByText('A reason is required to return the assessment.').waitFor();
    expect(reasonRequests).toEqual([]);
    await expectAccessible(sp, 'return dialog');
    await returnDialog.getByLabel(/Reason for returning/).fill('Please add the county.');
    await returnDialog.getByRole('button', { name: 'Return', exact: true }).click();
    await sp.waitForURL(/\/assessment\/list/);
    await sp.getByRole('columnheader', { name: 'PID' }).waitFor();

    // ---- Worker: sees the reason, fixes the child, completes again.
    await page.reload();
    await page.getByText('Returned Comments').waitFor();
    await page.getByText('Please add the county.').waitFor();
    await page.getByLabel(/^County/).fill('West Yorkshire');
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByText('Pending Approval', { exact: true }).first().waitFor();

    // ---- Supervisor approves through the preview.
    await go(sp, `/assessment/childinfo/edit/${id}`);
    await sp.getByRole('button', { name: 'Approve', exact: true }).click();
    await sp.getByRole('dialog', { name: 'CANS Preview' }).getByText('PID-BROWSER-1').waitFor();
    await sp.getByRole('dialog', { name: 'CANS Preview' }).getByRole('button', { name: 'Approve', exact: true }).click();
    await sp.waitForURL(/\/assessment\/list/);
    await sp.getByRole('columnheader', { name: 'PID' }).waitFor();

    // ---- Read-only once approved; each question's pie shows the answers of approved assessments.
    await go(sp, `/assessment/childinfo/view/${id}`);
    await sp.getByRole('button', { name: /^Child Needs, 100% Completed/ }).click();
    await sp.getByRole('img', { name: 'Answers of approved assessments for Substance Use: 3: 100%' }).waitFor();
    await toHaveCount(sp.getByRole('button', { name: 'Add comment on Sleep' }), 0);
    await expectEventually(
      () => sp.getByRole('button', { name: /^0: /, disabled: true }).count(),
      (count) => expect(count).toBeGreaterThan(0),
    );
    await shot(sp, 'view-approved');
    await expectPageChecks(sp, 'view-approved');
    await go(sp, '/assessment/list');

    // ---- Edit Approved Child (Edit_Approved_Case, here the administrator): the child cards and caregivers only.
    const admin = await signedIn('1');
    await go(admin.page, `/assessment/approvechildinfo/edit/${id}`);
    await admin.page.getByRole('heading', { name: /Edit Approved Child/ }).waitFor();
    await toHaveCount(admin.page.getByText('Questionnaire', { exact: true }), 0);
    await admin.page.getByLabel(/^Zip/).fill('LS1 4AP');
    await shot(admin.page, 'edit-approved');
    await expectPageChecks(admin.page, 'edit-approved');
    await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.page.getByRole('heading', { name: /Edit Assessment/ }).waitFor();
    await admin.page.waitForFunction(() => (document.querySelector('#child-zip') as HTMLInputElement | null)?.value === 'LS1 4AP');
    await admin.context.close();

    // ---- The list shows it approved; the search finds it by PID.
    await sp.getByPlaceholder('Search PID or name').fill('PID-BROWSER-1');
    // The search applies after its debounce, and the list's URL then carries it.
    await sp.waitForURL(/PID-BROWSER-1/);
    const row = sp.getByRole('row', { name: /PID-BROWSER-1/ });
    // The row is also on the unfiltered page: wait for the filtered answer (one row) so that the list has stored
    // its search before the user navigates away.
    await sp.getByText(/^1-1 of 1$/).waitFor();
    await row.getByText(/^Approved/).waitFor();
    await expectEventually(
      () => row.getByText('Robin').count(),
      (count) => expect(count).toBeGreaterThan(0),
    );
    await shot(sp, 'list');

    // ---- The list keeps its state when the user navigates away and comes back.
    // The list has stored its search (react-admin's store, in localStorage) before the user leaves.
    await expectEventually(
      () => sp.evaluate(() => localStorage.getItem('RaStore.assessments.list')),
      (stored) => expect(stored).toContain('PID-BROWSER-1'),
    );
    // Away and back through the menu, as a user goes (a reload right after the write could race Chromium's
    // hand-over of localStorage between documents on a loaded machine).
    await sp.locator('a[href="/home"]').first().click();
    await sp.getByRole('heading', { name: 'Assessments', exact: true }).waitFor();
    // The menu entry (no query string): react-admin's list store restores the search.
    await sp.locator('a[href="/assessment/list"]').first().click();
    // The list is filtered by the restored search (its URL says so), and its box shows that search.
    await sp.waitForURL(/PID-BROWSER-1/).catch(async (error: Error) => {
      const stored = await sp.evaluate(() => localStorage.getItem('RaStore.assessments.list'));
      throw new Error(`${error.message}\nAt ${sp.url()}, the list's store holds ${stored}`);
    });
    await sp.getByRole('row', { name: /PID-BROWSER-1/ }).waitFor();
    await toHaveValue(sp.getByPlaceholder('Search PID or name'), 'PID-BROWSER-1');

    // ---- The overdue view: assessed in 2024, so its next assessment is overdue.
    await go(sp, '/assessment/overdues');
    await sp.getByRole('tab', { name: 'Overdue Assessments', selected: true }).waitFor();
    await sp.getByRole('row', { name: /PID-BROWSER-1/ }).waitFor();
    await shot(sp, 'overdues');

    // ---- The summary, and its PDF.
    await go(sp, `/assessment/summarycase/${id}`);
    await sp.getByRole('heading', { name: 'CANS Summary' }).waitFor();
    // Spec §9: the tab is titled by what it shows, whose, and when it opened (yyyyMMddHHmm).
    await expectEventually(
      () => sp.title(),
      (title) => expect(title).toMatch(/^CANS Summary \S.* \d{12}$/),
    );
    await sp
      .getByText('West Yorkshire')
      .first()
      .waitFor()
      .catch(() => undefined);
    await sp.getByText('Sleeps well since the move.').waitFor();
    await sp.getByRole('button', { name: 'Download PDF' }).waitFor();
    await shot(sp, 'summary');
    await expectPageChecks(sp, 'summary');
    // The PDF is prepared in the server's worker pool and handed over as a download named by the server.
    const [download] = await Promise.all([sp.waitForEvent('download'), sp.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^cans-summary-.*\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');

    await go(sp, `/assessment/print/${id}`);
    await sp.getByRole('heading', { name: 'CANS Assessment' }).waitFor();
    await shot(sp, 'print');
    await expectPageChecks(sp, 'print');

    await go(sp, '/');
    await sp.getByRole('heading', { name: 'Assessments', exact: true }).waitFor();
    await shot(sp, 'home');

    // ---- A new assessment for the same PID: the form is prefilled from the approved one, date of assessment cleared.
    await go(page, '/assessment/childinfo/add');
    await page.getByRole('heading', { name: 'Add Assessment' }).waitFor();
    await page.getByLabel(/^PID/).fill('PID-BROWSER-1');
    await page.getByLabel(/^PID/).blur();
    await page.waitForFunction(() => (document.querySelector('#child-firstName') as HTMLInputElement | null)?.value === 'Robin');
    await toHaveValue(page.getByLabel(/^Date of Assessment/), '');

    expect(errors).toEqual([]);
    await worker.context.close();
    await supervisor.context.close();
  });
  it('reloads on a stale save, closes with a required reason, deletes after a warning, binds FAMILY ID caregivers and filters by assessor', async () => {
    const api = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    const stale = await api.start(childForm({ cin: 'PID-BROWSER-2', firstName: 'Sam' }));
    const doomed = await api.start(childForm({ cin: 'PID-BROWSER-3', firstName: 'Alex' }));
    const worker = await signedIn(ids.worker);

    // Two tabs on one assessment: the second save is refused (409) with the server's message, and the page reloads.
    const first = worker.page;
    const second = await worker.context.newPage();
    second.on('pageerror', (error) => errors.push(error.message));
    for (const tab of [first, second]) {
      await go(tab, `/assessment/childinfo/edit/${stale.id}`);
      await tab.getByRole('heading', { name: /Edit Assessment/ }).waitFor();
    }
    await first.getByLabel(/^City/).fill('Leeds');
    await first.getByRole('button', { name: 'Save', exact: true }).click();
    await first.getByText('Assessment was saved successfully.').waitFor();
    await second.getByLabel(/^City/).fill('York');
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await second
      .getByText('This assessment was changed by someone else. The latest version is now shown: please check it and try again.')
      .waitFor();
    await second.waitForFunction(() => (document.querySelector('#child-city') as HTMLInputElement | null)?.value === 'Leeds');

    // Close: a confirmation, then a required reason; the user lands on the list.
    await second.getByRole('button', { name: 'Close Assessment' }).click();
    await second.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Yes' }).click();
    const closeDialog = second.getByRole('dialog', { name: 'Close Assessment' });
    const closeRequests = workflowRequestsOf(second);
    await closeDialog.getByRole('button', { name: 'Close Assessment' }).click();
    await closeDialog.getByText('A reason is required to close the assessment.').waitFor();
    expect(closeRequests).toEqual([]);
    await expectAccessible(second, 'close dialog');
    await closeDialog.getByLabel(/Reason for closing/).fill('The family moved out of the area.');
    await closeDialog.getByRole('button', { name: 'Close Assessment' }).click();
    await second.waitForURL(/\/assessment\/list/);
    await second.getByPlaceholder('Search PID or name').fill('PID-BROWSER-2');
    await second
      .getByRole('row', { name: /PID-BROWSER-2/ })
      .getByText(/^Closed/)
      .waitFor();

    // Delete from the list after the warning.
    await second.getByPlaceholder('Search PID or name').fill('PID-BROWSER-3');
    const row = second.getByRole('row', { name: /PID-BROWSER-3/ });
    await row.getByText(/^Incomplete · 0 days/).waitFor();
    await row.getByRole('button', { name: 'Delete assessment of Alex' }).click();
    await second.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Confirm' }).click();
    await second.getByText('Assessment was deleted successfully.').waitFor();
    await row.waitFor({ state: 'detached' }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nAt ${second.url()}, the list shows: ${(await second.locator('main').innerText()).slice(0, 1500)}`);
    });
    // The delete was the browser's, not this client's: every write projected first.
    await t.caughtUp();
    expect((await api.get(`/api/assessments/${doomed.id}`)).status).toBe(404);

    // FAMILY ID: caregivers of the family elsewhere are offered, bound on Yes, and need a relationship to this child.
    const sibling = await api.start(childForm({ cin: 'PID-FAMILY-A', familyId: 'FAM-77' }));
    const withCaregiver = await api.post(`/api/assessments/${sibling.id}/caregivers`, {
      caregiver: { firstName: 'Pat', lastName: 'Doyle', relationship: { group: 'Parent/Guardian', role: 'Father' } },
      revision: sibling.revision,
    });
    expect(withCaregiver.status).toBe(201);
    const child = await api.start(childForm({ cin: 'PID-FAMILY-B', firstName: 'Jo' }));
    await go(second, `/assessment/childinfo/edit/${child.id}`);
    await second.getByRole('heading', { name: /Edit Assessment/ }).waitFor();
    await second.getByLabel(/^Family ID/).fill('FAM-77');
    await second.getByLabel(/^Family ID/).blur();
    const bind = second.getByRole('dialog', { name: 'System Message' });
    await bind
      .getByText(
        'There is currently some caregivers for this FAMILY ID. Do you want to save this FAMILY ID and load caregivers for the Child?',
      )
      .waitFor();
    await expectAccessible(second, 'family dialog');
    await bind.getByRole('button', { name: 'Yes' }).click();
    await second.getByRole('cell', { name: 'Pat', exact: true }).waitFor();
    await second
      .getByText('Please add the caregiver relationship for the current child or you can remove unwanted caregivers.')
      .first()
      .waitFor();
    // Expanding a domain first warns about caregivers without a relationship.
    await second.getByRole('button', { name: /^Child Needs/ }).click();
    await second
      .getByRole('dialog', { name: 'Warning' })
      .getByText(/Please add the caregiver relationship/)
      .waitFor();
    await second.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'OK' }).click();
    await toHaveCount(second.getByRole('region', { name: /^Child Needs/ }), 0);

    // The assessor filter (for users who may read the user directory): only the chosen assessor's rows.
    const siblingApi = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.sibling)}`, ids.sibling);
    await siblingApi.start(childForm({ cin: 'PID-BROWSER-4', firstName: 'Kim' }));
    const admin = await signedIn('1');
    await go(admin.page, '/assessment/list');
    await admin.page.getByRole('row', { name: /PID-BROWSER-4/ }).waitFor();
    await admin.page.getByRole('button', { name: 'Add filter' }).click();
    await admin.page.getByRole('menu').getByText('Assessor', { exact: true }).click();
    await admin.page.getByRole('combobox', { name: 'Assessor' }).fill('Worker');
    await admin.page.getByRole('option', { name: 'Worker Tester' }).click();
    await admin.page.getByRole('row', { name: /PID-BROWSER-4/ }).waitFor({ state: 'detached' });
    await admin.page.getByRole('row', { name: /PID-BROWSER-2/ }).waitFor();
    await admin.context.close();

    expect(errors).toEqual([]);
    await worker.context.close();
  });
});
