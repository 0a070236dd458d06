import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { sqlBackends, TestDatabase } from '@cans/storage/test-support/databases';
import { defineProjection, Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

/**
 * Bound for waiting on projections that get there: generous for a busy two-core machine (three jest workers), and
 * free when they get there early.
 */
const SETTLE_MS = 30_000;
jest.setTimeout(120_000);

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  metadata: { userId: 'u1', correlationId: randomUUID(), causationId: null },
});

/** Counts events per stream with read-then-write, so a double application would show as a wrong count. */
function streamCounter(version = 1, failOn?: (data: Record<string, unknown>) => boolean): Projection {
  return defineProjection({
    name: 'stream-counter',
    version,
    collections: [{ name: 'stream_counts', indexes: ['count'] }],
    eventTypes: ['Counted'],
    async apply(recorded, view) {
      const data = recorded.data as Record<string, unknown>;
      if (failOn?.(data)) throw new Error('projection bug');
      const current = await view.get<{ id: string; count: number; version: number }>('stream_counts', recorded.streamId);
      view.upsert('stream_counts', { id: recorded.streamId, count: (current?.count ?? 0) + 1, version });
      if (data.note) view.patch('stream_counts', recorded.streamId, { note: data.note });
    },
  });
}

describe.each(sqlBackends())('ProjectionRunner on $name', ({ create }) => {
  let database: TestDatabase;
  let eventStore: EventStore;
  let readStore: ReadStore;
  const runners: ProjectionRunner[] = [];

  const runner = (projections: Projection[], batchSize = 3) => {
    const created = new ProjectionRunner(eventStore, readStore, projections, { batchSize, retryDelayMs: 50 });
    runners.push(created);
    return created;
  };

  beforeEach(async () => {
    database = await create();
    eventStore = await SqlEventStore.create(database.client, { pollIntervalMs: 50 });
    readStore = await SqlReadStore.create(database.client);
  });

  afterEach(async () => {
    for (const created of runners.splice(0)) await created.stop();
    await eventStore.close();
    await readStore.close();
    await database.dispose();
  });

  it('applies past and live events, skipping types it does not handle, and checkpoints the position', async () => {
    await eventStore.append('a', [event('Counted', {}), event('Ignored', {}), event('Counted', { note: 'x' })], 'no_stream');
    const projections = runner([streamCounter()]);
    await projections.start();
    const live = await eventStore.append('b', [event('Counted', {})], 'no_stream');
    expect(await projections.waitForPosition(live.position, SETTLE_MS)).toBe(true);

    expect(await readStore.get('stream_counts', 'a')).toEqual({ id: 'a', count: 2, version: 1, note: 'x' });
    expect(await readStore.get('stream_counts', 'b')).toMatchObject({ count: 1 });
    expect((await readStore.getCheckpoint('stream-counter'))?.position).toBe(live.position);
    const [status] = await projections.status();
    expect(status).toMatchObject({ name: 'stream-counter', state: 'live', position: live.position, lag: 0 });
  });

  it('resumes after a restart exactly where it stopped: re-delivery does not count twice', async () => {
    await eventStore.append('a', [event('Counted', {}), event('Counted', {})], 'no_stream');
    const first = runner([streamCounter()]);
    await first.start();
    expect(await first.waitForPosition(2, SETTLE_MS)).toBe(true);
    await first.stop();

    const more = await eventStore.append('a', [event('Counted', {})], 1);
    const second = runner([streamCounter()]);
    await second.start();
    expect(await second.waitForPosition(more.position, SETTLE_MS)).toBe(true);
    expect(await readStore.get('stream_counts', 'a')).toMatchObject({ count: 3 });
  });

  it('stores nothing of a failing batch, reports the failure, and retries from its checkpoint', async () => {
    let broken = true;
    const projection = streamCounter(1, (data) => broken && data.poison === true);
    await eventStore.append('a', [event('Counted', {})], 'no_stream');
    const projections = runner([projection], 10);
    await projections.start();
    expect(await projections.waitForPosition(1, SETTLE_MS)).toBe(true);

    await eventStore.append('a', [event('Counted', {}), event('Counted', { poison: true })], 0);
    await waitUntil(async () => (await projections.status())[0].state === 'failed');
    const [failed] = await projections.status();
    expect(failed.error).toBe('projection bug');
    // The healthy event before the poison one was in the same batch: it must not be half-applied.
    expect(await readStore.get('stream_counts', 'a')).toMatchObject({ count: 1 });
    expect((await readStore.getCheckpoint('stream-counter'))?.position).toBe(1);

    broken = false;
    expect(await projections.waitForPosition(3, SETTLE_MS)).toBe(true);
    expect(await readStore.get('stream_counts', 'a')).toMatchObject({ count: 3 });
  });

  it('rebuilds from event zero on a version bump and on request, reaching the same state', async () => {
    await eventStore.append('a', [event('Counted', {}), event('Counted', {})], 'no_stream');
    await eventStore.append('b', [event('Counted', {})], 'no_stream');
    const v1 = runner([streamCounter(1)]);
    await v1.start();
    expect(await v1.waitForPosition(3, SETTLE_MS)).toBe(true);
    await v1.stop();

    const v2 = runner([streamCounter(2)]);
    await v2.start();
    // The version bump rebuilds blue/green: readers get version 2 once its build has switched in.
    await v2.rebuildOnce('stream-counter');
    expect(await v2.waitForPosition(3, SETTLE_MS)).toBe(true);
    expect(await readStore.get('stream_counts', 'a')).toEqual({ id: 'a', count: 2, version: 2 });
    expect((await readStore.getCheckpoint('stream-counter'))?.version).toBe(2);

    await v2.rebuildOnce('stream-counter');
    expect(await v2.waitForPosition(3, SETTLE_MS)).toBe(true);
    expect(await readStore.find('stream_counts', {}, { sort: [{ field: 'id', direction: 'asc' }] })).toEqual([
      { id: 'a', count: 2, version: 2 },
      { id: 'b', count: 1, version: 2 },
    ]);
    await expect(v2.rebuild('nope')).rejects.toThrow(/Unknown projection "nope"/);
  });

  it('leads with the rebuild-request collection in place, so its check every tick never fails on the server', async () => {
    const projections = runner([streamCounter()]);
    await projections.start();
    const { rows } = await database.client.query<{ present: boolean }>(
      "SELECT to_regclass('rm_projection_rebuild_requests') IS NOT NULL AS present",
    );
    expect(rows[0].present).toBe(true);
  });

  it('waitForPosition gives up after its bound when projections are behind', async () => {
    const projections = runner([streamCounter()]);
    await projections.start();
    expect(await projections.waitForPosition(999, 100)).toBe(false);
  });

  it('keepUpWith lets a writer go at once within the backlog, holds it while the projections trail further, and gives up at its bound', async () => {
    let release: () => void = () => undefined;
    let gate: Promise<void> | null = null;
    const gated = defineProjection({
      name: 'gated',
      version: 1,
      collections: [{ name: 'gated_seen' }],
      eventTypes: ['Counted'],
      async apply(recorded, view) {
        await gate;
        view.upsert('gated_seen', { id: recorded.streamId });
      },
    });
    const projections = runner([gated], 500);
    await projections.start();
    const warm = await eventStore.append('warm', [event('Counted', {})], 'no_stream');
    expect(await projections.waitForPosition(warm.position, SETTLE_MS)).toBe(true);
    await waitUntil(async () => (await projections.status())[0].state === 'live');
    gate = new Promise<void>((resolve) => (release = resolve));
    await eventStore.append('first', [event('Counted', {})], 'no_stream');
    const last = await eventStore.append(
      'burst',
      Array.from({ length: 10 }, () => event('Counted', {})),
      'no_stream',
    );

    // The gate opens whatever happens below, or stopping the runner would wait for the blocked batch for ever.
    const opened = setTimeout(() => release(), 20_000);
    await projections.keepUpWith(last.position, 50, SETTLE_MS); // within the backlog: at once
    let held = true;
    const waiting = projections.keepUpWith(last.position, 5, SETTLE_MS).then(() => (held = false));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(held).toBe(true);
    const boundStarted = Date.now();
    await projections.keepUpWith(last.position, 5, 100); // the bound: resolves, never throws
    expect(Date.now() - boundStarted).toBeGreaterThanOrEqual(90);
    expect(held).toBe(true);

    release();
    clearTimeout(opened);
    await waiting;
    expect(await projections.waitForPosition(last.position, SETTLE_MS)).toBe(true);
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
