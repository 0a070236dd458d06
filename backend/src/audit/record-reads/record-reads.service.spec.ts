/**
 * The batching of RecordReadsService over the real event store (PGlite): reads wait in memory and go in one append
 * per flush — at the count threshold, at the timer, on an explicit flush — a failed append keeps them for the next
 * flush, and the queue is bounded (the oldest are dropped, and that is logged).
 */
import { Logger } from '@nestjs/common';
import { RecordReadEvents, recordReadsStreamId } from '@cans/domain/audit/record-reads.events';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { createTestPgliteDatabase, TestDatabase } from '@cans/storage/test-support/databases';
import type { Actor } from '../../platform/commands/actor';
import { DEFAULT_RECORD_READS_OPTIONS, RecordReadsOptions, RecordReadsService } from './record-reads.service';

const HOUR = 3_600_000;

describe('RecordReadsService batching', () => {
  let database: TestDatabase;
  let store: SqlEventStore;
  let append: jest.SpyInstance;
  let loggedErrors: jest.SpyInstance;
  let services: RecordReadsService[] = [];
  let testNo = 0;
  let actor: Actor;

  beforeAll(async () => {
    database = await createTestPgliteDatabase();
    store = await SqlEventStore.create(database.client);
  });
  afterAll(async () => {
    await store?.close();
    await database?.dispose();
  });

  beforeEach(() => {
    actor = { userId: 'reader-1', ip: '10.1.1.1', correlationId: `batching-${++testNo}` };
    append = jest.spyOn(store, 'append');
    loggedErrors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    append.mockRestore();
    // Stop every service's timer before the next test counts appends.
    for (const service of services) await service.onApplicationShutdown();
    services = [];
    loggedErrors.mockRestore();
  });

  const serviceWith = (options: Partial<RecordReadsOptions>) => {
    const service = new RecordReadsService(store, { ...DEFAULT_RECORD_READS_OPTIONS, ...options });
    services.push(service);
    return service;
  };
  /** This test's recorded reads (its actor's correlation id), in order. */
  const recorded = async (): Promise<RecordedEvent[]> =>
    (await store.readStream(recordReadsStreamId(new Date().toISOString()))).filter(
      (event) => event.metadata.correlationId === actor.correlationId,
    );
  const idsOf = (events: RecordedEvent[]) => events.map((event) => (event.data as { assessmentIds: string[] }).assessmentIds.join(','));
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  // Generous for a loaded machine, and still within the test's own timeout; a condition met early ends it early.
  const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('queues without appending, then appends every queued read in one append when the count is reached', async () => {
    const service = serviceWith({ flushAtCount: 3, flushIntervalMs: HOUR });
    const before = new Date().toISOString();
    service.record(actor, ['a1'], 'editor');
    service.record(actor, ['a2', 'a3'], 'summary-pdf');
    expect(service.pending).toBe(2);
    expect(append).not.toHaveBeenCalled();

    service.record(actor, ['a4'], 'export-xlsx');
    // Not inside the read: right after it.
    expect(append).not.toHaveBeenCalled();
    await nextTurn();
    expect(append).toHaveBeenCalledTimes(1);
    await append.mock.results[0].value;
    expect(service.pending).toBe(0);
    const [streamId, events, expectedRevision] = append.mock.calls[0];
    expect(streamId).toMatch(/^record-reads-\d{4}-\d{2}-\d{2}$/);
    expect(expectedRevision).toBe('any');
    expect(events).toHaveLength(3);

    const stored = await recorded();
    expect(stored.map(({ type, schemaVersion, data }) => ({ type, schemaVersion, what: (data as { what: string }).what }))).toEqual([
      { type: RecordReadEvents.AssessmentRecordsRead, schemaVersion: 1, what: 'editor' },
      { type: RecordReadEvents.AssessmentRecordsRead, schemaVersion: 1, what: 'summary-pdf' },
      { type: RecordReadEvents.AssessmentRecordsRead, schemaVersion: 1, what: 'export-xlsx' },
    ]);
    expect(idsOf(stored)).toEqual(['a1', 'a2,a3', 'a4']);
    expect(stored[0].metadata).toMatchObject({ userId: 'reader-1', ip: '10.1.1.1', correlationId: actor.correlationId, causationId: null });
    const readAt = (stored[1].data as { readAt: string }).readAt;
    expect(readAt >= before && readAt <= new Date().toISOString()).toBe(true);
  });

  it('appends a lone read when the interval has passed, and records nothing for a read of no assessment', async () => {
    const service = serviceWith({ flushAtCount: 100, flushIntervalMs: 40 });
    service.record(actor, [], 'editor');
    expect(service.pending).toBe(0);
    service.record(actor, ['t1'], 'print');
    expect(service.pending).toBe(1);
    expect(append).not.toHaveBeenCalled();
    await until(async () => (await recorded()).length === 1);
    expect(append).toHaveBeenCalledTimes(1);
    expect(service.pending).toBe(0);
  });

  it('keeps the reads of a failed append, logs the failure and appends them (once) on the next flush', async () => {
    // An interval no stall of a busy machine reaches between the failed append and the check below, which a timer
    // flush in between would fail.
    const service = serviceWith({ flushAtCount: 2, flushIntervalMs: 1_000 });
    append.mockRejectedValueOnce(new Error('the store is down'));
    service.record(actor, ['f1'], 'editor');
    service.record(actor, ['f2'], 'summary');
    await nextTurn();
    await append.mock.results[0].value.catch(() => undefined);
    expect(loggedErrors).toHaveBeenCalledWith(
      expect.stringMatching(/Appending 2 reads .* failed; retried on the next flush: Error: the store is down/),
    );
    // While failing, more reads past the count wait for the timer rather than hammering the store.
    service.record(actor, ['f3'], 'print');
    await nextTurn();
    expect(append).toHaveBeenCalledTimes(1);
    await until(async () => (await recorded()).length === 3);
    expect(idsOf(await recorded())).toEqual(['f1', 'f2', 'f3']);
    expect(append).toHaveBeenCalledTimes(2);
    await service.flush();
    expect(await recorded()).toHaveLength(3);
  });

  it('holds at most maxQueued reads: the oldest are dropped, and the drop is logged; a backlog goes in appends of maxPerAppend', async () => {
    const service = serviceWith({ flushAtCount: 1_000, flushIntervalMs: HOUR, maxQueued: 3, maxPerAppend: 2 });
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5']) service.record(actor, [id], 'editor');
    expect(service.pending).toBe(3);
    await service.flush();
    expect(loggedErrors).toHaveBeenCalledWith(
      expect.stringMatching(/^2 reads of children's records were dropped unrecorded: more than 3 waited/),
    );
    expect(idsOf(await recorded())).toEqual(['b3', 'b4', 'b5']);
    expect(append.mock.calls.map(([, events]) => (events as unknown[]).length)).toEqual([2, 1]);
  });

  it('flushes called while one runs all resolve once everything queued before them is appended', async () => {
    const service = serviceWith({ flushAtCount: 1_000, flushIntervalMs: HOUR });
    service.record(actor, ['c1'], 'editor');
    const first = service.flush();
    service.record(actor, ['c2'], 'editor');
    const second = service.flush();
    const third = service.flush();
    await Promise.all([first, second, third]);
    expect(idsOf(await recorded())).toEqual(['c1', 'c2']);
    expect(service.pending).toBe(0);
  });

  it('never throws into the read: a read it cannot queue is logged', () => {
    const service = serviceWith({});
    expect(() => service.record(null as unknown as Actor, ['x'], 'editor')).not.toThrow();
    expect(loggedErrors).toHaveBeenCalledWith(expect.stringMatching(/A read of 1 assessments \(editor\) was not recorded/));
    expect(service.pending).toBe(0);
  });
});
