/**
 * The page's rich-text sanitiser (frontend/src/shared/sanitize-html.ts, DOMPurify with the server's allow-list), as
 * the browser runs it: the module is bundled as the app's build would, loaded into headless Chromium, and given the
 * OWASP XSS filter-evasion cases the server's sanitiser is checked against (issue 28 item 17). Its output must be
 * markup the policy allows, and it must keep what the server keeps (a safe link, a PNG picture, formatting).
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { OWASP_VECTORS, policyBreaches } from '@cans/domain/library/rich-text-xss-cases';
import { describeInBrowser, launchChromium } from '../../test-support/browser';

const REPO = resolve(__dirname, '../../..');

/** The page's sanitiser as one script that sets window.sanitizeHtml. */
async function bundledSanitiser(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import { sanitizeHtml } from './frontend/src/shared/sanitize-html';\n(window as any).sanitizeHtml = sanitizeHtml;",
      resolveDir: REPO,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    alias: { '@cans/domain/library/rich-text-policy': resolve(REPO, 'domain/src/library/rich-text-policy.ts') },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

describeInBrowser("The page's rich-text sanitiser in headless Chromium", () => {
  jest.setTimeout(60_000);
  let browser: Browser;
  let tab: Page;
  const sanitise = (html: string) =>
    tab.evaluate((input) => (window as unknown as { sanitizeHtml: (h: string) => string }).sanitizeHtml(input), html);

  beforeAll(async () => {
    const script = await bundledSanitiser();
    browser = await launchChromium();
    tab = await browser.newPage();
    await tab.setContent('<!doctype html><html lang="en"><head><title>Sanitiser</title></head><body></body></html>');
    await tab.addScriptTag({ content: script });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns every OWASP case into markup the policy allows, stable on a second pass', async () => {
    const breaches: string[] = [];
    for (const vector of OWASP_VECTORS) {
      const output = await sanitise(vector);
      for (const breach of policyBreaches(output)) breaches.push(`${vector} → ${output}: ${breach}`);
      if ((await sanitise(output)) !== output) breaches.push(`${vector} → ${output}: changes on a second pass`);
    }
    expect(breaches).toEqual([]);
  });

  it('keeps what the server keeps: formatting, a safe link, a PNG picture; drops a picture from elsewhere', async () => {
    expect(await sanitise('<p>One <strong>two</strong></p><ul><li>a</li></ul>')).toBe('<p>One <strong>two</strong></p><ul><li>a</li></ul>');
    expect(await sanitise('<a href="https://example.org/" onclick="alert(1)" target="_blank">ok</a>')).toBe(
      '<a href="https://example.org/" rel="noopener noreferrer">ok</a>',
    );
    expect(await sanitise('<img src="data:image/png;base64,iVBORw0KGgo=" onerror="alert(1)" alt="x">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">',
    );
    expect(await sanitise('<p>a<img src="https://tracker.example/p.png">b</p>')).toBe('<p>ab</p>');
    expect(await sanitise('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });
});
