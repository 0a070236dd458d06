import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { sqlBackends, TestDatabase } from '@cans/storage/test-support/databases';
import { defineProjection, Projection } from './projection';
import { ProjectionRunner, ProjectionRunnerOptions } from './projection-runner';
import { requestRebuild } from './rebuild-requests';

/**
 * Bound for waiting on projections that get there: generous for a busy two-core machine (three jest workers), and
 * free when they get there early.
 */
const SETTLE_MS = 30_000;
jest.setTimeout(120_000);

const counted = (): NewEvent => ({ type: 'Counted', data: {}, metadata: { userId: 'u1', correlationId: randomUUID(), causationId: null } });

type CountDocument = { id: string; count: number; version: number };

/**
 * Counts events per stream (read-then-write: a lost or doubled event shows as a wrong count). While the gate is
 * closed, applying an event in (gatedFrom, gatedUpTo] waits for it: a build replaying from zero stalls there, while
 * the live reader (already past that position) goes on.
 */
const openGates: (() => void)[] = [];

function gatedCounter(version: number) {
  const control = { gate: null as Promise<void> | null, gatedFrom: 0, gatedUpTo: 0, open: () => undefined as void };
  const close = (upTo: number, from = 0) => {
    control.gatedFrom = from;
    control.gatedUpTo = upTo;
    control.gate = new Promise<void>((resolve) => (control.open = () => ((control.gate = null), resolve())));
  };
  const projection: Projection = defineProjection({
    name: 'stream-counter',
    version,
    collections: [{ name: 'stream_counts', indexes: ['count'] }],
    eventTypes: ['Counted'],
    async apply(recorded, view) {
      if (control.gate && recorded.position > control.gatedFrom && recorded.position <= control.gatedUpTo) await control.gate;
      const current = await view.get<CountDocument>('stream_counts', recorded.streamId);
      view.upsert('stream_counts', { id: recorded.streamId, count: (current?.count ?? 0) + 1, version });
    },
  });
  openGates.push(() => control.open());
  return { projection, close, open: () => control.open() };
}

