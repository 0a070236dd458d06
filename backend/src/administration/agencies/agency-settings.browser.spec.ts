/**
 * Agency Management (/setting/agency, issue 14) in headless Chromium over the demo data: the menu entry, the
 * dialog's required-field messages, add, edit, delete of an unused agency, the refusal (in plain words) of an
 * agency its users belong to, the route closed to a user without Agency, and the page checks (axe, no sideways
 * scrolling at 375, 1024 and 1440 px) on the list and the dialog.
 */
import { DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { demoDataInBrowser, describeInBrowser } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { toHaveCount } from '../../../test-support/eventually';

describeInBrowser('Agency Management in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  const demo = demoDataInBrowser();
  const { errors, signedIn } = demo;

  it('an administrator adds, renames and deletes an agency; one that users belong to stays, saying why', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${demo.t.baseUrl}/library`);
    await admin.getByRole('menuitem', { name: 'Agencies' }).click();
    await admin.waitForURL(/\/setting\/agency$/);
    await admin.getByRole('cell', { name: 'Northside Family Services', exact: true }).waitFor();
    await expectPageChecks(admin, 'setting-agency');

    // The dialog, by keyboard: the spec's messages before any round trip.
    await admin.getByRole('button', { name: 'Add' }).focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: 'Add Agency' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Agency name is required.').waitFor();
    await dialog.getByText('Agency display name is required.').waitFor();
    await expectPageChecks(admin, 'setting-agency-dialog');
    await dialog.getByLabel('Name').first().fill('Hillside Family Partners');
    await dialog.getByLabel('Display Name').fill('Hillside');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('cell', { name: 'Hillside Family Partners', exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Edit Hillside Family Partners' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Agency' });
    await edit.getByLabel('Display Name').fill('Hillside FP');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await admin.getByRole('cell', { name: 'Hillside FP', exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Delete Hillside Family Partners' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('Deleted successfully!').waitFor();
    await admin.getByRole('cell', { name: 'Hillside Family Partners', exact: true }).waitFor({ state: 'detached' });

    // The demo case workers belong to Northside: it stays, and the message says why.
    await admin.getByRole('button', { name: 'Delete Northside Family Services' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await admin
      .getByText(/This agency cannot be deleted: \d+ users? and \d+ assessments? belong to it\. Move them to another agency first\./)
      .waitFor();
    await toHaveCount(admin.getByRole('cell', { name: 'Northside Family Services', exact: true }), 1);
    expect(errors).toEqual([]);
  });

  it('a case worker (no Agency privilege) has no menu entry, and the route shows the 404 page', async () => {
    const worker = await signedIn(DEMO_USER_IDS.worker1);
    await worker.goto(`${demo.t.baseUrl}/setting/agency`);
    await worker.getByRole('heading', { name: 'OOPS!' }).waitFor();
    await toHaveCount(worker.getByRole('menuitem', { name: 'Agencies' }), 0);
    expect(errors).toEqual([]);
  });
});
