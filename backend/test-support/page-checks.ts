import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterNextFrame, expectEventually } from './eventually';

/**
 * Checks every browser spec runs on every page and dialog it visits: accessibility (axe-core: no serious or
 * critical violation) and layout (no page-level horizontal scrolling from 375 px up). Set SCREENSHOTS_DIR to also
 * keep a screenshot per width for review (not an assertion).
 */

/** Widths the product supports: a phone, a small laptop, a desktop. */
export const CHECKED_WIDTHS = [375, 1024, 1440] as const;

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** How long a page may take to settle into a state axe passes (a button turning enabled changes its colours). */
const ACCESSIBLE_WITHIN_MS = 10_000;

/**
 * Fails when axe-core finds a serious or critical violation on the page (open dialogs included) that is still there
 * after the page has had time to settle: a state between two renders is judged again, a lasting violation fails.
 */
export async function expectAccessible(page: Page, where: string, withinMs = ACCESSIBLE_WITHIN_MS): Promise<void> {
  await expectEventually(
    () => blockingViolations(page),
    (blocking) => {
      if (blocking.length > 0) throw new Error(describeViolations(where, blocking));
    },
    withinMs,
  );
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

async function blockingViolations(page: Page): Promise<Violations> {
  await finishTransitions(page);
  // axe's own run in the page (legacy mode: the app has no cross-origin frames, and the default mode opens a blank
  // page per run to merge frames' results), reporting violations only (passes' node lists are large): a page's check
  // costs about a second instead of six on a loaded two-core machine, with the same violations found.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

function describeViolations(where: string, blocking: Violations): string {
  const lines = blocking.map(
    (violation) =>
      `- ${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`)
        .join('\n'),
  );
  return `Accessibility violations on ${where}:\n${lines.join('\n')}`;
}

/**
 * Waits for the page's finite animations and transitions (a snackbar or dialog fading in): axe would otherwise
 * judge the colours of a half-faded frame. Spinners run forever and are left alone; bounded in time.
 */
async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((done) => setTimeout(done, 2000)),
    ]);
  });
}

/** Fails when the document is wider than the viewport (the page scrolls sideways). */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth) {
    throw new Error(
      `${where} scrolls sideways at ${page.viewportSize()?.width} px: the page is ${scrollWidth} px wide, the window ${clientWidth} px`,
    );
  }
}

/**
 * The page at each checked width: no horizontal overflow (and a screenshot per width when SCREENSHOTS_DIR is
 * set); then the viewport is restored. `settle` waits for what the page shows after a resize, if anything.
 */
export async function expectFitsAllWidths(page: Page, name: string, settle?: () => Promise<void>): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const width of CHECKED_WIDTHS) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      await afterNextFrame(page); // the layout has followed the resize (media queries, drawer)
      if (settle) await settle();
      // A drawer's or a chart's own transition may still be running: the width it settles at is the one judged.
      await expectEventually(
        () => expectNoHorizontalOverflow(page, name),
        () => undefined,
      );
      if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}-${width}.png` });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** Both checks: axe at the current width, then the widths. */
export async function expectPageChecks(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await expectFitsAllWidths(page, name);
}
