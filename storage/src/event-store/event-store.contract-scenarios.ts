import { randomUUID } from 'node:crypto';
import { EventMetadata, EventStore, ExpectedRevision, NewEvent, RecordedEvent, WrongExpectedRevisionError } from './event-store.port';

/*
 * The gap-safety scenarios of the event store contract, as plain functions that answer what went wrong (an empty
 * list when nothing did). The contract asserts that list is empty for every adapter; gap-safety.spec.ts runs the
 * same scenarios against a store whose reader ignores slower transactions and asserts they notice.
 */

/** An append whose transaction is still open: its positions are drawn and not yet visible. */
export interface HeldOpenAppend {
  /** Position of the last event of the append. */
  position: number;
  commit(): Promise<void>;
}

/**
 * Appends in a transaction that stays open until commit(): a slow committer that drew its positions before
 * faster appends commit theirs. Resolves once the positions are drawn. Only adapters whose appends can overlap
 * offer it (PostgreSQL); where they cannot (PGlite: one connection) there is no gap to guard.
 */
export type AppendHeldOpen = (streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision) => Promise<HeldOpenAppend>;

export function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { userId: 'user-1', correlationId: randomUUID(), causationId: null, ...overrides };
}

export function event(type: string, data: unknown, extra: Partial<NewEvent> = {}): NewEvent {
  return { type, data, metadata: metadata(), ...extra };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(condition: () => boolean, description: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}`);
    await sleep(10);
  }
}

/** Guards test handlers against an adapter that redelivers forever (it would exhaust memory, not fail). */
export function appendDelivered(delivered: RecordedEvent[], batch: RecordedEvent[]): void {
  if (delivered.length > 50_000) throw new Error('Runaway delivery: the subscription keeps redelivering events');
  delivered.push(...batch);
}

function increasingViolations(positions: number[]): string[] {
  const index = positions.findIndex((position, i) => i > 0 && !(position > positions[i - 1]));
  return index < 0 ? [] : [`positions not strictly increasing at index ${index}: ${positions[index - 1]} then ${positions[index]}`];
}

export interface ScenarioStreams {
  /** A stream id unique to this run (shared servers keep earlier runs' streams). */
  streamName(name: string): string;
  /** True for events of this run's streams. */
  isOwn(recorded: RecordedEvent): boolean;
}

/**
 * A slower transaction draws position p and stays open while a faster append commits p + 1. A reader by position
 * must not return p + 1 before p is committed (it would never look below p + 1 again); once p commits, both
 * are read, in order. Deterministic: no timing decides the outcome.
 */
export async function heldOpenReadViolations(
  store: EventStore,
  appendHeldOpen: AppendHeldOpen,
  streams: ScenarioStreams,
): Promise<string[]> {
  const violations: string[] = [];
  const before = await store.headPosition();
  const slow = event('ContractSlowCommit', {}, { eventId: randomUUID() });
  const fast = event('ContractFastCommit', {}, { eventId: randomUUID() });
  const held = await appendHeldOpen(streams.streamName('held-open-slow'), [slow], 'no_stream');
  let committed = false;
  try {
    const fastResult = await store.append(streams.streamName('held-open-fast'), [fast], 'no_stream');
    if (!(fastResult.position > held.position))
      violations.push(`the faster append got position ${fastResult.position}, not above ${held.position}`);
    const whileOpen = (await store.readAll(before, 10_000)).filter(streams.isOwn);
    const passed = whileOpen.filter((recorded) => recorded.position > held.position);
    if (passed.length > 0) {
      violations.push(
        `readAll returned position(s) ${passed.map((recorded) => recorded.position).join(', ')} while position ${held.position} was drawn by a transaction still open`,
      );
    }
    await held.commit();
    committed = true;
    // The reader may confirm the commit on a later read (the store's poll); 5 s is far beyond it.
    const wanted = [slow.eventId!, fast.eventId!];
    let afterCommit: string[] = [];
    for (let attempt = 0; attempt < 50 && afterCommit.length < wanted.length; attempt++) {
      if (attempt > 0) await sleep(100);
      afterCommit = (await store.readAll(before, 10_000)).map((recorded) => recorded.eventId).filter((id) => wanted.includes(id));
    }
    if (JSON.stringify(afterCommit) !== JSON.stringify(wanted)) {
      violations.push(
        `after the commit readAll returned [${afterCommit.join(', ')}], not the slow then the fast event [${wanted.join(', ')}]`,
      );
    }
  } finally {
    if (!committed) await held.commit();
  }
  return violations;
}

export interface ConcurrentWritersOutcome {
  before: number;
  writers: number;
  appendsPerWriter: number;
  sharedStream: string;
  sharedAppends: number;
  appendedIds: Set<string>;
  delivered: RecordedEvent[];
  /** Own events read back by position after the subscription stopped. */
  readBack: RecordedEvent[];
}

/** How long a writer keeps its slow transaction open, waiting for a reader that must not pass it. */
const HOLD_OPEN_MS = 1_000;

/**
 * 8 writers append concurrently (own streams, multi-event appends, one contended stream) while a live
 * subscription reads. Given appendHeldOpen, each writer also appends once in a slow transaction, commits a faster
 * append after it, and keeps the slow one open until the subscriber has passed the faster one (a gap-safe
 * subscriber cannot: then it waits HOLD_OPEN_MS) — a subscriber that does not wait for slower transactions
 * skips the slow event every time.
 */
export async function runConcurrentWriters(
  store: EventStore,
  streams: ScenarioStreams,
  appendHeldOpen?: AppendHeldOpen,
): Promise<ConcurrentWritersOutcome> {
  const writers = 8;
  const appendsPerWriter = 50;
  const sharedStream = streams.streamName('contended');
  const before = await store.headPosition();

  const delivered: RecordedEvent[] = [];
  const subscription = store.subscribeToAll(before, async (batch) => appendDelivered(delivered, batch), { batchSize: 37 });

  const appendedIds = new Set<string>();
  let lastAppended = 0;
  const appended = (position: number, newEvents: NewEvent[]) => {
    lastAppended = Math.max(lastAppended, position);
    newEvents.forEach((newEvent) => appendedIds.add(newEvent.eventId!));
  };
  let sharedAppends = 0;
  const appendToShared = async (writer: number, attempt: number) => {
    for (;;) {
      const current = await store.readStream(sharedStream);
      const expected = current.length === 0 ? 'no_stream' : current[current.length - 1].revision;
      const newEvent = event('ContractShared', { writer, attempt }, { eventId: randomUUID() });
      try {
        appended((await store.append(sharedStream, [newEvent], expected)).position, [newEvent]);
        sharedAppends += 1;
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  };
  const appendSlowThenFast = async (writerIndex: number, holdOpen: AppendHeldOpen) => {
    const slow = [event('ContractSlowCommit', { writerIndex }, { eventId: randomUUID() })];
    const held = await holdOpen(streams.streamName(`writer-${writerIndex}-slow`), slow, 'no_stream');
    try {
      const fast = [event('ContractFastCommit', { writerIndex }, { eventId: randomUUID() })];
      const fastResult = await store.append(streams.streamName(`writer-${writerIndex}-fast`), fast, 'no_stream');
      appended(fastResult.position, fast);
      await waitFor(() => subscription.position >= fastResult.position, 'the subscriber to pass', HOLD_OPEN_MS).catch(() => undefined);
    } finally {
      await held.commit();
    }
    appended(held.position, slow);
  };
  const writer = async (writerIndex: number) => {
    const revisions = new Map<string, number>();
    for (let i = 0; i < appendsPerWriter; i++) {
      if (i % 10 === 0) {
        await appendToShared(writerIndex, i);
        continue;
      }
      if (i === 25 && appendHeldOpen) await appendSlowThenFast(writerIndex, appendHeldOpen);
      const streamId = streams.streamName(`writer-${writerIndex}-${i % 4}`);
      // Some appends carry several events, which must arrive together and in revision order.
      const count = i % 7 === 0 ? 3 : 1;
      const newEvents = Array.from({ length: count }, (_, k) =>
        event('ContractConcurrent', { writerIndex, i, k }, { eventId: randomUUID() }),
      );
      const last = revisions.get(streamId);
      const result = await store.append(streamId, newEvents, last === undefined ? 'no_stream' : last);
      revisions.set(streamId, result.revision);
      appended(result.position, newEvents);
    }
  };

  try {
    await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
    // Past the last append, nothing of ours can come any more; a timeout is reported by the checks.
    await waitFor(() => subscription.position >= lastAppended, 'the subscriber to pass the last append', 15_000).catch(() => undefined);
    await sleep(100);
  } finally {
    await subscription.stop();
  }
  const readBack = (await store.readAll(before, 100_000)).filter(streams.isOwn);
  return { before, writers, appendsPerWriter, sharedStream, sharedAppends, appendedIds, delivered, readBack };
}

/** Everything the concurrent-writers scenario shows wrong: skipped, doubled or reordered deliveries. */
export function concurrentWritersViolations(outcome: ConcurrentWritersOutcome, streams: ScenarioStreams, isolated: boolean): string[] {
  const { before, delivered, appendedIds } = outcome;
  const violations = increasingViolations(delivered.map((recorded) => recorded.position));
  if (!delivered.every((recorded) => recorded.position > outcome.before)) violations.push(`delivered an event at or below ${before}`);
  const deliveredIds = delivered.filter(streams.isOwn).map((recorded) => recorded.eventId);
  const seen = new Set<string>();
  const doubled = deliveredIds.filter((id) => seen.has(id) || !seen.add(id));
  if (doubled.length > 0) violations.push(`delivered twice: ${doubled.join(', ')}`);
  const never = [...appendedIds].filter((id) => !seen.has(id));
  if (never.length > 0) {
    const skipped = outcome.readBack.filter((recorded) => never.includes(recorded.eventId));
    violations.push(
      `never delivered: ${never.length} of ${appendedIds.size} appended events (positions ${skipped.map((recorded) => recorded.position).join(', ')})`,
    );
  }
  if (isolated && delivered.length !== appendedIds.size)
    violations.push(`delivered ${delivered.length} events, appended ${appendedIds.size}`);
  const revisionsByStream = new Map<string, number[]>();
  for (const recorded of delivered.filter(streams.isOwn)) {
    revisionsByStream.set(recorded.streamId, [...(revisionsByStream.get(recorded.streamId) ?? []), recorded.revision]);
  }
  for (const [streamId, revisions] of revisionsByStream) {
    if (revisions.some((revision, index) => revision !== index))
      violations.push(`stream ${streamId} delivered revisions ${revisions.join(', ')}`);
  }
  const expectedShared = outcome.writers * (outcome.appendsPerWriter / 10);
  const sharedDelivered = revisionsByStream.get(outcome.sharedStream)?.length ?? 0;
  if (outcome.sharedAppends !== expectedShared || sharedDelivered !== expectedShared) {
    violations.push(
      `contended stream: ${outcome.sharedAppends} appends succeeded, ${sharedDelivered} delivered, ${expectedShared} expected`,
    );
  }
  const readBackIds = outcome.readBack.map((recorded) => recorded.eventId);
  if (JSON.stringify(readBackIds) !== JSON.stringify(deliveredIds)) {
    violations.push('a reader by position afterwards sees other events, or another order, than the subscriber saw');
  }
  return violations;
}
