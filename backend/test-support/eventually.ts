import type { Locator, Page } from 'playwright-core';

/**
 * Retrying assertions for the browser specs. playwright-core has no test runner, so no web-first
 * `expect(locator).toHaveValue(...)`; a single read races the screen, which often reaches the asserted state a
 * moment after some other sign of it (the rows appear, then the restored search reaches its input). These re-read
 * until the jest assertion passes and, when time runs out, throw the last assertion's error (it shows the last
 * value read). The names follow Playwright's web-first assertions.
 */

/** Playwright's default wait for an action; a state the screen reaches at all, it reaches well within it. */
export const EVENTUALLY_TIMEOUT_MS = 30_000;

const POLL_INTERVAL_MS = 100;

/** A single read never gets less time than this (the last one, near the deadline, still reads properly). */
const MIN_READ_TIMEOUT_MS = 1_000;

/**
 * Reads the value again and again until `check` (jest `expect`s) passes, and answers the value that passed. A read
 * that fails (no such element yet, two where one was meant) counts as not there yet. `read` gets the time left, to
 * bound a Playwright read that waits for its element.
 */
export async function expectEventually<T>(
  read: (timeoutMs: number) => Promise<T>,
  check: (value: T) => void,
  timeoutMs = EVENTUALLY_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await read(Math.max(deadline - Date.now(), MIN_READ_TIMEOUT_MS));
      check(value);
      return value;
    } catch (error) {
      if (Date.now() >= deadline) {
        if (error instanceof Error) error.message += `\n\n(still so after retrying for ${timeoutMs} ms)`;
        throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** The text as a reader sees it: runs of white space as one space, none at the ends (as Playwright compares). */
const normalized = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const expectMatches = (actual: string | null, expected: string | RegExp | null) => {
  if (expected instanceof RegExp) expect(actual).toMatch(expected);
  else expect(actual).toBe(expected);
};

/** An input's, textarea's or select's value is `expected` (or matches it). */
export const toHaveValue = (locator: Locator, expected: string | RegExp, timeoutMs?: number) =>
  expectEventually(
    (timeout) => locator.inputValue({ timeout }),
    (value) => expectMatches(value, expected),
    timeoutMs,
  );

/** The element's whole text (white space normalised) is `expected` (or matches it). */
export const toHaveText = (locator: Locator, expected: string | RegExp, timeoutMs?: number) =>
  expectEventually(
    (timeout) => locator.textContent({ timeout }),
    (text) => expectMatches(normalized(text), expected),
    timeoutMs,
  );

/** The element's text (white space normalised) contains `expected`. */
export const toContainText = (locator: Locator, expected: string, timeoutMs?: number) =>
  expectEventually(
    (timeout) => locator.textContent({ timeout }),
    (text) => expect(normalized(text)).toContain(expected),
    timeoutMs,
  );

/** The texts of every element the locator matches, in order (white space normalised), are `expected`. */
export const toHaveTexts = (locator: Locator, expected: (string | RegExp)[], timeoutMs?: number) =>
  expectEventually(
    () => locator.allTextContents(),
    (texts) => {
      expect(texts).toHaveLength(expected.length);
      texts.forEach((text, i) => expectMatches(normalized(text), expected[i]));
    },
    timeoutMs,
  );

/** The attribute is `expected` (or matches it); `null` for an absent attribute. */
export const toHaveAttribute = (locator: Locator, name: string, expected: string | RegExp | null, timeoutMs?: number) =>
  expectEventually(
    (timeout) => locator.getAttribute(name, { timeout }),
    (value) => expectMatches(value, expected),
    timeoutMs,
  );

/** A checkbox, radio or switch is checked (or, with `false`, not). */
export const toBeChecked = (locator: Locator, checked = true, timeoutMs?: number) =>
  expectEventually(
    (timeout) => locator.isChecked({ timeout }),
    (value) => expect(value).toBe(checked),
    timeoutMs,
  );

/** The control is disabled (or, with `false`, enabled). */
export const toBeDisabled = (locator: Locator, disabled = true, timeoutMs?: number) =>
  expectEventually(
    (timeout) => locator.isDisabled({ timeout }),
    (value) => expect(value).toBe(disabled),
    timeoutMs,
  );

/** The control is enabled (or, with `false`, disabled). */
export const toBeEnabled = (locator: Locator, enabled = true, timeoutMs?: number) => toBeDisabled(locator, !enabled, timeoutMs);

/** The element is visible (or, with `false`, hidden or absent). */
export const toBeVisible = (locator: Locator, visible = true, timeoutMs?: number) =>
  expectEventually(
    () => locator.isVisible(),
    (value) => expect(value).toBe(visible),
    timeoutMs,
  );

/** The locator matches exactly `count` elements (0: none, once the screen got there). */
export const toHaveCount = (locator: Locator, count: number, timeoutMs?: number) =>
  expectEventually(
    () => locator.count(),
    (value) => expect(value).toBe(count),
    timeoutMs,
  );

/**
 * Resolves once the page has drawn two frames from now. A new viewport's media queries are evaluated, and their
 * listeners (the layout's breakpoints) run, in a frame's rendering step before its animation callbacks: after this
 * the layout has followed a resize. A state to wait for, not a time.
 */
export const afterNextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
