import type { Locator } from 'playwright-core';
import { expectEventually, toHaveCount, toHaveText, toHaveValue } from './eventually';

/** A value that reads `values` one after the other, then keeps the last. */
const readsInTurn = <T>(...values: T[]) => {
  let reads = 0;
  const read = async () => values[Math.min(reads++, values.length - 1)];
  return Object.assign(read, { reads: () => reads });
};

describe('expectEventually: the retrying assertion of the browser specs', () => {
  it('reads again until the assertion passes, and answers the value that passed', async () => {
    const read = readsInTurn('', '', 'PID-1');
    await expect(expectEventually(read, (value) => expect(value).toBe('PID-1'))).resolves.toBe('PID-1');
    expect(read.reads()).toBe(3);
  });

  it('counts a failing read as not there yet', async () => {
    let reads = 0;
    const read = async () => {
      if (++reads < 3) throw new Error('strict mode violation: two elements');
      return 2;
    };
    await expect(expectEventually(read, (count) => expect(count).toBe(2))).resolves.toBe(2);
  });

  it('fails with the last assertion error, which shows the last value read', async () => {
    const failure = expectEventually(readsInTurn('a', 'b'), (value) => expect(value).toBe('c'), 300);
    await expect(failure).rejects.toThrow(/Expected: "c"\n.*Received: "b"/);
    await expect(failure).rejects.toThrow(/still so after retrying for 300 ms/);
  });
});

describe('the locator helpers', () => {
  const locator = (reads: Record<string, () => Promise<unknown>>) => reads as unknown as Locator;

  it('toHaveValue waits for the value an input reaches a moment later', async () => {
    await toHaveValue(locator({ inputValue: readsInTurn('', 'PID-BROWSER-1') }), 'PID-BROWSER-1');
  });

  it('toHaveText compares the text as a reader sees it (white space normalised)', async () => {
    await toHaveText(locator({ textContent: readsInTurn<string | null>(null, '  Incomplete,\n Returned ') }), 'Incomplete, Returned');
    await toHaveText(locator({ textContent: readsInTurn('moved to position 2 of 2.') }), /position 2/);
  });

  it('toHaveCount fails when the count never comes', async () => {
    await expect(toHaveCount(locator({ count: readsInTurn(1) }), 0, 300)).rejects.toThrow(/Expected: 0\n.*Received: 1/);
  });
});
