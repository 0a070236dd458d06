import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { createTestPgliteDatabase, TestDatabase } from '@cans/storage/test-support/databases';
import { analyticsProjectionNamed } from './index';
import { ANALYTICS_REPLAYS_COLLECTION, parseReplayMoment } from './analytics-replay';
import {
  ANALYTICS_REPLAY_JOBS_COLLECTION,
  getReplayJob,
  MAX_REPLAYS_PER_PROJECTION,
  MAX_WAITING_REPLAYS,
  ReplayJobDocument,
  requestReplay,
  requeueAbandonedReplays,
  runNextReplay,
  builtInReplayerOf,
} from './analytics-replay-jobs';

const projection = analyticsProjectionNamed('time-to-approval')!;
const day = (text: string) => parseReplayMoment(text)!;

describe('the analytics replay queue', () => {
  let database: TestDatabase;
  let eventStore: EventStore;
  let readStore: ReadStore;
  const run = (options: Partial<Parameters<typeof runNextReplay>[1]> = {}) =>
    runNextReplay(readStore, {
      runner: 'me',
      replayerOf: async (name) => builtInReplayerOf(eventStore, readStore)(name),
      batchSize: 10,
      ...options,
    });

  beforeEach(async () => {
    database = await createTestPgliteDatabase();
    eventStore = await SqlEventStore.create(database.client);
    readStore = await SqlReadStore.create(database.client);
    // Events of no interest to the projection: a replay reads them all, applies none.
    for (let i = 0; i < 5; i++)
      await eventStore.append(
        `other-${i}`,
        Array.from({ length: 10 }, () => ({
          type: 'Unrelated',
          data: { i },
          metadata: { userId: 'u1', correlationId: `c${i}`, causationId: null },
        })),
        'any',
      );
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
    await database.dispose();
  });

  it('queues once per projection and moment, one per user, a bounded number in all, and a bounded number of replays kept', async () => {
    const first = await requestReplay(readStore, { projection, moment: day('2025-01-31'), requestedBy: 'u1' });
    expect(first).toMatchObject({ kind: 'queued', job: { state: 'queued', label: '2025-01-31', until: '2025-01-31T23:59:59.999Z' } });
    const same = await requestReplay(readStore, { projection, moment: day('2025-01-31'), requestedBy: 'u2' });
    expect(same).toEqual({ kind: 'existing', job: first.kind === 'queued' ? first.job : null });
    expect((await requestReplay(readStore, { projection, moment: day('2025-02-28'), requestedBy: 'u1' })).kind).toBe('user-busy');
    for (let user = 2; user <= MAX_WAITING_REPLAYS; user++)
      expect((await requestReplay(readStore, { projection, moment: day(`2024-0${user}-01`), requestedBy: `u${user}` })).kind).toBe(
        'queued',
      );
    expect((await requestReplay(readStore, { projection, moment: day('2023-01-01'), requestedBy: 'u99' })).kind).toBe('queue-full');
    expect(await readStore.count(ANALYTICS_REPLAY_JOBS_COLLECTION)).toBe(MAX_WAITING_REPLAYS);

    // As many replays kept as allowed: a new moment is refused, a moment already kept may be rebuilt.
    await readStore.apply(
      (await readStore.find<ReplayJobDocument>(ANALYTICS_REPLAY_JOBS_COLLECTION)).map((job) => ({
        kind: 'patch' as const,
        collection: ANALYTICS_REPLAY_JOBS_COLLECTION,
        id: job.id,
        changes: { state: 'done' },
      })),
    );
    await readStore.apply(
      Array.from({ length: MAX_REPLAYS_PER_PROJECTION }, (_, i) => ({
        kind: 'upsert' as const,
        collection: ANALYTICS_REPLAYS_COLLECTION,
        document: { id: `r${i}`, projection: projection.name, until: `2020-01-${String(i + 1).padStart(2, '0')}T23:59:59.999Z` },
      })),
    );
    expect((await requestReplay(readStore, { projection, moment: day('2019-01-01'), requestedBy: 'u1' })).kind).toBe('too-many-replays');
    expect((await requestReplay(readStore, { projection, moment: day('2020-01-05'), requestedBy: 'u1' })).kind).toBe('queued');
  });

  it('runs the oldest queued job to done, with its progress and the events it applied', async () => {
    const asked = await requestReplay(readStore, { projection, moment: day('2099-12-31'), requestedBy: 'u1' });
    expect(await run({ progressEveryMs: 0 })).toBe(true);
    const job = (await getReplayJob(readStore, asked.kind === 'queued' ? asked.job.id : ''))!;
    expect(job).toMatchObject({ state: 'done', runBy: 'me', position: 50, headPosition: 50, applied: 50, error: null });
    expect(await readStore.count(ANALYTICS_REPLAYS_COLLECTION)).toBe(1);
    expect(await run()).toBe(false);
  });

  it('puts a replay stopped by shutdown back in the queue, registering nothing', async () => {
    const asked = await requestReplay(readStore, { projection, moment: day('2099-12-31'), requestedBy: 'u1' });
    const stopping = new AbortController();
    stopping.abort();
    expect(await run({ signal: stopping.signal })).toBe(false);
    const job = (await getReplayJob(readStore, asked.kind === 'queued' ? asked.job.id : ''))!;
    expect(job).toMatchObject({ state: 'queued', runBy: null, startedAt: null });
    expect(await readStore.count(ANALYTICS_REPLAYS_COLLECTION)).toBe(0);
  });

  it('requeues jobs left running by another instance, not its own', async () => {
    const theirs = await requestReplay(readStore, { projection, moment: day('2025-01-31'), requestedBy: 'u1' });
    const mine = await requestReplay(readStore, { projection, moment: day('2025-02-28'), requestedBy: 'u2' });
    const idOf = (outcome: typeof theirs) => (outcome.kind === 'queued' ? outcome.job.id : '');
    await readStore.apply([
      { kind: 'patch', collection: ANALYTICS_REPLAY_JOBS_COLLECTION, id: idOf(theirs), changes: { state: 'running', runBy: 'gone' } },
      { kind: 'patch', collection: ANALYTICS_REPLAY_JOBS_COLLECTION, id: idOf(mine), changes: { state: 'running', runBy: 'me' } },
    ]);
    expect(await requeueAbandonedReplays(readStore, 'me')).toBe(1);
    expect((await getReplayJob(readStore, idOf(theirs)))!.state).toBe('queued');
    expect((await getReplayJob(readStore, idOf(mine)))!.state).toBe('running');
  });
});
