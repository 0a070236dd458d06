/**
 * The analyst's whole flow in headless Chromium (issue 30 "Done when"), over the demo data and a history of SUICIDE_RISK
 * ratings seeded in the log — part of it recorded in 2025: the administrator (an Analytics_Author) writes the browser
 * tutorial's projection (children whose SUICIDE_RISK went from 3 to 0 between consecutive approved assessments, per
 * agency and quarter), previews it, publishes it, watches its build's progress bar, reads the table on the Analytics
 * page, downloads the CSV and replays it as of a past date. Every figure is recounted from the stored events without
 * the sandbox (tutorial-projection.test-support.ts); small cells read "< 5". Page checks on both pages.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { recountSuicideRiskResolved, tutorialProjectionCode } from '@cans/projections/analytics/sandbox/tutorial-projection.test-support';
import { describeInBrowser, demoDataInBrowser } from '../../../test-support/browser';
import { expectEventually } from '../../../test-support/eventually';
import { expectPageChecks } from '../../../test-support/page-checks';
import { LibraryStateService } from '../../library/library-stream/library-state.service';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { appendSuicideRiskApprovals } from './suicide-risk-history.test-support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PAST_DAY = '2025-06-30';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeInBrowser('An analyst writes, previews, publishes, reads and replays a projection (headless Chromium)', () => {
  jest.setTimeout(300_000);
  const app = demoDataInBrowser();

  async function allEvents(events: EventStore): Promise<RecordedEvent[]> {
    const all: RecordedEvent[] = [];
    for (let page = await events.readAll(0, 5_000); page.length; page = await events.readAll(all[all.length - 1].position, 5_000))
      all.push(...page);
    return all;
  }

  it('from the editor to the replay, every figure as recounted from the events', async () => {
    const { t } = app;
    const events = t.app.get<EventStore>(EVENT_STORE);
    const { instrument, rules } = await t.app.get(LibraryStateService).currentInstrument();
    const agencies = ((await t.http().get('/api/agencies').set('Authorization', `Bearer ${t.adminToken()}`)).body as Json[]).map((a) => ({
      id: String(a.id),
      name: String(a.displayName),
    }));
    // Eight children rated 3 in February 2025; six of them (one agency) 0 in May 2025, two (another) 0 today.
    const pids = Array.from({ length: 8 }, (_, i) => `PID-FLOW-${i}`);
    const agencyOf = (pid: string) => (pids.indexOf(pid) < 6 ? agencies[0].id : agencies[1].id);
    const library = { instrument, rules };
    await appendSuicideRiskApprovals(events, library, { pids, agencyOf, rating: '3', recordedAt: '2025-02-10T10:00:00.000Z' });
    await appendSuicideRiskApprovals(events, library, {
      pids: pids.slice(0, 6),
      agencyOf,
      rating: '0',
      recordedAt: '2025-05-12T10:00:00.000Z',
    });
    await appendSuicideRiskApprovals(events, library, { pids: pids.slice(6), agencyOf, rating: '0' });
    const recount = recountSuicideRiskResolved(await allEvents(events));
    expect(recount.get(`${agencies[0].id}|2025-Q2`)).toBe(6);

    // Write it (the tutorial's code, typed into the editor) and preview it.
    const page = await app.signedIn(ADMINISTRATOR_ID);
    await page.goto(`${t.baseUrl}/analytics/new`);
    const editor = page.getByRole('textbox', { name: 'Projection code (JavaScript)' });
    await expectEventually(
      () => editor.innerText(),
      (code) => expect(code).toContain('const collections'),
    );
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(tutorialProjectionCode());
    await page.getByRole('button', { name: 'Preview' }).click();
    const previewTable = page.getByRole('region', { name: 'Rows of SUICIDE_RISK from 3 to 0, per agency and quarter' });
    await previewTable.getByRole('cell', { name: '6', exact: true }).waitFor();

    // Publish it, and see its build's progress bar until it is live.
    await page.evaluate(() => {
      const seen = window as unknown as { buildProgressSeen?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"][aria-label^="Build progress of"]')) seen.buildProgressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const publish = page.getByRole('region', { name: 'Publish', exact: true });
    await publish.getByRole('textbox', { name: 'Name' }).fill('suicide-risk-resolved');
    await publish.getByRole('textbox', { name: 'Label' }).fill('Suicide risk resolved');
    await publish.getByRole('textbox', { name: 'Description' }).fill('Children whose SUICIDE_RISK went from 3 to 0');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await publish.getByText(/Version 1 is live/).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { buildProgressSeen?: boolean }).buildProgressSeen)).toBe(true);
    await expectPageChecks(page, 'new projection, published');

    // Read it on the Analytics page: the table, then the CSV.
    await publish.getByRole('link', { name: 'Open version 1 in Analytics' }).click();
    await page.waitForURL(/\/analytics\?projection=suicide-risk-resolved$/);
    const table = page.getByRole('region', { name: /Suicide risk resolved/ });
    await expectEventually(
      async () => (await table.getByRole('row').allInnerTexts()).slice(1),
      (rows) => expect(rows).toHaveLength(recount.size),
    );
    const shown = (await table.getByRole('row').allInnerTexts()).slice(1).join('\n');
    expect(shown).toMatch(new RegExp(`${escaped(agencies[0].name)}[^\\n]*2025-Q2[^\\n]*\\t6`));
    expect(shown).toContain('< 5');
    await expectPageChecks(page, 'analytics, a published projection');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = parse(await readFile((await (await downloading).path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(new Map(csv.map((line) => [line.id, line.children]))).toEqual(
      new Map([...recount].map(([key, children]) => [key, children >= 5 ? String(children) : '< 5'])),
    );

    // Replay it as of the end of 30 June 2025, and show those figures.
    const replay = page.getByRole('region', { name: 'Replay as of a past date' });
    await replay.getByLabel('Until the end of').fill(PAST_DAY);
    await replay.getByRole('button', { name: 'Replay' }).click();
    await replay.getByRole('button', { name: 'Show these figures' }).click({ timeout: 60_000 });
    const replayed = recountSuicideRiskResolved(await allEvents(events), `${PAST_DAY}T23:59:59.999Z`);
    expect([...replayed]).toEqual([[`${agencies[0].id}|2025-Q2`, 6]]);
    await expectEventually(
      async () => (await table.getByRole('row').allInnerTexts()).slice(1),
      (rows) => {
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatch(new RegExp(`${escaped(agencies[0].name)}[^\\n]*2025-Q2[^\\n]*\\t6`));
      },
    );
  });
});
