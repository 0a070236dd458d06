import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { AnalystEvent } from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { AnalystViewFold } from '@cans/projections/analytics/analyst-view/analyst-view';

/** Stored events read per page while building the analyst's view. */
const PAGE = 2_000;

/**
 * The first `count` events of the analyst's view (a preview's sample, from event zero), built on the main thread from
 * the log: the stores live here, and only the view — never a stored event — goes to the worker that runs the
 * analyst's code. `rawLimit` bounds the stored events read for them (a log of sign-ins and comments has few).
 */
export async function firstAnalystEvents(events: EventStore, key: Buffer, count: number, rawLimit = count * 10): Promise<AnalystEvent[]> {
  const fold = new AnalystViewFold(key);
  const viewed: AnalystEvent[] = [];
  let from = 0;
  let read = 0;
  while (viewed.length < count && read < rawLimit) {
    const page = await events.readAll(from, Math.min(PAGE, rawLimit - read));
    if (page.length === 0) break;
    for (const event of page) {
      const seen = fold.view(event);
      if (seen) viewed.push(seen);
      if (viewed.length >= count) break;
    }
    read += page.length;
    from = page[page.length - 1].position;
  }
  return viewed;
}
