import { randomUUID } from 'node:crypto';
import {
  AppendHeldOpen,
  appendDelivered,
  concurrentWritersViolations,
  event,
  heldOpenReadViolations,
  metadata,
  runConcurrentWriters,
  ScenarioStreams,
  sleep,
  waitFor,
} from './event-store.contract-scenarios';
import { EventStore, RecordedEvent, WrongExpectedRevisionError } from './event-store.port';
import { EventUpcasters } from './upcasting';

/** What the contract asks of createStore; adapters ignore options that do not apply to them. */
export interface ContractStoreOptions {
  /** Must be applied on every read path; the contract registers its own test event types. */
  upcasters: EventUpcasters;
  /** For polling adapters: the upper bound on how long a caught-up subscription sleeps. */
  pollIntervalMs?: number;
}

export interface StoreUnderTest {
  store: EventStore;
  dispose(): Promise<void>;
}

export interface EventStoreContractOptions {
  /**
   * True when nothing else writes to the database during the suite (a fresh database per suite): enables the
   * exact head-position assertions. Shared servers (EventStoreDB) pass false and only get relative checks.
   */
  isolatedDatabase?: boolean;
  /**
   * Appends in a transaction held open until told to commit, for adapters whose appends can overlap
   * (PostgreSQL): the gap-safety tests then include slow committers. Without it they run without.
   */
  appendHeldOpen?: AppendHeldOpen;
}

/** Test event type the contract upcasts: v1 {name} → v2 {firstName, lastName} → v3 adds preferredName. */
const UPCAST_TYPE = 'ContractPersonNamed';

function contractUpcasters(): EventUpcasters {
  return new EventUpcasters()
    .register(UPCAST_TYPE, 1, (v1: { name: string }) => {
      const [firstName, ...rest] = v1.name.split(' ');
      return { firstName, lastName: rest.join(' ') };
    })
    .register(UPCAST_TYPE, 2, (v2: { firstName: string; lastName: string }) => ({
      ...v2,
      preferredName: v2.firstName,
    }));
}

async function expectWrongRevision(
  attempt: Promise<unknown>,
  expected: Pick<WrongExpectedRevisionError, 'streamId' | 'expected' | 'actual'>,
): Promise<void> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  const wrong = error as WrongExpectedRevisionError;
  expect({ streamId: wrong.streamId, expected: wrong.expected, actual: wrong.actual }).toEqual(expected);
}

function expectStrictlyIncreasing(positions: number[]): void {
  for (let i = 1; i < positions.length; i++) {
    if (!(positions[i] > positions[i - 1])) {
      throw new Error(`Positions not strictly increasing at index ${i}: ${positions[i - 1]} then ${positions[i]}`);
    }
  }
}

/**
 * The behaviour every EventStore adapter must show. createStore may be called several times per suite; every
 * store it returns must share one underlying database (that is how cross-process wake-ups are tested).
 */