describe.each(sqlBackends())('Blue/green rebuilds and several instances on $name', ({ create }) => {
  let database: TestDatabase;
  let eventStore: EventStore;
  let readStore: ReadStore;
  const runners: ProjectionRunner[] = [];

  const runner = (projections: Projection[], options: ProjectionRunnerOptions = {}) => {
    const created = new ProjectionRunner(eventStore, readStore, projections, { batchSize: 3, retryDelayMs: 50, ...options });
    runners.push(created);
    return created;
  };
  const counts = async () =>
    Object.fromEntries((await readStore.find<CountDocument>('stream_counts')).map((document) => [document.id, document.count]));
  const appendCounted = async (stream: string, times: number) => {
    let position = 0;
    for (let i = 0; i < times; i++) position = (await eventStore.append(stream, [counted()], 'any')).position;
    return position;
  };

  beforeEach(async () => {
    database = await create();
    eventStore = await SqlEventStore.create(database.client, { pollIntervalMs: 50 });
    readStore = await SqlReadStore.create(database.client);
  });

  afterEach(async () => {
    // A failed test may leave a build stalled at its gate; stopping waits for the batch in flight.
    for (const open of openGates.splice(0)) open();
    for (const created of runners.splice(0)) await created.stop();
    await eventStore.close();
    await readStore.close();
    await database.dispose();
  });

  it('serves the previous collections while a rebuild runs, applies writes made meanwhile, and switches to complete new ones', async () => {
    const { projection, close, open } = gatedCounter(1);
    const head = await appendCounted('a', 5);
    const projections = runner([projection]);
    await projections.start();
    expect(await projections.waitForPosition(head, SETTLE_MS)).toBe(true);
    // The same, asked without a position: the store's head is the one just appended.
    expect(await projections.waitForHead(SETTLE_MS)).toBe(true);
    const firstTarget = await readStore.collectionTarget('stream_counts');

    close(head);
    await projections.rebuild('stream-counter');
    await waitUntil(async () => (await projections.status())[0].rebuild !== null);
    // The live reader goes on while the build is stalled: readers see every write, in the current collections.
    const during = await appendCounted('b', 2);
    expect(await projections.waitForPosition(during, SETTLE_MS)).toBe(true);
    expect(await counts()).toEqual({ a: 5, b: 2 });
    const [status] = await projections.status();
    expect(status).toMatchObject({ state: 'live', rebuild: { version: 1, generation: (firstTarget ? 1 : 0) + 1 } });
    expect(await readStore.collectionTarget('stream_counts')).toBe(firstTarget);

    // Writes keep coming while the build catches up and switches: none is lost or applied twice.
    open();
    const writer = appendCounted('c', 12);
    const rebuilt = await projections.rebuildOnce('stream-counter');
    const last = await writer;
    expect(await projections.waitForPosition(last, SETTLE_MS)).toBe(true);
    expect(await counts()).toEqual({ a: 5, b: 2, c: 12 });
    // The build read at least the log as it stood when it began; whether it also read b's events depends on when the
    // store's safe head let it see them (on a loaded machine it may switch at 5 and leave 6-7 to the live reader).
    expect(rebuilt.events).toBeGreaterThanOrEqual(head);

    const target = await readStore.collectionTarget('stream_counts');
    expect(target).toMatch(/^stream_counts__g\d+$/);
    expect(target).not.toBe(firstTarget);
    expect(await readStore.getCheckpoint('stream-counter')).toMatchObject({ version: 1, position: last });
    expect((await readStore.listCheckpoints()).map((checkpoint) => checkpoint.projection)).toEqual(['stream-counter']);
    if (firstTarget) expect(await readStore.count(firstTarget)).toBe(0); // the previous generation was dropped
  });

  it('on a version bump serves the previous version unchanged until the new one has caught up, without holding read-your-writes', async () => {
    const v1 = gatedCounter(1);
    const head = await appendCounted('a', 4);
    const first = runner([v1.projection]);
    await first.start();
    expect(await first.waitForPosition(head, SETTLE_MS)).toBe(true);
    await first.stop();

    const v2 = gatedCounter(2);
    v2.close(head);
    const second = runner([v2.projection]);
    await second.start();
    await waitUntil(async () => (await second.status())[0].rebuild !== null);
    expect((await second.status())[0]).toMatchObject({ state: 'stale', version: 1, rebuild: { version: 2 } });
    const written = await appendCounted('b', 1);
    // Stale collections do not hold a write's answer back; they show what they showed. (The build stays stalled at
    // its gate throughout: a held answer would never come, however long the bound.)
    expect(await second.waitForPosition(written, SETTLE_MS)).toBe(true);
    expect(await readStore.find<CountDocument>('stream_counts', {}, { sort: [{ field: 'id', direction: 'asc' }] })).toEqual([
      { id: 'a', count: 4, version: 1 },
    ]);

    v2.open();
    await second.rebuildOnce('stream-counter');
    expect(await second.waitForPosition(written, SETTLE_MS)).toBe(true);
    expect(await readStore.find<CountDocument>('stream_counts', {}, { sort: [{ field: 'id', direction: 'asc' }] })).toEqual([
      { id: 'a', count: 4, version: 2 },
      { id: 'b', count: 1, version: 2 },
    ]);
    expect((await second.status())[0]).toMatchObject({ state: 'live', version: 2, rebuild: null });
  });

  it('resumes an interrupted build from its own checkpoint after a restart', async () => {
    const v1 = gatedCounter(1);
    const head = await appendCounted('a', 9);
    const first = runner([v1.projection]);
    await first.start();
    expect(await first.waitForPosition(head, SETTLE_MS)).toBe(true);
    await first.stop();

    // Batches of three: the first batch of the build is applied, the second stalls until the runner is stopping.
    const stalled = gatedCounter(2);
    stalled.close(head, 3);
    const interrupted = runner([stalled.projection]);
    await interrupted.start();
    // A build stores its batches every few batches, and what it has applied when it is stopped.
    await waitUntil(async () => ((await interrupted.status())[0].rebuild?.position ?? 0) >= 3);
    const stopping = interrupted.stop();
    stalled.open();
    await stopping;
    const build = (await readStore.listCheckpoints()).find((checkpoint) => checkpoint.projection.startsWith('stream-counter@g'));
    expect(build).toMatchObject({ version: 2 });

    const resumed = runner([gatedCounter(2).projection]);
    await resumed.start();
    await resumed.rebuildOnce('stream-counter');
    expect(await readStore.get('stream_counts', 'a')).toEqual({ id: 'a', count: 9, version: 2 });
    expect(await readStore.collectionTarget('stream_counts')).toBe(`stream_counts__g${build!.projection.split('@g')[1]}`);
  });

  it('stores a build while it replays on, and after a failed write replays from the last stored batch without counting twice', async () => {
    // 200 events on 4 streams in batches of 3: the build stores every twenty batches, so several writes, one of them
    // failing while the next batches are applied; the replay after it then stores more than once.
    for (let i = 0; i < 200; i++) await eventStore.append(`s${i % 4}`, [counted()], 'any');
    let buildWrites = 0;
    const failingStore: ReadStore = Object.create(readStore);
    failingStore.apply = async (operations, checkpoint) => {
      const isBuildWrite = [checkpoint ?? []].flat().some((c) => c.projection.includes('@g'));
      if (isBuildWrite && ++buildWrites === 2) throw new Error('connection lost (test)');
      return readStore.apply(operations, checkpoint);
    };
    const projections = new ProjectionRunner(eventStore, failingStore, [gatedCounter(1).projection], { batchSize: 3, retryDelayMs: 50 });
    runners.push(projections);
    await projections.start();
    expect(await projections.waitForPosition(200, SETTLE_MS)).toBe(true);
    expect(buildWrites).toBeGreaterThan(4);
    expect(await counts()).toEqual({ s0: 50, s1: 50, s2: 50, s3: 50 });
  });

  it('lets one instance run the projections while another follows, hands over on stop, and takes rebuild requests from other processes', async () => {
    // Long enough that no stall of a busy machine lets the leader's lease lapse before its first renewal (a third of
    // it after start): the follower then takes over only because the leader stops and releases it.
    const leaseTtlMs = 3_000;
    const leader = runner([gatedCounter(1).projection], { leaseTtlMs, followIntervalMs: 20 });
    const follower = runner([gatedCounter(1).projection], { leaseTtlMs, followIntervalMs: 20 });
    await leader.start();
    await follower.start();
    expect((await follower.status())[0].state).toBe('following');

    const written = await appendCounted('a', 6);
    // The follower's read-your-writes waits for the leader's checkpoint; a double application would show.
    expect(await follower.waitForPosition(written, SETTLE_MS)).toBe(true);
    expect(await counts()).toEqual({ a: 6 });

    const before = await readStore.collectionTarget('stream_counts');
    await requestRebuild(readStore, 'stream-counter');
    await waitUntil(async () => (await readStore.collectionTarget('stream_counts')) !== before);
    expect(await counts()).toEqual({ a: 6 });

    await leader.stop();
    await waitUntil(async () => (await follower.status())[0].state !== 'following');
    const more = await appendCounted('a', 2);
    expect(await follower.waitForPosition(more, SETTLE_MS)).toBe(true);
    expect(await counts()).toEqual({ a: 8 });
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
