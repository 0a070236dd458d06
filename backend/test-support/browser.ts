import { Browser, BrowserContext, type BrowserContextOptions, chromium, Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ACCESS_TOKEN_COOKIE } from '../src/identity/authentication/authenticated-user';
import { announceSkipped } from '@cans/storage/test-support/databases';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

/** Debian's Chromium; tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The built UI; FRONTEND_DIST points elsewhere (e.g. a private build while others rebuild the shared one). */
export const FRONTEND_DIST = process.env.FRONTEND_DIST ? resolve(process.env.FRONTEND_DIST) : resolve(__dirname, '../../frontend/dist');

export function browserTestsCanRun(): { ok: boolean; reason?: string } {
  if (!existsSync(CHROMIUM_PATH)) return { ok: false, reason: `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)` };
  if (!existsSync(resolve(FRONTEND_DIST, 'index.html'))) return { ok: false, reason: 'frontend not built (npm run build -w frontend)' };
  return { ok: true };
}

/**
 * `describe` for browser specs: where Chromium or the built UI is missing the specs are skipped and the run says
 * so; in CI, which installs both (.ci/run), a skip would hide a broken set-up, so it fails instead.
 */
export const describeInBrowser: jest.Describe = (() => {
  const canRun = browserTestsCanRun();
  if (!canRun.ok) announceSkipped('browser', canRun.reason!);
  if (!canRun.ok && process.env.CI) throw new Error(`Browser tests cannot run in CI: ${canRun.reason}`);
  return canRun.ok ? describe : describe.skip;
})();

/**
 * Headless Chromium whose every page (browser.newPage(), or context.newPage() of browser.newContext()) is watched
 * for Content Security Policy violations: a script or style the CSP blocks is a broken screen, so any browser
 * spec fails the test during which one happened (see the hooks below).
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The closed network here refuses Chromium's background connections; these flags keep it quiet.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // The app's service worker would download every built file into each fresh context (hundreds per run): it is
  // blocked unless a spec asks for it (serviceWorkers: 'allow', as the installable-app spec does).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => watchContext(await newContext({ serviceWorkers: 'block', ...options }));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options?: Parameters<Browser['newPage']>[0]) =>
    watchPage(await newPage({ serviceWorkers: 'block', ...options }));
  return browser;
}

const cspViolations: string[] = [];
const watchedPages = new WeakSet<Page>();

/** Chromium reports a blocked resource, inline script/style or eval on the console (or as a page error). */
const isCspViolation = (text: string) => /Content Security Policy/i.test(text);

function watchPage(page: Page): Page {
  if (watchedPages.has(page)) return page;
  watchedPages.add(page);
  page.on('console', (message) => {
    if (isCspViolation(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (isCspViolation(error.message)) cspViolations.push(`${page.url()}: ${error.message}`);
  });
  return page;
}

function watchContext(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
  return context;
}

/** The CSP violations seen since the last call (and forgets them): for a spec that expects one. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

function failOnCspViolations(): void {
  const found = takeCspViolations();
  if (found.length > 0) throw new Error(`Content Security Policy violations in the browser:\n${found.join('\n')}`);
}

// Registered by importing this module (every browser spec does): a violation fails the test it happened in,
// or, when it happened in a hook, the file.
if (typeof afterEach === 'function' && typeof afterAll === 'function') {
  afterEach(failOnCspViolations);
  afterAll(failOnCspViolations);
}

export interface SignedInPageOptions {
  viewport?: { width: number; height: number };
  /** Uncaught page errors are pushed here; specs assert it stays empty. */
  pageErrors?: string[];
}

/** A page in a fresh browser context signed in as an existing user through the session cookie (a real session). */
export async function signedInPage(browser: Browser, t: TestApp, userId: string, options: SignedInPageOptions = {}): Promise<Page> {
  const token = t.tokenForUser(userId);
  await t.settled();
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 1000 } });
  await context.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: token, url: t.baseUrl! }]);
  const page = await context.newPage();
  const pageErrors = options.pageErrors;
  if (pageErrors) page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

/** The app, Chromium and the signed-in pages of a browser spec over the demo data (demoDataInBrowser). */
export interface DemoDataInBrowser {
  /** The app, listening, with the built UI and the demo data (set before the first test). */
  readonly t: TestApp;
  /** Uncaught page errors of every page signedIn() opened; specs assert it stays empty. */
  readonly errors: string[];
  /** Chromium, for a context of the spec's own (one that allows the service worker, say). */
  readonly browser: Browser;
  /** A page signed in as an existing user, 1440 × 900 unless given (Playwright's 30 s per action: three jest workers share two cores). */
  signedIn(userId: string, viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * The usual frame of a browser spec: before all its tests the app listens with the built UI and the demo data
 * seeded and Chromium is launched; after them both close. Call it in the describe block. `appOptions` is read when
 * the app starts, so it may name what an earlier beforeAll started (a test SMTP server).
 */
export function demoDataInBrowser(appOptions: () => Omit<TestAppOptions, 'listen'> = () => ({})): DemoDataInBrowser {
  let t: TestApp | undefined;
  let browser: Browser | undefined;
  const errors: string[] = [];
  beforeAll(async () => {
    const options = appOptions();
    t = await startTestApp({ ...options, listen: true, seed: 'demo-data', config: { frontendDist: FRONTEND_DIST, ...options.config } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  const started = () => {
    if (!t || !browser) throw new Error('demoDataInBrowser: the app is not started yet (use it inside tests)');
    return { t, browser };
  };
  return {
    get t() {
      return started().t;
    },
    get browser() {
      return started().browser;
    },
    errors,
    signedIn: (userId, viewport = { width: 1440, height: 900 }) => {
      const { t, browser } = started();
      return signedInPage(browser, t, userId, { viewport, pageErrors: errors });
    },
  };
}
