/**
 * The page checks themselves, on pages written here: a serious axe violation fails (in a dialog too), a clean page
 * passes, and a page wider than a checked width fails the layout check — so the specs' checks cannot pass vacuously.
 */
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium } from './browser';
import { expectAccessible, expectFitsAllWidths, expectNoHorizontalOverflow } from './page-checks';

/** A fault on a static page is there at once: no need to wait for the page to settle. */
const AT_ONCE_MS = 500;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;

describeInBrowser('Page checks (axe and widths) on pages with known faults', () => {
  jest.setTimeout(60_000);
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    tab = await browser.newPage({ viewport: { width: 1024, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('passes a clean page', async () => {
    await tab.setContent(page('<button type="button">Save</button><label>Name <input name="name"></label>'));
    await expectAccessible(tab, 'clean page');
    await expectFitsAllWidths(tab, 'clean page');
  });

  it('fails a button without a name and an input without a label, naming the rule and the element', async () => {
    await tab.setContent(page('<button type="button" id="nameless"></button>'));
    await expect(expectAccessible(tab, 'nameless button', AT_ONCE_MS)).rejects.toThrow(
      /nameless button:\n- critical button-name[\s\S]*#nameless/,
    );
    await tab.setContent(page('<div role="dialog" aria-modal="true" aria-label="Edit"><input id="unlabelled"></div>'));
    await expect(expectAccessible(tab, 'dialog', AT_ONCE_MS)).rejects.toThrow(/critical label[\s\S]*#unlabelled/);
  });

  it('fails low contrast text (serious)', async () => {
    await tab.setContent(page('<p id="faint" style="color:#ccc;background:#fff">Hard to read</p>'));
    await expect(expectAccessible(tab, 'faint text', AT_ONCE_MS)).rejects.toThrow(/serious color-contrast[\s\S]*#faint/);
  });

  it('fails a page that scrolls sideways at 375 px', async () => {
    await tab.setContent(page('<div style="width:600px">Wide</div>'));
    await expectNoHorizontalOverflow(tab, 'wide page'); // fits at 1024 px
    await tab.setViewportSize({ width: 375, height: 800 });
    await expect(expectNoHorizontalOverflow(tab, 'wide page')).rejects.toThrow(/wide page scrolls sideways at 375 px/);
    await tab.setViewportSize({ width: 1024, height: 800 });
  });
});
