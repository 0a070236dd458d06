/*
 * The question library screens in headless Chromium, end to end: an administrator builds a module with two
 * questions, reorders and hides them, adds a show-rule on the answers 2 and 3, and the rule evaluator page and
 * the API both show the module triggered. Set LIBRARY_SHOTS_DIR to also save screenshots of the pages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seedDemoData } from '../platform/seeding/demo-data/demo-data';
import { describeInBrowser, FRONTEND_DIST, launchChromium } from '../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { ACCESS_TOKEN_COOKIE } from '../identity/authentication/authenticated-user';
import { seedInstrument } from '@cans/domain/library/instrument/seed-instrument';
import { ANSWERS, findInTree, Json, LibraryApi } from './library.test-support';
import {
  expectEventually,
  toBeChecked,
  toBeDisabled,
  toBeEnabled,
  toBeVisible,
  toContainText,
  toHaveAttribute,
  toHaveCount,
  toHaveText,
  toHaveValue,
} from '../../test-support/eventually';

const SHOTS_DIR = process.env.LIBRARY_SHOTS_DIR;

jest.setTimeout(120_000);

describeInBrowser('Question library screens in headless Chromium', () => {
  let t: TestApp;
  let api: LibraryApi;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const shot = async (name: string) => {
    if (!SHOTS_DIR) return;
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SHOTS_DIR, `library-${name}.png`), fullPage: true });
  };

  /** The codes of a module's items, in order, as the API has them. */
  const moduleItemCodes = async (code: string) => (findInTree(await api.tree(), code)?.items ?? []).map((i: Json) => i.code);

  /** Chooses an option of a select; its accessible name starts with the label (then the current value). */
  const pick = async (label: string, optionName: string) => {
    await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
    await page.getByRole('option', { name: optionName, exact: true }).click();
  };

  const row = (name: string): Locator => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

  /** Whether the page is no wider than the window (no sideways scrolling). */
  const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  /** The cell showing a row's position in its module. */
  const orderOf = (name: string) => row(name).getByRole('cell').nth(3);

  /** Waits until the API has the module's items in this order (read again and again). */
  const expectModuleItems = (code: string, codes: string[]) =>
    expectEventually(
      () => moduleItemCodes(code),
      (items) => expect(items).toEqual(codes),
    );

  /** The question rules the API lists, once they are what the screens saved (the screens' writes are not this client's). */
  const expectQuestionRules = (rules: unknown[]) =>
    expectEventually(
      () => api.get('/api/question-rules'),
      (answer) => expect(answer.body).toEqual(rules),
    );

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    const token = t.adminToken();
    api = new LibraryApi(t, `Bearer ${token}`);
    // The trigger question exists before the administrator starts (the screens build the rest).
    const domain = await api.add({ type: 'domain', name: 'Family Life', shortName: 'Family' });
    await api.add({ type: 'question', domainId: domain.id, name: 'HOME CONFLICT', answers: ANSWERS });
    await api.add({ type: 'domain', name: 'School Life' });
    await t.settled();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: token, url: t.baseUrl! }]);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The test's own API reads wait for what the browser wrote (read-your-writes across both clients).
    page.on('response', (response) => {
      const position = response.headers()['x-event-position'];
      if (position) api.waitFor(Number(position));
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('adds a module with two questions through the dialog, with the server messages under the fields', async () => {
    await page.goto(`${t.baseUrl}/library`);
    await page.getByRole('table', { name: 'Question library' }).waitFor();
    // The export (DATA_FEED_SHOW; the administrator holds it) is on the library's header: data-feed/export/ tests it.
    await toBeEnabled(page.getByRole('button', { name: 'Export Approved Assessments' }));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await row('HOME CONFLICT').waitFor();
    await expectPageChecks(page, 'library');

    // The API's validation messages show under the fields.
    await page.getByRole('button', { name: 'Add to Family Life' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Module' }).check();
    await dialog.getByRole('spinbutton', { name: 'Minimum age' }).fill('12');
    await dialog.getByRole('spinbutton', { name: 'Maximum age' }).fill('8');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await toBeVisible(dialog.getByText('Description is required.'));
    await toBeVisible(dialog.getByText('The minimum age cannot be greater than the maximum age.'));
    await shot('dialog-errors');
    await expectAccessible(page, 'library item dialog');

    await dialog.getByRole('spinbutton', { name: 'Minimum age' }).fill('');
    await dialog.getByRole('spinbutton', { name: 'Maximum age' }).fill('');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Conflict Module');
    await dialog.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Opened when conflict at home needs action.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module was saved successfully.').waitFor();
    await row('Conflict Module').waitFor();

    for (const name of ['VERBAL CONFLICT', 'PHYSICAL CONFLICT']) {
      await page.getByRole('button', { name: 'Add to Conflict Module' }).click();
      await dialog.getByRole('radio', { name: 'Question' }).waitFor();
      await toBeChecked(dialog.getByRole('radio', { name: 'Question' }));
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: 'Description' }).click();
      await dialog.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type(`How often ${name.toLowerCase()} happens.`);
      for (const [rating, text] of Object.entries(ANSWERS)) {
        await dialog.getByRole('textbox', { name: `Answer ${rating === 'NA' ? 'N/A' : rating}` }).fill(text);
      }
      if (name === 'PHYSICAL CONFLICT') await shot('dialog-question');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row(name).waitFor();
    }
    // The screen's saves are not this client's writes: read until the API has them.
    await expectModuleItems('CONFLICT_MODULE', ['VERBAL_CONFLICT', 'PHYSICAL_CONFLICT']);
    const verbal = findInTree(await api.tree(), 'VERBAL_CONFLICT');
    expect(verbal.description).toMatch(/<(b|strong)>How often verbal conflict happens\.<\/(b|strong)>/);
    expect(verbal.answers).toMatchObject(ANSWERS);

    // Editing keeps the type locked.
    await page.getByRole('button', { name: 'Edit VERBAL CONFLICT' }).click();
    await toBeDisabled(dialog.getByRole('radio', { name: 'Module' }));
    await toHaveValue(dialog.getByRole('textbox', { name: 'Name', exact: true }), 'VERBAL CONFLICT');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('reorders the questions by drag and drop and by keyboard', async () => {
    await row('PHYSICAL CONFLICT').dragTo(row('VERBAL CONFLICT'), { targetPosition: { x: 40, y: 3 } });
    await expectModuleItems('CONFLICT_MODULE', ['PHYSICAL_CONFLICT', 'VERBAL_CONFLICT']);
    await toHaveText(orderOf('PHYSICAL CONFLICT'), '1');
    await toHaveText(orderOf('VERBAL CONFLICT'), '2');

    await page.getByRole('button', { name: 'Reorder PHYSICAL CONFLICT' }).focus();
    await page.keyboard.press('ArrowDown');
    await expectModuleItems('CONFLICT_MODULE', ['VERBAL_CONFLICT', 'PHYSICAL_CONFLICT']);
    await toHaveText(orderOf('PHYSICAL CONFLICT'), '2');
    await toHaveText(page.getByRole('status').filter({ hasText: 'moved' }), 'PHYSICAL CONFLICT moved to position 2 of 2.');
    // The handle keeps the focus, so the arrow keys go on moving the same row.
    await expectEventually(
      () => page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      (focused) => expect(focused).toBe('Reorder PHYSICAL CONFLICT'),
    );
    await page.keyboard.press('ArrowUp');
    await expectModuleItems('CONFLICT_MODULE', ['PHYSICAL_CONFLICT', 'VERBAL_CONFLICT']);
  });

  it('hides one question: its module and domain show the in-between state; switching the module on sets its questions', async () => {
    await page.getByRole('switch', { name: 'Visible: VERBAL CONFLICT' }).click();
    await toHaveAttribute(page.getByRole('switch', { name: 'Visible: VERBAL CONFLICT' }), 'aria-checked', 'false');
    await toHaveAttribute(page.getByRole('switch', { name: 'Visible: Conflict Module' }), 'aria-checked', 'mixed');
    await toHaveAttribute(page.getByRole('switch', { name: 'Visible: Family Life' }), 'aria-checked', 'mixed');
    await expectEventually(
      () => api.tree(),
      (tree) => expect(findInTree(tree, 'VERBAL_CONFLICT').visible).toBe(false),
    );

    // Switching the in-between module on sets all its questions; then hide the one question again.
    await page.getByRole('switch', { name: 'Visible: Conflict Module' }).click();
    await toHaveAttribute(page.getByRole('switch', { name: 'Visible: VERBAL CONFLICT' }), 'aria-checked', 'true');
    await toHaveAttribute(page.getByRole('switch', { name: 'Visible: Family Life' }), 'aria-checked', 'true');
    await page.getByRole('switch', { name: 'Visible: VERBAL CONFLICT' }).click();
    await toHaveAttribute(page.getByRole('switch', { name: 'Visible: Conflict Module' }), 'aria-checked', 'mixed');
    await expectEventually(fitsWidth, (fits) => expect(fits).toBe(true));
    await shot('tree');
  });

  it('adds a rule that shows the module when the trigger is rated 2 or 3', async () => {
    await page.goto(`${t.baseUrl}/library/questionRules`);
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await page.waitForURL(/\/library\/questionRulesAdd$/);
    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of ['Rule Name is required.', 'Description is required.', 'Domain is required.', 'Please choose the answsers']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expectPageChecks(page, 'question-rule-add');
    await toHaveCount(page.getByText('Please choose the module or question', { exact: true }), 2);
    await shot('rule-errors');

    await page.getByRole('textbox', { name: 'Rule Name' }).fill('Open the Conflict Module');
    await page.getByRole('textbox', { name: 'Description' }).fill('Home conflict rated 2 or 3 opens the module.');
    await pick('Domain', 'Family Life');
    await pick('Question', 'HOME CONFLICT');
    await page.getByRole('checkbox', { name: '2', exact: true }).check();
    await page.getByRole('checkbox', { name: '3', exact: true }).check();
    await pick('Show module', 'Family Life › Conflict Module');
    await shot('rule-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/library\/questionRules$/);
    await page.getByText('Question Rule was saved successfully.').waitFor();
    await page.getByRole('cell', { name: 'Open the Conflict Module', exact: true }).waitFor();
    await shot('rules');
    await expectPageChecks(page, 'question-rules');

    await expectQuestionRules([
      expect.objectContaining({
        name: 'Open the Conflict Module',
        answers: ['2', '3'],
        action: 'show',
        triggerQuestionCode: 'HOME_CONFLICT',
        targetModuleCode: 'CONFLICT_MODULE',
        triggerModuleId: null,
      }),
    ]);
  });

  it('edits the rule: a trigger module locks the show module, a new trigger domain clears the choices', async () => {
    await page.getByRole('link', { name: 'Edit Open the Conflict Module' }).click();
    await page.waitForURL(/\/library\/questionRulesEdit\/[0-9a-f-]{36}$/);
    const ruleName = page.getByRole('textbox', { name: 'Rule Name' });
    await toHaveValue(ruleName, 'Open the Conflict Module');
    await toBeChecked(page.getByRole('checkbox', { name: '2', exact: true }));
    const showModule = page.getByRole('combobox', { name: /^Show module/ });
    // The module options load after the rule itself.
    await toContainText(showModule, 'Family Life › Conflict Module');

    await pick('Module', 'Conflict Module');
    await toHaveAttribute(showModule, 'aria-disabled', 'true');
    await toContainText(showModule, 'Family Life › Conflict Module');
    await expectEventually(
      () => page.getByRole('combobox', { name: /^Question/ }).textContent(),
      (text) => expect(text).not.toContain('HOME CONFLICT'),
    );
    await pick('Module', 'None (a question of the domain)');
    await toHaveAttribute(showModule, 'aria-disabled', null);

    await pick('Question', 'HOME CONFLICT');
    await page.getByRole('checkbox', { name: '3', exact: true }).check();
    await pick('Show module', 'Family Life › Conflict Module');
    await pick('Show question', 'PHYSICAL CONFLICT');
    await pick('Domain', 'School Life');
    await expectEventually(
      () => page.getByRole('combobox', { name: /^Question/ }).textContent(),
      (text) => expect(text).not.toContain('CONFLICT'),
    );
    await toBeChecked(page.getByRole('checkbox', { name: '3', exact: true }), false);
    await expectEventually(
      () => page.getByRole('combobox', { name: /^Show question/ }).textContent(),
      (text) => expect(text).not.toContain('PHYSICAL CONFLICT'),
    );
    await shot('rule-edit');
    await expectPageChecks(page, 'question-rule-edit');

    // Cancel keeps the rule; a saved edit changes it.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/library\/questionRules$/);
    await page.getByRole('link', { name: 'Edit Open the Conflict Module' }).click();
    await toHaveValue(page.getByRole('textbox', { name: 'Description' }), 'Home conflict rated 2 or 3 opens the module.');
    await page.getByRole('textbox', { name: 'Description' }).fill('Conflict at home rated 2 or 3 opens the Conflict Module.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/library\/questionRules$/);
    await page.getByRole('cell', { name: 'Conflict at home rated 2 or 3 opens the Conflict Module.' }).waitFor();
    await expectQuestionRules([
      expect.objectContaining({
        description: 'Conflict at home rated 2 or 3 opens the Conflict Module.',
        answers: ['2', '3'],
        questionId: null,
      }),
    ]);
  });

  it('the evaluator page and POST /api/library/evaluate show the module triggered for 2 or 3', async () => {
    await page.getByRole('link', { name: 'Try the rules' }).click();
    await pick('Question', 'Family Life › HOME CONFLICT');
    await pick('Rating', '2');
    await page.getByRole('button', { name: 'Evaluate' }).click();
    const triggered = page.getByRole('list', { name: 'Triggered modules' });
    await triggered.getByText('Conflict Module').waitFor();
    await toBeVisible(triggered.getByText('1 question(s): PHYSICAL CONFLICT'));
    await shot('evaluator');
    await expectPageChecks(page, 'rule-evaluator');

    for (const answer of ['2', '3']) {
      const evaluation = await api.evaluate({ answers: { HOME_CONFLICT: answer }, childAgeYears: 10 });
      expect(evaluation.status).toBe(200);
      // The hidden question stays hidden inside the triggered module.
      expect(evaluation.body.triggeredModules).toEqual([
        expect.objectContaining({ code: 'CONFLICT_MODULE', showQuestions: ['PHYSICAL_CONFLICT'] }),
      ]);
    }
    const calm = await api.evaluate({ answers: { HOME_CONFLICT: '1' }, childAgeYears: 10 });
    expect(calm.body.triggeredModules).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('sets the caregiver flag, deletes after a warning, and refuses to delete what a rule uses', async () => {
    await page.goto(`${t.baseUrl}/library`);
    await page.getByRole('switch', { name: "Caregiver's item: School Life" }).click();
    await page.getByText('Domain was saved successfully.').waitFor();
    await expectEventually(
      () => api.tree(),
      (tree) => expect(findInTree(tree, 'SCHOOL_LIFE').caregiverItem).toBe(true),
    );

    await page.getByRole('button', { name: 'Delete School Life' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Warning').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Domain was deleted successfully.').waitFor();
    await row('School Life').waitFor({ state: 'detached' });

    // The rule uses the module: the server refuses and names the rule.
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByRole('button', { name: 'Delete Conflict Module' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').filter({ hasText: 'Open the Conflict Module' }).waitFor();
    // Every write so far projected: a delete that had gone through would show.
    await t.caughtUp();
    expect(findInTree(await api.tree(), 'CONFLICT_MODULE')).toBeDefined();

    // Once the rule is deleted (from the rule list), the module goes.
    await page.goto(`${t.baseUrl}/library/questionRules`);
    await page.getByRole('button', { name: 'Delete Open the Conflict Module' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Question Rule was deleted successfully.').waitFor();
    await expectQuestionRules([]);
    await page.goto(`${t.baseUrl}/library`);
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByRole('button', { name: 'Delete Conflict Module' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Module was deleted successfully.').waitFor();
    await expectEventually(
      () => api.tree(),
      (tree) => {
        expect(findInTree(tree, 'CONFLICT_MODULE')).toBeUndefined();
        expect(findInTree(tree, 'PHYSICAL_CONFLICT')).toBeUndefined();
      },
    );
  });

  it('shows a rule manager without Library_Manage only the rules', async () => {
    const ruleManager = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await ruleManager.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: t.tokenFor(['Rule_Manage']), url: t.baseUrl! }]);
    await t.settled();
    const rulesPage = await ruleManager.newPage();
    await rulesPage.goto(`${t.baseUrl}/library`);
    await rulesPage.waitForURL(/\/library\/questionRules$/);
    await rulesPage.getByRole('link', { name: 'Add', exact: true }).waitFor();
    await toHaveCount(rulesPage.getByRole('menuitem', { name: 'Question Rules' }), 1);
    await toHaveCount(rulesPage.getByRole('menuitem', { name: 'Question Library' }), 0);
    await rulesPage.goto(`${t.baseUrl}/library/questionLibrary`);
    await rulesPage.getByText('OOPS!').waitFor();
    await ruleManager.close();
  });

  it('shows the seeded instrument once the seed has run', async () => {
    await seedDemoData(t.app.get(CommandBus));
    const seededCodes = seedInstrument.domains.map((d) => d.code);
    // The seed wrote past what this client has seen: wait for the read model before loading the page.
    const allSeeded = async () => {
      const tree = await api.tree();
      return seededCodes.every((code) => findInTree(tree, code) !== undefined);
    };
    await expectEventually(allSeeded, (all) => expect(all).toBe(true));
    await page.goto(`${t.baseUrl}/library`);
    await page.reload();
    await row(seedInstrument.domains[0].name).first().waitFor();
    await page.getByRole('button', { name: 'Expand all' }).click();
    for (const domain of seedInstrument.domains) await row(domain.name).first().waitFor();
    await expectEventually(
      () => page.getByRole('switch', { name: /^Visible: / }).count(),
      (count) => expect(count).toBeGreaterThan(seedInstrument.domains.length * 3),
    );
    await expectEventually(fitsWidth, (fits) => expect(fits).toBe(true));
    await shot('seeded');
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await shot('seeded-collapsed');
    expect(pageErrors).toEqual([]);
  });
});
