import { ExpectedRevision, NewEvent } from './event-store.port';

/** Checks shared by every adapter, so a bad call fails the same way on each. */
export function assertValidAppend(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): void {
  if (!streamId) throw new Error('append needs a stream id');
  if (!Array.isArray(events) || events.length === 0) throw new Error(`append to ${streamId} needs at least one event`);
  if (typeof expectedRevision === 'number' && !(Number.isInteger(expectedRevision) && expectedRevision >= 0)) {
    throw new Error(`Expected revision must be a non-negative integer, 'no_stream' or 'any'; got ${expectedRevision}`);
  }
  for (const event of events) {
    if (!event.type) throw new Error(`Every event appended to ${streamId} needs a type`);
    const version = event.schemaVersion ?? 1;
    if (!Number.isInteger(version) || version < 1) throw new Error(`Invalid schemaVersion ${version} for ${event.type}`);
  }
}

/** The readStream `until` option as a Date, or null when absent. */
export function parseUntil(until: string | undefined): Date | null {
  if (until === undefined) return null;
  const time = new Date(until);
  if (Number.isNaN(time.getTime())) throw new Error(`Invalid 'until' time: ${until}`);
  return time;
}
