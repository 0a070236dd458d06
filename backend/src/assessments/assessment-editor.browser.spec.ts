/**
 * The assessment editor's defects of issue 10, in headless Chromium against the real app: only the answers a
 * question defines are offered (and a refused rating is shown on its question); one Tab stop per question with a
 * roving focus among its answers; Complete saves the typed narrative first and leaving with unsaved text asks;
 * the read-only route offers only the view-only set; FAMILY ID binds in add mode after the first save; select
 * values are not cut; Escape closes a comment editor. Every page and dialog passes the page checks.
 */
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../test-support/browser';
import { expectAccessible, expectFitsAllWidths, expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentsApi, caregiverForm, childForm, createOrganisation, NARRATIVE, seedTestLibrary } from './assessments.test-support';
import {
  afterNextFrame,
  expectEventually,
  toBeDisabled,
  toHaveAttribute,
  toHaveCount,
  toHaveText,
  toHaveTexts,
  toHaveValue,
} from '../../test-support/eventually';

describeInBrowser('Assessment editor in headless Chromium', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let browser: Browser;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  let worker: AssessmentsApi;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    await seedTestLibrary(t);
    ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signedIn = (userId: string): Promise<Page> => signedInPage(browser, t, userId, { pageErrors: errors });

  const go = (page: Page, path: string) => page.goto(`${t.baseUrl}${path}`);

  async function openEditor(page: Page, id: string, suffix = '') {
    await go(page, `/assessment/childinfo/edit/${id}${suffix}`);
    await page.getByRole('heading', { name: /(Edit|View) Assessment/ }).waitFor();
  }

  /** An assessment with every shown question rated (Substance Use 0 opens no module), the narrative empty. */
  async function ratedAssessment(cin: string): Promise<{ id: string }> {
    const { id } = await worker.start(childForm({ cin }));
    for (const code of ['T_SUBSTANCE_USE', 'T_SLEEP']) expect((await worker.rate(id, code, 0)).status).toBe(200);
    return { id };
  }

  it('offers only the answers a question defines, one Tab stop per question, and shows a refused rating on its question', async () => {
    const { id, revision } = await worker.start(childForm({ cin: 'PID-EDITOR-1' }));
    const withCaregiver = await worker.post(`/api/assessments/${id}/caregivers`, { caregiver: caregiverForm('Ann'), revision });
    expect(withCaregiver.status).toBe(201);
    const page = await signedIn(ids.worker);
    await openEditor(page, id);
    await expectPageChecks(page, 'editor');

    await page.getByRole('button', { name: /^Child Needs/ }).click();
    const sleep = page.getByRole('region', { name: /^Child Needs/ }).getByRole('group', { name: 'Sleep', exact: true });
    const answers = sleep.getByRole('group', { name: 'Rating for Sleep' }).getByRole('button');
    await toHaveTexts(answers, ['0', '1', '2', '3', 'N/A']);
    await expectFitsAllWidths(page, 'editor-questions', async () => {
      // A phone: the answers share one row and the question cards keep a margin from the window's right edge.
      if (page.viewportSize()?.width !== 375) return;
      await expectEventually(
        () => answers.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top))),
        (tops) => expect(new Set(tops).size).toBe(1),
      );
      await expectEventually(
        () => sleep.evaluate((item) => window.innerWidth - item.closest('.MuiPaper-root')!.getBoundingClientRect().right),
        (rightGap) => expect(rightGap).toBeGreaterThanOrEqual(8),
      );
    });
    // Each answer carries its description (spec 000 §2).
    await sleep.getByRole('button', { name: '3: Act now.' }).waitFor();
    await sleep.getByRole('button', { name: 'Rating guide for Sleep' }).click();
    const guide = sleep.locator('dl');
    await toHaveTexts(guide.locator('dt'), ['0', '1', '2', '3', 'N/A']);
    await expectEventually(
      () => guide.locator('dd').allTextContents(),
      (descriptions) => expect(descriptions).not.toContain(''),
    );
    const hint = await toHaveAttribute(sleep, 'aria-describedby', /.+/);
    await toHaveText(page.locator(`[id="${hint}"]`), /^Press 0 to 3 or N to rate/);

    // Keyboard: Tab reaches the answers once; arrows move between them without rating; 4 does nothing.
    await answers.first().focus();
    await expectEventually(
      () => answers.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('tabindex'))),
      (tabIndexes) => expect(tabIndexes).toEqual(['0', '-1', '-1', '-1', '-1']),
    );
    await page.keyboard.press('ArrowRight');
    await expectEventually(
      () => answers.nth(1).evaluate((b) => b === document.activeElement),
      (focused) => expect(focused).toBe(true),
    );
    // Sighted keyboard users see the hint while an answer has keyboard focus (a mouse click does not show it).
    const hintShown = () => page.locator(`[id="${hint}"]`).evaluate((element) => element.getBoundingClientRect().width > 100);
    await expectEventually(hintShown, (shown) => expect(shown).toBe(true));
    await toHaveCount(sleep.getByRole('button', { pressed: true }), 0);
    const ratingsSent: string[] = [];
    page.on('request', (request) => request.url().endsWith('/ratings') && ratingsSent.push(request.postData() ?? ''));
    // 4 sends nothing: keys are handled in order, so the ratings sent, once Enter's has gone, are Enter's 1 alone.
    await page.keyboard.press('4');
    await page.keyboard.press('Enter');
    await sleep.getByRole('button', { name: /^1/, pressed: true }).waitFor();
    await expectEventually(
      async () => ratingsSent.map((body) => JSON.parse(body).rating),
      (ratings) => expect(ratings).toEqual([1]),
    );
    await page.keyboard.press('Tab');
    await expectEventually(
      () => answers.evaluateAll((buttons) => buttons.includes(document.activeElement as HTMLElement)),
      (focusInAnswers) => expect(focusInAnswers).toBe(false),
    );
    await expectEventually(hintShown, (shown) => expect(shown).toBe(false));
    await sleep.getByRole('button', { name: /^2/ }).click();
    await sleep.getByRole('button', { name: /^2/, pressed: true }).waitFor();
    expect(await hintShown()).toBe(false);

    // Escape closes an open comment editor.
    await sleep.getByRole('button', { name: 'Add comment on Sleep' }).click();
    await sleep.getByLabel('Comment on Sleep', { exact: true }).fill('Draft');
    await page.keyboard.press('Escape');
    await sleep.getByLabel('Comment on Sleep', { exact: true }).waitFor({ state: 'detached' });

    // A caregiver removed elsewhere: rating their question is refused (400 caregiverId) and shown on the question.
    await page.getByRole('button', { name: /^Child Needs/ }).click();
    await page.getByRole('button', { name: /^Caregiver Resources and Needs \(Ann Hale\)/ }).click();
    const caregiverId = withCaregiver.body.caregivers[0].caregiverId as string;
    const current = (await worker.get(`/api/assessments/${id}`)).body;
    expect((await worker.delete(`/api/assessments/${id}/caregivers/${caregiverId}`, { revision: current.revision })).status).toBe(200);
    const supervision = page.getByRole('group', { name: 'Supervision', exact: true });
    await supervision.getByRole('button', { name: /^2/ }).click();
    await supervision.getByText('The caregiver does not exist.').waitFor();
    await toHaveCount(page.getByText('Please correct the highlighted fields.'), 0);
    expect(errors).toEqual([]);
  });

  it('Complete saves the typed narrative first; leaving with unsaved text asks', async () => {
    const { id } = await ratedAssessment('PID-EDITOR-2');
    const page = await signedIn(ids.worker);
    await openEditor(page, id);
    for (const [field, text] of Object.entries(NARRATIVE)) await page.locator(`#narrative-${field}`).fill(text);

    // Back with unsaved narrative: the page asks; Stay keeps the text.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
    await leave.waitFor();
    await expectAccessible(page, 'editor leave dialog');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await toHaveValue(page.locator('#narrative-plan'), NARRATIVE.plan);

    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByText('Pending Approval', { exact: true }).first().waitFor();
    expect((await worker.get(`/api/assessments/${id}`)).body.narrative).toMatchObject(NARRATIVE);
    expect(errors).toEqual([]);
  });

  it('the read-only route offers the view-only set and disables answers, comments, narrative, child and caregivers', async () => {
    const { id } = await ratedAssessment('PID-EDITOR-3');
    const { revision } = (await worker.get(`/api/assessments/${id}`)).body;
    expect((await worker.post(`/api/assessments/${id}/caregivers`, { caregiver: caregiverForm('Ann'), revision })).status).toBe(201);
    const page = await signedIn(ids.worker);
    await openEditor(page, id, '/true');
    await page.getByRole('heading', { name: /^View Assessment/ }).waitFor();
    // The view-only set: CANS Summary (a path link that opens the summary in a new tab).
    await toHaveAttribute(page.getByRole('link', { name: 'CANS Summary' }), 'href', `/assessment/summarycase/${id}`);
    for (const name of ['Complete', 'Close Assessment', 'Save', 'Save narrative', 'Add Caregiver']) {
      await toHaveCount(page.getByRole('button', { name, exact: true }), 0);
    }
    await toBeDisabled(page.getByLabel(/^First Name/));
    await toBeDisabled(page.locator('#narrative-plan'));
    await page.getByRole('button', { name: /^Child Needs/ }).click();
    await expectEventually(
      () => page.getByRole('button', { name: /^0: /, disabled: true }).count(),
      (count) => expect(count).toBeGreaterThan(0),
    );
    await toHaveCount(page.getByRole('button', { name: /^Add comment on/ }), 0);
    await expectPageChecks(page, 'editor-view-only');
    expect(errors).toEqual([]);
  });

  it('FAMILY ID in add mode: the confirm appears, the caregivers are bound after the first save', async () => {
    const sibling = await worker.start(childForm({ cin: 'PID-EDITOR-FAM-A', familyId: 'FAM-88' }));
    expect(
      (await worker.post(`/api/assessments/${sibling.id}/caregivers`, { caregiver: caregiverForm('Pat'), revision: sibling.revision }))
        .status,
    ).toBe(201);
    const page = await signedIn(ids.worker);
    await go(page, '/assessment/childinfo/add');
    await page.getByRole('heading', { name: 'Add Assessment' }).waitFor();
    await page.getByLabel(/^Family ID/).fill('FAM-88');
    await page.getByLabel(/^Family ID/).blur();
    const bind = page.getByRole('dialog', { name: 'System Message' });
    await bind
      .getByText(
        'There is currently some caregivers for this FAMILY ID. Do you want to save this FAMILY ID and load caregivers for the Child?',
      )
      .waitFor();
    await expectAccessible(page, 'add family dialog');
    await bind.getByRole('button', { name: 'Yes' }).click();

    const choose = async (label: RegExp, option: string) => {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await page.getByLabel(/^PID/).fill('PID-EDITOR-FAM-B');
    await page.getByLabel(/^First Name/).fill('Jo');
    await page.getByLabel(/^Last Name/).fill('Doyle');
    await choose(/^Gender/, 'Female');
    await page.getByLabel(/^Date of Birth/).fill('2012-03-15');
    await page.getByLabel(/^Age/).fill('12');
    await choose(/^Race\/Ethnicity/, 'White British');
    await page.getByLabel(/^Unique ID/).fill('123456789');
    await page.getByLabel(/^Date of Assessment/).fill('2024-05-01');
    await page.getByLabel(/^Removal Date/).fill('2023-11-20');
    await choose(/^Assessment Type/, 'Initial Assessment');
    await choose(/^Involvement/, 'Looking to transition home');
    await page.waitForFunction(() => !document.querySelector('.MuiMenu-root')); // the menus' closing fade
    await expectPageChecks(page, 'editor-add');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: /Edit Assessment/ }).waitFor();
    await page.getByRole('cell', { name: 'Pat', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows select values of the child column in full at 1440 and 1024 px', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-EDITOR-5' }));
    const page = await signedIn(ids.worker);
    await openEditor(page, id);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 1000 });
      await afterNextFrame(page);
      await toHaveText(page.getByRole('combobox', { name: /^Involvement/ }), 'Looking to transition home');
      await expectEventually(
        () =>
          page
            .locator('.MuiSelect-select')
            .evaluateAll((selects) => selects.filter((s) => s.scrollWidth > s.clientWidth).map((s) => s.textContent)),
        (cut) => expect(cut).toEqual([]),
      );
    }
    expect(errors).toEqual([]);
  });
});