export function eventStoreContract(
  adapterName: string,
  createStore: (options: ContractStoreOptions) => Promise<StoreUnderTest>,
  contractOptions: EventStoreContractOptions = {},
): void {
  const isolated = contractOptions.isolatedDatabase ?? true;

  describe(`${adapterName} event store contract`, () => {
    // Unique per run: a shared EventStoreDB keeps the streams of earlier runs.
    const runId = randomUUID().slice(0, 8);
    const streamName = (name: string) => `contract-${runId}-${name}`;
    const isOwn = (recorded: RecordedEvent) => recorded.streamId.startsWith(`contract-${runId}-`);
    const streams: ScenarioStreams = { streamName, isOwn };

    const opened: StoreUnderTest[] = [];
    const openStore = async (options: Partial<ContractStoreOptions> = {}) => {
      const underTest = await createStore({ upcasters: contractUpcasters(), ...options });
      opened.push(underTest);
      return underTest.store;
    };
    let store: EventStore;

    beforeAll(async () => {
      store = await openStore();
    });

    afterAll(async () => {
      for (const underTest of opened.reverse()) await underTest.dispose();
    });

    if (isolated) {
      it('starts empty: headPosition is 0 and readAll(0) is empty', async () => {
        expect(await store.headPosition()).toBe(0);
        expect(await store.readAll(0, 10)).toEqual([]);
      });
    }

    describe('append and readStream', () => {
      it('round-trips every field of a multi-event append', async () => {
        const streamId = streamName('round-trip');
        const clientEventId = randomUUID();
        const firstMetadata = metadata({ userId: 'worker-7', causationId: randomUUID(), ip: '10.0.0.8', tenant: 'a' });
        const secondMetadata = metadata({ userId: null });
        const startedAt = Date.now();

        const result = await store.append(
          streamId,
          [
            {
              type: 'ContractThingCreated',
              data: { name: 'Ada', nested: { list: [1, 'two', null], flag: true }, quote: 'say "hi" \\ ü' },
              metadata: firstMetadata,
              eventId: clientEventId,
            },
            { type: 'ContractThingChanged', data: { count: 2 }, schemaVersion: 4, metadata: secondMetadata },
          ],
          'no_stream',
        );
        const events = await store.readStream(streamId);

        expect(events).toHaveLength(2);
        const [first, second] = events;
        expect(first).toMatchObject({
          eventId: clientEventId,
          type: 'ContractThingCreated',
          data: { name: 'Ada', nested: { list: [1, 'two', null], flag: true }, quote: 'say "hi" \\ ü' },
          schemaVersion: 1,
          streamId,
          revision: 0,
        });
        expect(first.metadata).toEqual(firstMetadata);
        expect(second).toMatchObject({
          type: 'ContractThingChanged',
          data: { count: 2 },
          schemaVersion: 4,
          streamId,
          revision: 1,
        });
        expect(second.metadata).toEqual(secondMetadata);
        expect(second.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
        expect(second.eventId).not.toBe(first.eventId);

        expect(result).toEqual({ revision: 1, position: second.position });
        expect(first.position).toBeGreaterThan(0);
        expect(second.position).toBeGreaterThan(first.position);
        for (const recorded of events) {
          expect(recorded.recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
          const recordedMs = Date.parse(recorded.recordedAt);
          expect(Math.abs(recordedMs - startedAt)).toBeLessThan(60_000);
        }
      });

      it('numbers revisions from 0 and continues them across appends', async () => {
        const streamId = streamName('revisions');
        expect((await store.append(streamId, [event('ContractTick', { n: 0 })], 'no_stream')).revision).toBe(0);
        const second = await store.append(streamId, [event('ContractTick', { n: 1 }), event('ContractTick', { n: 2 })], 0);
        expect(second.revision).toBe(2);
        const events = await store.readStream(streamId);
        expect(events.map((recorded) => [recorded.revision, (recorded.data as { n: number }).n])).toEqual([
          [0, 0],
          [1, 1],
          [2, 2],
        ]);
        expectStrictlyIncreasing(events.map((recorded) => recorded.position));
      });

      it('keeps non-object data (null, strings, arrays)', async () => {
        const streamId = streamName('data-shapes');
        await store.append(
          streamId,
          [event('ContractNull', null), event('ContractString', 'plain'), event('ContractArray', [1, { a: 2 }])],
          'no_stream',
        );
        expect((await store.readStream(streamId)).map((recorded) => recorded.data)).toEqual([null, 'plain', [1, { a: 2 }]]);
      });

      it('gives [] for an unknown stream', async () => {
        expect(await store.readStream(streamName('never-written'))).toEqual([]);
      });

      it('rejects an empty append', async () => {
        await expect(store.append(streamName('empty'), [], 'any')).rejects.toThrow(Error);
        expect(await store.readStream(streamName('empty'))).toEqual([]);
      });
    });

    describe('expected revision', () => {
      it("rejects 'no_stream' when the stream exists", async () => {
        const streamId = streamName('exists');
        await store.append(streamId, [event('ContractTick', {}), event('ContractTick', {})], 'no_stream');
        await expectWrongRevision(store.append(streamId, [event('ContractTick', {})], 'no_stream'), {
          streamId,
          expected: 'no_stream',
          actual: 1,
        });
      });

      it('rejects a stale revision and a revision on a missing stream', async () => {
        const streamId = streamName('stale');
        await store.append(streamId, [event('ContractTick', {})], 'no_stream');
        await store.append(streamId, [event('ContractTick', {})], 0);
        await expectWrongRevision(store.append(streamId, [event('ContractTick', {})], 0), {
          streamId,
          expected: 0,
          actual: 1,
        });
        await expectWrongRevision(store.append(streamId, [event('ContractTick', {})], 5), {
          streamId,
          expected: 5,
          actual: 1,
        });
        const missing = streamName('missing');
        await expectWrongRevision(store.append(missing, [event('ContractTick', {})], 0), {
          streamId: missing,
          expected: 0,
          actual: 'no_stream',
        });
        expect(await store.readStream(missing)).toEqual([]);
      });

      it("accepts 'any' on new and existing streams, and the current revision", async () => {
        const streamId = streamName('any');
        expect((await store.append(streamId, [event('ContractTick', {})], 'any')).revision).toBe(0);
        expect((await store.append(streamId, [event('ContractTick', {})], 'any')).revision).toBe(1);
        expect((await store.append(streamId, [event('ContractTick', {})], 1)).revision).toBe(2);
        expect((await store.readStream(streamId)).map((recorded) => recorded.revision)).toEqual([0, 1, 2]);
      });

      it('writes nothing from a rejected multi-event append', async () => {
        const streamId = streamName('atomic');
        const before = await store.headPosition();
        await store.append(streamId, [event('ContractTick', { n: 0 })], 'no_stream');
        const rejected = [1, 2, 3].map((n) => event('ContractTick', { n }, { eventId: randomUUID() }));
        await expectWrongRevision(store.append(streamId, rejected, 'no_stream'), {
          streamId,
          expected: 'no_stream',
          actual: 0,
        });

        const events = await store.readStream(streamId);
        expect(events.map((recorded) => recorded.data)).toEqual([{ n: 0 }]);
        const rejectedIds = new Set(rejected.map((attempt) => attempt.eventId));
        const everythingSince = await store.readAll(before, 10_000);
        expect(everythingSince.filter((recorded) => rejectedIds.has(recorded.eventId))).toEqual([]);
        if (isolated) expect(await store.headPosition()).toBe(events[0].position);
      });
    });

    describe('readAll and headPosition', () => {
      it('reads in position order, exclusive of fromPosition, up to limit', async () => {
        const before = await store.headPosition();
        const streamA = streamName('all-a');
        const streamB = streamName('all-b');
        await store.append(streamA, [event('ContractA', { n: 1 }), event('ContractA', { n: 2 })], 'no_stream');
        await store.append(streamB, [event('ContractB', { n: 3 })], 'no_stream');
        const last = await store.append(streamA, [event('ContractA', { n: 4 })], 1);

        const all = await store.readAll(before, 1000);
        const own = all.filter((recorded) => recorded.streamId === streamA || recorded.streamId === streamB);
        expect(own.map((recorded) => [recorded.streamId, recorded.revision, recorded.data])).toEqual([
          [streamA, 0, { n: 1 }],
          [streamA, 1, { n: 2 }],
          [streamB, 0, { n: 3 }],
          [streamA, 2, { n: 4 }],
        ]);
        expect(all.every((recorded) => recorded.position > before)).toBe(true);
        expectStrictlyIncreasing(all.map((recorded) => recorded.position));
        if (isolated) expect(all).toEqual(own);

        // Gap-safe order means a later read always starts with what an earlier read returned.
        expect(await store.readAll(before, 2)).toEqual(all.slice(0, 2));
        expect(await store.readAll(all[0].position, 1)).toEqual([all[1]]);
        expect(await store.readAll(all[1].position, 2)).toEqual(all.slice(2, 4));

        const head = await store.headPosition();
        expect(head).toBeGreaterThanOrEqual(last.position);
        if (isolated) {
          expect(head).toBe(last.position);
          expect(await store.readAll(head, 10)).toEqual([]);
        }
      });

      it('reads from the start with position 0', async () => {
        const firstEvents = await store.readAll(0, 3);
        expect(firstEvents).toHaveLength(3);
        expect(firstEvents[0].position).toBeGreaterThan(0);
        expectStrictlyIncreasing(firstEvents.map((recorded) => recorded.position));
        if (isolated) expect(firstEvents[0].streamId).toBe(streamName('round-trip'));
      });

      it('returns the same events as readStream for the same stream', async () => {
        const streamId = streamName('same-view');
        const before = await store.headPosition();
        await store.append(streamId, [event('ContractTick', { n: 1 }), event('ContractTick', { n: 2 })], 'no_stream');
        const fromAll = (await store.readAll(before, 1000)).filter((recorded) => recorded.streamId === streamId);
        expect(fromAll).toEqual(await store.readStream(streamId));
      });
    });

    describe('readStream options', () => {
      const streamId = streamName('options');
      let events: RecordedEvent[];

      beforeAll(async () => {
        await store.append(
          streamId,
          [0, 1].map((n) => event('ContractStep', { n })),
          'no_stream',
        );
        // A pause so the two appends get distinct recordedAt times for the `until` filter.
        await sleep(30);
        await store.append(
          streamId,
          [2, 3, 4].map((n) => event('ContractStep', { n })),
          1,
        );
        events = await store.readStream(streamId);
      });

      const revisions = (recorded: RecordedEvent[]) => recorded.map((one) => one.revision);

      it('fromRevision and toRevision (inclusive)', async () => {
        expect(revisions(events)).toEqual([0, 1, 2, 3, 4]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 2 }))).toEqual([2, 3, 4]);
        expect(revisions(await store.readStream(streamId, { toRevision: 1 }))).toEqual([0, 1]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 1, toRevision: 3 }))).toEqual([1, 2, 3]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 3, toRevision: 3 }))).toEqual([3]);
        expect(await store.readStream(streamId, { fromRevision: 5 })).toEqual([]);
        expect(await store.readStream(streamId, { fromRevision: 3, toRevision: 2 })).toEqual([]);
      });

      it('until: only events recorded at or before that time', async () => {
        expect(Date.parse(events[2].recordedAt)).toBeGreaterThan(Date.parse(events[1].recordedAt));
        expect(revisions(await store.readStream(streamId, { until: events[1].recordedAt }))).toEqual([0, 1]);
        expect(revisions(await store.readStream(streamId, { until: events[4].recordedAt }))).toEqual([0, 1, 2, 3, 4]);
        const beforeFirst = new Date(Date.parse(events[0].recordedAt) - 1).toISOString();
        expect(await store.readStream(streamId, { until: beforeFirst })).toEqual([]);
        expect(revisions(await store.readStream(streamId, { fromRevision: 1, until: events[1].recordedAt }))).toEqual([1]);
      });
    });

    describe('upcasting', () => {
      it('gives readers the latest schema version on readStream, readAll and subscriptions', async () => {
        const streamId = streamName('upcast');
        const before = await store.headPosition();
        await store.append(
          streamId,
          [
            event(UPCAST_TYPE, { name: 'Ada King Lovelace' }),
            event(UPCAST_TYPE, { firstName: 'Grace', lastName: 'Hopper' }, { schemaVersion: 2 }),
            event(UPCAST_TYPE, { firstName: 'Alan', lastName: 'Turing', preferredName: 'Al' }, { schemaVersion: 3 }),
            event('ContractUnrelated', { name: 'untouched' }),
          ],
          'no_stream',
        );
        const expected = [
          { type: UPCAST_TYPE, schemaVersion: 3, data: { firstName: 'Ada', lastName: 'King Lovelace', preferredName: 'Ada' } },
          { type: UPCAST_TYPE, schemaVersion: 3, data: { firstName: 'Grace', lastName: 'Hopper', preferredName: 'Grace' } },
          { type: UPCAST_TYPE, schemaVersion: 3, data: { firstName: 'Alan', lastName: 'Turing', preferredName: 'Al' } },
          { type: 'ContractUnrelated', schemaVersion: 1, data: { name: 'untouched' } },
        ];
        const shape = (recorded: RecordedEvent[]) => recorded.map(({ type, schemaVersion, data }) => ({ type, schemaVersion, data }));

        expect(shape(await store.readStream(streamId))).toEqual(expected);
        const fromAll = (await store.readAll(before, 1000)).filter((recorded) => recorded.streamId === streamId);
        expect(shape(fromAll)).toEqual(expected);

        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(before, async (batch) => {
          appendDelivered(
            delivered,
            batch.filter((recorded) => recorded.streamId === streamId),
          );
        });
        try {
          await waitFor(() => delivered.length >= 4, 'the upcast events to be delivered');
        } finally {
          await subscription.stop();
        }
        expect(shape(delivered)).toEqual(expected);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, goes live, reports its position and stops', async () => {
        const streamId = streamName('live');
        const before = await store.headPosition();
        const caughtUp = await store.append(
          streamId,
          [1, 2, 3].map((n) => event('ContractLive', { n })),
          'no_stream',
        );

        const delivered: RecordedEvent[] = [];
        const batchSizes: number[] = [];
        let handlersInFlight = 0;
        let maxHandlersInFlight = 0;
        const subscription = store.subscribeToAll(
          before,
          async (batch) => {
            handlersInFlight += 1;
            maxHandlersInFlight = Math.max(maxHandlersInFlight, handlersInFlight);
            batchSizes.push(batch.length);
            await sleep(5);
            appendDelivered(delivered, batch);
            handlersInFlight -= 1;
          },
          { batchSize: 2 },
        );
        expect(subscription.position).toBe(before);

        try {
          await waitFor(() => subscription.position >= caughtUp.position, 'catch-up');
          const live = await store.append(
            streamId,
            [4, 5].map((n) => event('ContractLive', { n })),
            2,
          );
          await waitFor(() => subscription.position >= live.position, 'live events');

          const own = delivered.filter((recorded) => recorded.streamId === streamId);
          expect(own.map((recorded) => (recorded.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
          expectStrictlyIncreasing(delivered.map((recorded) => recorded.position));
          expect(delivered[0].position).toBeGreaterThan(before);
          expect(Math.max(...batchSizes)).toBeLessThanOrEqual(2);
          expect(maxHandlersInFlight).toBe(1);
          expect(subscription.position).toBe(delivered[delivered.length - 1].position);
        } finally {
          await subscription.stop();
        }

        const deliveredAtStop = delivered.length;
        const positionAtStop = subscription.position;
        await store.append(streamId, [event('ContractLive', { n: 6 })], 4);
        await sleep(300);
        expect(delivered).toHaveLength(deliveredAtStop);
        expect(subscription.position).toBe(positionAtStop);
      });

      it('stop() waits for the batch in flight and acknowledges it', async () => {
        const streamId = streamName('slow-handler');
        const before = await store.headPosition();
        const appended = await store.append(streamId, [event('ContractSlow', {})], 'no_stream');

        let releaseHandler!: () => void;
        const handlerReleased = new Promise<void>((resolve) => (releaseHandler = resolve));
        let handlerStarted = false;
        let handlerFinished = false;
        const subscription = store.subscribeToAll(before, async (batch) => {
          if (!batch.some((recorded) => recorded.streamId === streamId)) return;
          handlerStarted = true;
          await handlerReleased;
          handlerFinished = true;
        });
        await waitFor(() => handlerStarted, 'the handler to start');

        let stopped = false;
        const stopping = subscription.stop().then(() => (stopped = true));
        await sleep(50);
        expect(stopped).toBe(false);
        releaseHandler();
        await stopping;
        expect(handlerFinished).toBe(true);
        expect(subscription.position).toBeGreaterThanOrEqual(appended.position);
      });

      it('reports a handler error through onError, stops, and keeps the last acknowledged position', async () => {
        const streamId = streamName('failing-handler');
        const before = await store.headPosition();
        const appended = await store.append(streamId, [event('ContractFails', {})], 'no_stream');
        const failure = new Error('projection bug');
        const errors: unknown[] = [];
        let calls = 0;
        const subscription = store.subscribeToAll(
          before,
          async (batch) => {
            if (batch.some((recorded) => recorded.streamId === streamId)) {
              calls += 1;
              throw failure;
            }
          },
          { onError: (error) => errors.push(error) },
        );
        try {
          await waitFor(() => errors.length > 0, 'onError');
          expect(errors).toEqual([failure]);
          expect(subscription.position).toBeLessThan(appended.position);
          await store.append(streamId, [event('ContractFails', {})], 0);
          await sleep(200);
          expect(calls).toBe(1);
        } finally {
          await subscription.stop();
        }
      });

      it('wakes a subscription on another store instance (another process) promptly', async () => {
        // The other instance would only notice by polling after a minute; a prompt delivery proves the
        // cross-process wake-up (LISTEN/NOTIFY on SQL, the server push on EventStoreDB).
        const otherProcess = await openStore({ pollIntervalMs: 60_000 });
        const streamId = streamName('cross-process');
        const before = await store.headPosition();
        const delivered: RecordedEvent[] = [];
        const subscription = otherProcess.subscribeToAll(before, async (batch) => {
          appendDelivered(
            delivered,
            batch.filter((recorded) => recorded.streamId === streamId),
          );
        });
        try {
          // Let it catch up and fall asleep first.
          await sleep(200);
          await store.append(streamId, [event('ContractCrossProcess', {})], 'no_stream');
          await waitFor(() => delivered.length === 1, 'delivery to the other instance', 5_000);
        } finally {
          await subscription.stop();
        }
      });

      it('closing the store stops its subscriptions', async () => {
        const closingStore = await openStore();
        const streamId = streamName('close');
        const delivered: RecordedEvent[] = [];
        const before = await store.headPosition();
        closingStore.subscribeToAll(before, async (batch) => {
          appendDelivered(
            delivered,
            batch.filter((recorded) => recorded.streamId === streamId),
          );
        });
        await store.append(streamId, [event('ContractClose', {})], 'no_stream');
        await waitFor(() => delivered.length === 1, 'delivery before close');
        await closingStore.close();
        await store.append(streamId, [event('ContractClose', {})], 0);
        await sleep(300);
        expect(delivered).toHaveLength(1);
      });
    });

    describe('many concurrent writers', () => {
      it("never rejects concurrent 'any' appends to one stream", async () => {
        const streamId = streamName('any-contended');
        const results = await Promise.all(
          Array.from({ length: 24 }, (_, n) => store.append(streamId, [event('ContractAny', { n })], 'any')),
        );
        expect(results.map((result) => result.revision).sort((a, b) => a - b)).toEqual(results.map((_, index) => index));
        const events = await store.readStream(streamId);
        expect(events.map((recorded) => recorded.revision)).toEqual(results.map((_, index) => index));
        expectStrictlyIncreasing(events.map((recorded) => recorded.position));
      });

      const appendHeldOpen = contractOptions.appendHeldOpen;
      if (appendHeldOpen) {
        it('readAll never returns a position above one drawn by a transaction still open', async () => {
          expect(await heldOpenReadViolations(store, appendHeldOpen, streams)).toEqual([]);
        });
      }

      it(`delivers every event exactly once, in strictly increasing position order, to a live subscriber${
        appendHeldOpen ? ', with slow committers among the writers' : ''
      }`, async () => {
        const outcome = await runConcurrentWriters(store, streams, appendHeldOpen);
        expect(concurrentWritersViolations(outcome, streams, isolated)).toEqual([]);

        const { before, delivered, appendedIds, sharedStream, sharedAppends, writers, appendsPerWriter } = outcome;
        expectStrictlyIncreasing(delivered.map((recorded) => recorded.position));
        expect(delivered.every((recorded) => recorded.position > before)).toBe(true);
        const deliveredIds = delivered.filter(isOwn).map((recorded) => recorded.eventId);
        expect(new Set(deliveredIds).size).toBe(deliveredIds.length);
        const ownDeliveredIds = deliveredIds.filter((id) => appendedIds.has(id));
        expect(ownDeliveredIds).toHaveLength(appendedIds.size);
        expect(new Set(ownDeliveredIds)).toEqual(appendedIds);
        if (isolated) expect(delivered).toHaveLength(appendedIds.size);

        // Every stream's revisions arrive contiguous from 0: no lost or doubled append, even on the shared stream.
        const revisionsByStream = new Map<string, number[]>();
        for (const recorded of delivered.filter(isOwn)) {
          revisionsByStream.set(recorded.streamId, [...(revisionsByStream.get(recorded.streamId) ?? []), recorded.revision]);
        }
        for (const [streamId, revisions] of revisionsByStream) {
          expect({ streamId, revisions }).toEqual({ streamId, revisions: revisions.map((_, index) => index) });
        }
        expect(revisionsByStream.get(sharedStream)).toHaveLength(sharedAppends);
        expect(sharedAppends).toBe(writers * (appendsPerWriter / 10));

        // The subscriber saw exactly what a reader by position sees afterwards.
        expect(outcome.readBack.map((recorded) => recorded.eventId)).toEqual(deliveredIds);
      });
    });
  });
}
