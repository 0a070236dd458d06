/**
 * The global log a page at a time, in position order, with the next page read while the caller uses this one: what a
 * replay, a sandboxed build or an export needs from readAll. `to` stops at a position (the head when the reader
 * started: events appended since are left to the live path), `limit` after so many events. A caller that stops early
 * leaves the page read ahead behind; its failure then concerns nobody.
 */
import type { EventStore, RecordedEvent } from './event-store.port';

export interface ReadAllPagesOptions {
  /** Read after this position (0: from event zero). */
  from?: number;
  /** The last position to read (inclusive). */
  to?: number;
  /** At most this many events in all. */
  limit?: number;
  pageSize?: number;
}

export async function* readAllPages(
  events: Pick<EventStore, 'readAll'>,
  { from = 0, to = Infinity, limit = Infinity, pageSize = 1_000 }: ReadAllPagesOptions = {},
): AsyncGenerator<RecordedEvent[]> {
  let read = 0;
  const ahead = (position: number): Promise<RecordedEvent[]> | null => {
    if (position >= to || read >= limit) return null;
    const next = events.readAll(position, Math.min(pageSize, limit - read));
    next.catch(() => undefined);
    return next;
  };
  let next = ahead(from);
  while (next) {
    const page = (await next).filter((event) => event.position <= to);
    if (page.length === 0) return;
    read += page.length;
    next = ahead(page[page.length - 1].position);
    yield page;
  }
}
