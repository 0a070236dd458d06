import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { AnalystEvent } from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { analystViewPages } from '@cans/projections/analytics/analyst-view/analyst-view';

/**
 * The first `count` events of the analyst's view (a preview's sample, from event zero), built on the main thread from
 * the log: the stores live here, and only the view — never a stored event — goes to the worker that runs the
 * analyst's code. `rawLimit` bounds the stored events read for them (a log of sign-ins and comments has few).
 */
export async function firstAnalystEvents(events: EventStore, key: Buffer, count: number, rawLimit = count * 10): Promise<AnalystEvent[]> {
  const viewed: AnalystEvent[] = [];
  for await (const page of analystViewPages(events, key, { pageSize: 2_000, limit: rawLimit })) {
    viewed.push(...page.viewed.slice(0, count - viewed.length));
    if (viewed.length >= count) break;
  }
  return viewed;
}
