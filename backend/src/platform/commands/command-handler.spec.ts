/**
 * The command handler's policies through the real event store (PGlite): 'append-only' appends without reading the
 * stream (so a log never conflicts), and handlePlanned plans again on a race and answers from the recorded position,
 * also when the answer is a refusal whose fact was recorded first; 'merge' commands on one stream never collide in
 * one process (they queue), however many arrive at once.
 */
import type { Decider, EventUnion } from '@cans/domain/decider';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import { createTestPgliteDatabase, TestDatabase } from '@cans/storage/test-support/databases';
import type { Actor } from './actor';
import { APPEND_ONLY, EventSourcedCommandHandler, factLog } from './command-handler';

const actor: Actor = { userId: null, ip: null, correlationId: 'command-handler-spec' };

type CounterEvent = EventUnion<{ Counted: { total: number } }>;
type CountCommand = { type: 'Count' };

/** Each Count records the running total: deciding on a stale state would repeat a total. */
const counter: Decider<number, CountCommand, CounterEvent> = {
  initialState: 0,
  eventTypes: ['Counted'],
  decide: (_command, total) => [{ type: 'Counted', data: { total: total + 1 } }],
  evolve: (_total, event) => event.data.total,
};

describe('EventSourcedCommandHandler', () => {
  let database: TestDatabase;
  let store: SqlEventStore;
  let handler: EventSourcedCommandHandler;

  beforeAll(async () => {
    database = await createTestPgliteDatabase();
    store = await SqlEventStore.create(database.client);
    handler = new EventSourcedCommandHandler(store);
  });

  afterAll(async () => {
    await store?.close();
    await database?.dispose();
  });

  const totals = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.data);

  it("'append-only' does not read the stream: it decides on the initial state and appends at any revision", async () => {
    const streamId = 'append-only-log';
    const log = factLog<CounterEvent>(['Counted']);
    await handler.handle(streamId, log, [{ type: 'Counted', data: { total: 7 } }], { actor, concurrency: APPEND_ONLY });
    const second = await handler.handle(streamId, counter, { type: 'Count' }, { actor, concurrency: APPEND_ONLY });
    expect(second.decidedOn).toEqual({ state: 0, revision: 'no_stream', position: 0 });
    expect(second.revision).toBe(1);
    expect(await totals(streamId)).toEqual([{ total: 7 }, { total: 1 }]);
  });

  it('handlePlanned plans again on the fresh state after a race, and answers from the recorded position', async () => {
    const streamId = 'planned-race';
    const plannedOn: number[] = [];
    const answer = await handler.handlePlanned(
      streamId,
      counter,
      async ({ state }) => {
        plannedOn.push(state);
        // Someone else counts between the first load and its append.
        if (plannedOn.length === 1) await handler.handle(streamId, counter, { type: 'Count' }, { actor });
        return { command: { type: 'Count' }, answer: (position) => ({ position, plannedOn: state }) };
      },
      { actor, concurrency: { kind: 'merge', maxAttempts: 2 } },
    );
    expect(plannedOn).toEqual([0, 1]);
    expect(answer).toEqual({ position: await store.headPosition(), plannedOn: 1 });
    expect(await totals(streamId)).toEqual([{ total: 1 }, { total: 2 }]);
  });

  it('handlePlanned records a refusal before throwing it', async () => {
    const streamId = 'planned-refusal';
    const refusal = new Error('refused after recording');
    await expect(
      handler.handlePlanned(
        streamId,
        counter,
        () => ({
          command: { type: 'Count' },
          answer: () => {
            throw refusal;
          },
        }),
        { actor },
      ),
    ).rejects.toBe(refusal);
    expect(await totals(streamId)).toEqual([{ total: 1 }]);
  });

  it("'merge' commands on one stream run one after another in the process: 60 at once, none needs a retry", async () => {
    const streamId = 'merge-burst';
    // One attempt only: without the queue, all but one of the commands that loaded the same revision would fail.
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () =>
        handler.handle(streamId, counter, { type: 'Count' }, { actor, concurrency: { kind: 'merge', maxAttempts: 1 } }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.attempts)).toEqual(Array(60).fill(1));
    expect(await totals(streamId)).toEqual(Array.from({ length: 60 }, (_, i) => ({ total: i + 1 })));
  });

  it("'merge' commands of different streams, and a failed one, do not hold up the rest", async () => {
    const failing: Decider<number, CountCommand, CounterEvent> = {
      ...counter,
      decide: () => {
        throw new Error('refused');
      },
    };
    const merge = { actor, concurrency: { kind: 'merge', maxAttempts: 1 } } as const;
    const results = await Promise.allSettled([
      handler.handle('merge-a', counter, { type: 'Count' }, merge),
      handler.handle('merge-a', failing, { type: 'Count' }, merge),
      handler.handle('merge-a', counter, { type: 'Count' }, merge),
      handler.handle('merge-b', counter, { type: 'Count' }, merge),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await totals('merge-a')).toEqual([{ total: 1 }, { total: 2 }]);
    expect(await totals('merge-b')).toEqual([{ total: 1 }]);
  });
});
