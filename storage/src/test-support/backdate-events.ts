/**
 * Test set-up only: history recorded in the past. The SQL event stores record the time of the append; a spec that
 * needs events from last year (a replay as of a past date, in the browser whose date field takes days) moves the
 * recorded time of the events it has just appended. Never called by the app.
 */
import type { EventStore } from '../event-store/event-store.port';
import type { SqlClient } from '../sql/sql-client';

export async function backdateEvents(
  eventStore: EventStore,
  positions: { after: number; upTo: number },
  recordedAt: string,
): Promise<void> {
  const client = (eventStore as unknown as { client?: SqlClient }).client;
  if (!client) throw new Error('backdateEvents: only the SQL event stores (PostgreSQL, PGlite)');
  await client.query('UPDATE events SET recorded_at = $1 WHERE position > $2 AND position <= $3', [
    recordedAt,
    positions.after,
    positions.upTo,
  ]);
}
