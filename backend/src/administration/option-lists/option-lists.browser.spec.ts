/**
 * Option value lists (/setting/optionValue, issue 14) in headless Chromium over the demo data: the menu entry, the
 * two lists, the spec's message for an empty name, add, inline rename by keyboard (Ok with Enter, Cancel with
 * Escape restoring the saved name), the refusal (in plain words) to delete an option the demo assessments use, the
 * delete of an unused one, the route closed to a user without Label_Config, and the page checks (axe, no sideways
 * scrolling at 375, 1024 and 1440 px) on the page, an open rename and the delete confirmation.
 */
import type { Locator } from 'playwright-core';
import { DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { demoDataInBrowser, describeInBrowser } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { toHaveCount, toHaveValue } from '../../../test-support/eventually';

describeInBrowser('Option value lists in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  const demo = demoDataInBrowser();
  const { errors, signedIn } = demo;
  const row = (list: Locator, id: string) =>
    list.getByRole('row').filter({ has: list.page().getByRole('cell', { name: id, exact: true }) });

  it('an administrator adds, renames and deletes options; one the assessments use stays, saying why', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${demo.t.baseUrl}/library`);
    await admin.getByRole('menuitem', { name: 'Option Lists' }).click();
    await admin.waitForURL(/\/setting\/optionValue$/);
    const initialized = admin.getByRole('region', { name: 'Initialized' });
    const fosterCare = admin.getByRole('region', { name: 'Foster Care Status' });
    await initialized.getByRole('cell', { name: 'Initial Assessment', exact: true }).waitFor();
    await fosterCare.getByRole('cell', { name: 'Emergency protection order', exact: true }).first().waitFor();
    await expectPageChecks(admin, 'setting-option-lists');

    // Add: the server's message for an empty name beside the field, then an item under the next number.
    const newType = initialized.getByRole('textbox', { name: 'New Initialized option' });
    await initialized.getByRole('button', { name: 'Add' }).click();
    await initialized.getByText('Option Value is required.').waitFor();
    await newType.fill('Review Assessment');
    await newType.press('Enter');
    await initialized.getByRole('cell', { name: 'Review Assessment', exact: true }).waitFor();
    await toHaveCount(row(initialized, '65').getByRole('cell', { name: 'Review Assessment', exact: true }), 1);
    await toHaveValue(newType, '');
    // Foster Care Status keys its items by name, as its defaults are keyed: a new status's id is its name.
    const newStatus = fosterCare.getByRole('textbox', { name: 'New Foster Care Status option' });
    await newStatus.fill('Section 38');
    await newStatus.press('Enter');
    await toHaveCount(
      fosterCare
        .getByRole('row')
        .filter({ has: admin.getByRole('cell', { name: 'Section 38', exact: true }) })
        .getByRole('cell', { name: 'Section 38', exact: true }),
      2,
    );

    // Rename by keyboard: Escape restores the saved name, Enter saves (Ok).
    await initialized.getByRole('button', { name: 'Rename Review Assessment' }).focus();
    await admin.keyboard.press('Enter');
    const name = initialized.getByRole('textbox', { name: 'Name' });
    await name.fill('Something else');
    await name.press('Escape');
    await name.waitFor({ state: 'detached' });
    await initialized.getByRole('cell', { name: 'Review Assessment', exact: true }).waitFor();
    await initialized.getByRole('button', { name: 'Rename Review Assessment' }).click();
    await name.fill('  ');
    await initialized.getByRole('button', { name: 'Ok' }).click();
    await initialized.getByText('Option Value is required.').waitFor();
    await expectPageChecks(admin, 'setting-option-lists-rename');
    await name.fill('Six-month Review');
    await name.press('Enter');
    await initialized.getByRole('cell', { name: 'Six-month Review', exact: true }).waitFor();

    // The demo assessments use Initial Assessment: it stays, and the message says how many and what to do instead.
    await initialized.getByRole('button', { name: 'Delete Initial Assessment' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete option' });
    await confirm.getByText('Delete the option "Initial Assessment" from Initialized?').waitFor();
    await expectPageChecks(admin, 'setting-option-lists-delete');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await initialized
      .getByRole('alert')
      .getByText(
        /^This option cannot be deleted: \d+ assessments? uses? it\. Rename it instead: the assessments that use it will show the new name\.$/,
      )
      .waitFor();
    await toHaveCount(initialized.getByRole('cell', { name: 'Initial Assessment', exact: true }), 1);

    await initialized.getByRole('button', { name: 'Delete Six-month Review' }).click();
    await admin.getByRole('dialog', { name: 'Delete option' }).getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('Deleted successfully!').waitFor();
    await initialized.getByRole('cell', { name: 'Six-month Review', exact: true }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('a case worker (no Label_Config) has no menu entry, and the route shows the 404 page', async () => {
    const worker = await signedIn(DEMO_USER_IDS.worker1);
    await worker.goto(`${demo.t.baseUrl}/setting/optionValue`);
    await worker.getByRole('heading', { name: 'OOPS!' }).waitFor();
    await toHaveCount(worker.getByRole('menuitem', { name: 'Option Lists' }), 0);
    expect(errors).toEqual([]);
  });
});
