import type { RecordedEvent } from './event-store.port';
import { readAllPages } from './read-all-pages';

/** readAll over positions 1..count, recording each call, as the stores answer it (after `from`, at most `limit`). */
function logOf(count: number) {
  const calls: Array<[number, number]> = [];
  const events = Array.from({ length: count }, (_, i) => ({ position: i + 1 }) as RecordedEvent);
  return {
    calls,
    readAll: (from: number, limit: number) => {
      calls.push([from, limit]);
      return Promise.resolve(events.filter((event) => event.position > from).slice(0, limit));
    },
  };
}

const positions = async (pages: AsyncIterable<RecordedEvent[]>) => {
  const seen: number[][] = [];
  for await (const page of pages) seen.push(page.map((event) => event.position));
  return seen;
};

describe('readAllPages', () => {
  it('reads every page in order, from event zero', async () => {
    expect(await positions(readAllPages(logOf(5), { pageSize: 2 }))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('stops at `to` (inclusive) without reading past it, and starts after `from`', async () => {
    const log = logOf(10);
    expect(await positions(readAllPages(log, { from: 2, to: 6, pageSize: 3 }))).toEqual([[3, 4, 5], [6]]);
    expect(log.calls).toEqual([
      [2, 3],
      [5, 3],
    ]);
  });

  it('reads no more than `limit` events in all', async () => {
    const log = logOf(10);
    expect(await positions(readAllPages(log, { limit: 5, pageSize: 2 }))).toEqual([[1, 2], [3, 4], [5]]);
    expect(log.calls.at(-1)).toEqual([4, 1]);
  });

  it('reads the next page while the caller uses this one', async () => {
    const log = logOf(6);
    const pages = readAllPages(log, { pageSize: 2 });
    await pages.next();
    expect(log.calls).toEqual([
      [0, 2],
      [2, 2],
    ]);
    await pages.return(undefined);
  });
});
