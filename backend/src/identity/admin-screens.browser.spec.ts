/**
 * The administration screens in headless Chromium (issue 10, findings 5, 8 and 9), over the demo data: the user
 * group form's privilege message, the users' View button and read-only view, the System Log's Search button and
 * IPv4 addresses, the groups a Supervisor Admin may assign, and the page checks (axe, no sideways scrolling at
 * 375, 1024 and 1440 px) on every page and dialog visited.
 */
import type { Page } from 'playwright-core';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { demoDataInBrowser, describeInBrowser } from '../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../test-support/page-checks';
import { appendRawEvents } from '../../test-support/test-app';
import { systemActor } from '../platform/commands/actor';
import { CredentialEvents } from '@cans/domain/identity/credentials.events';
import { unknownLoginStreamId } from './authentication/sign-in-lockout';
import { expectEventually, toHaveAttribute, toHaveCount, toHaveText } from '../../test-support/eventually';

describeInBrowser('Administration screens in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  const demo = demoDataInBrowser();
  const { errors, signedIn } = demo;

  const open = (page: Page, path: string) => page.goto(`${demo.t.baseUrl}${path}`);

  it('user group without privileges: the message reads plainly beside the privileges', async () => {
    const admin = await signedIn('1');
    await open(admin, '/user-groups');
    await admin.getByRole('cell', { name: 'Direct Care Worker', exact: true }).waitFor();
    await expectPageChecks(admin, 'user-groups');
    await open(admin, '/user-groups/create');
    await admin.getByLabel('User group name').fill('Night Shift');
    await admin.getByRole('list', { name: 'Access Privileges' }).getByRole('checkbox', { name: 'Setting', exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    const message = admin.getByRole('alert').filter({ hasText: 'Please select at least one privilege.' });
    await toHaveText(message, 'Please select at least one privilege.');
    await toHaveCount(admin.getByText('@@react-admin@@'), 0);
    await expectPageChecks(admin, 'user-group-create');
    expect(errors).toEqual([]);
  });

  it('users: a View button on every row (User_View) opens the read-only user; Edit stays for those one manages', async () => {
    const admin = await signedIn('1');
    await open(admin, '/users');
    await admin.getByRole('link', { name: 'Edit Jamie Carter' }).waitFor();
    await expectPageChecks(admin, 'users');
    await admin.getByRole('link', { name: 'View Jamie Carter' }).click();
    // The list shows the email too: wait for the show page's own address before reading it.
    await admin.waitForURL(/\/users\/[^/]+\/show$/);
    await admin.getByRole('main').getByText('worker1@example.org').waitFor();
    await admin.getByRole('main').getByRole('textbox').first().waitFor({ state: 'detached' });
    await toHaveCount(admin.getByRole('main').getByRole('textbox'), 0); // read-only: no inputs
    await admin.getByText('Sofia Martinez', { exact: true }).waitFor(); // the supervisor
    await expectPageChecks(admin, 'user-show');
    await open(admin, '/users/create');
    await admin.getByLabel('First name').waitFor();
    await expectPageChecks(admin, 'user-create');
    // Required fields carry a mark only; the server checks them (a name of spaces is empty once trimmed) and its own
    // message shows beside each field.
    await admin.getByLabel('First name').fill('   ');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('First name is required.').waitFor();
    await admin.getByText('Username is required.').waitFor();

    // A Supervisor Admin: View on everyone, Edit only below; the new-user form offers only assignable groups.
    const lead = await signedIn(DEMO_USER_IDS['supervisor.admin']);
    await open(lead, '/users');
    await lead.getByRole('link', { name: 'Edit Jamie Carter' }).waitFor();
    await lead.getByRole('link', { name: 'View Sam Stateman' }).waitFor();
    await toHaveCount(lead.getByRole('link', { name: 'Edit Sam Stateman' }), 0);
    await open(lead, '/users/create');
    await lead.getByRole('combobox', { name: 'User group' }).click();
    await lead.getByRole('option', { name: 'Direct Care Worker' }).waitFor();
    await expectEventually(
      () => lead.getByRole('option').allTextContents(),
      (offered) => {
        for (const name of ['System Administrator', 'State Administrator']) expect(offered).not.toContain(name);
      },
    );
    await expectAccessible(lead, 'user group choices');
    await lead.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('users: the agency is chosen on Add User and read-only on Edit (spec 002)', async () => {
    const admin = await signedIn('1');
    await open(admin, '/users/create');
    const created = admin.getByRole('combobox', { name: 'Agency' });
    await created.waitFor();
    await expectEventually(
      (timeout) => created.getAttribute('aria-disabled', { timeout }),
      (disabled) => expect(disabled).not.toBe('true'),
    );
    await open(admin, '/users');
    await admin.getByRole('link', { name: 'Edit Jamie Carter' }).click();
    await admin.waitForURL(/\/users\/[^/]+$/);
    const agency = admin.getByRole('combobox', { name: 'Agency' });
    await agency.waitFor();
    await admin.getByText('The agency of a user cannot be changed.').waitFor();
    // react-admin renders a read-only select as a disabled one: it does not open.
    await toHaveAttribute(agency, 'aria-disabled', 'true');
    await toHaveText(agency, 'Northside');
    await expectPageChecks(admin, 'user-edit-agency');
    expect(errors).toEqual([]);
  });

  it('system log: filters apply on Search, not while typing; addresses show in IPv4 form (old events too)', async () => {
    // An event recorded before the server normalised client IPs: the address as a dual-stack socket gave it.
    await appendRawEvents(
      demo.t.app,
      unknownLoginStreamId('legacy-login'),
      [{ type: CredentialEvents.SignInFailed, data: { userId: null, login: 'legacy-login', reason: 'unknown-user' } }],
      'any',
      { ...systemActor(), ip: '::ffff:127.0.0.1' },
    );
    const admin = await signedIn('1');
    // The page's own clock (time flows as usual until told otherwise): typing is then followed by more time than
    // any debounce (react-admin's filter inputs wait 500 ms) without the test waiting for it.
    await admin.clock.install();
    const listRequests: string[] = [];
    admin.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/system-log') listRequests.push(decodeURIComponent(request.url()));
    });
    await open(admin, '/system-log');
    const legacyRow = admin.getByRole('row', { name: /legacy-login/ });
    await legacyRow.waitFor();
    await toHaveCount(legacyRow.getByRole('cell', { name: '127.0.0.1', exact: true }), 1);
    await toHaveCount(admin.getByText('::ffff:'), 0);
    await expectPageChecks(admin, 'system-log');

    // Typing alone asks for nothing: a name typed and left for a minute of the page's time, then another searched
    // for; once that search shows, the list was never asked for the first name.
    const username = admin.getByRole('textbox', { name: 'Username' });
    await username.fill('no-such-user');
    await admin.clock.runFor('01:00');
    await username.fill('legacy');
    await admin.getByRole('button', { name: 'Search' }).click();
    await toHaveCount(admin.getByRole('row'), 2); // the header and the one match
    await legacyRow.waitFor();
    expect(listRequests.filter((url) => url.includes('no-such-user'))).toEqual([]);

    // Search applies what was typed (and the requests seen above are the list's: this one is among them).
    await username.fill('no-such-user');
    await admin.getByRole('button', { name: 'Search' }).click();
    await legacyRow.waitFor({ state: 'detached' });
    expect(listRequests.filter((url) => url.includes('no-such-user'))).not.toEqual([]);
    expect(errors).toEqual([]);
  });

  /** Texts cut short: an element narrower than its text whose cut is not shown by an ellipsis, or any menu label. */
  const clippedTexts = (page: Page) =>
    page.evaluate(() => {
      const cut: string[] = [];
      for (const label of Array.from(document.querySelectorAll<HTMLElement>('.RaMenu-open .MuiMenuItem-root .MuiTypography-root')))
        if (label.scrollWidth > label.clientWidth + 1) cut.push(`menu: ${label.textContent}`);
      // The title ends before the app bar's buttons; a title longer than that is cut with an ellipsis.
      const title = document.querySelector<HTMLElement>('#react-admin-title');
      const firstButton = document.querySelector<HTMLElement>('header button[aria-label="Help"], header [aria-label="Help"]');
      if (title && firstButton && title.getBoundingClientRect().right > firstButton.getBoundingClientRect().left + 1)
        cut.push(`title under the buttons: ${title.textContent}`);
      // An ellipsis shows only where the cut falls in inline text: not inside an inline-block (react-admin wraps titles in one).
      if (title && title.scrollWidth > title.clientWidth + 1) {
        const boxed = Array.from(title.querySelectorAll<HTMLElement>('*')).some(
          (element) => getComputedStyle(element).display !== 'inline' && element.scrollWidth > title.clientWidth + 1,
        );
        if (boxed || getComputedStyle(title).textOverflow !== 'ellipsis') cut.push(`title without an ellipsis: ${title.textContent}`);
      }
      return cut;
    });

  it('shows menu labels whole at every width, ends a cut app-bar title with an ellipsis, and keeps rows clear of the "+"', async () => {
    const admin = await signedIn(DEMO_USER_IDS['state.admin']);
    await open(admin, '/users');
    await admin.getByRole('link', { name: 'Edit Jamie Carter' }).waitFor();
    const menuButton = admin.getByRole('button', { name: 'Open menu' });
    for (const width of [1440, 1024, 375]) {
      await admin.setViewportSize({ width, height: 800 });
      if (width < 992) {
        await menuButton.click();
        await admin.getByRole('menuitem', { name: 'Overdue & Follow-up' }).waitFor();
      }
      await expectEventually(
        () => clippedTexts(admin),
        (cut) => expect(cut).toEqual([]),
      );
    }
    await admin.keyboard.press('Escape');
    await admin.getByRole('menuitem', { name: 'Overdue & Follow-up' }).waitFor({ state: 'hidden' });
    // At 375 px the app bar's title is cut: with an ellipsis (checked above, the drawer closed too).
    await expectEventually(
      () => clippedTexts(admin),
      (cut) => expect(cut).toEqual([]),
    );
    // Scrolled to the end, the last row's actions are not under the floating "+".
    // Read again until the layout has settled (the drawer just closed, the page may still grow).
    await expectEventually(
      async () => {
        await admin.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return [await admin.getByRole('link', { name: 'Add User' }).boundingBox(), await admin.getByRole('row').last().boundingBox()];
      },
      ([create, lastRow]) => {
        expect(create && lastRow).toBeTruthy();
        const overlaps = create!.y < lastRow!.y + lastRow!.height && lastRow!.y < create!.y + create!.height;
        expect(overlaps).toBe(false);
      },
    );
    expect(errors).toEqual([]);
  });
});
