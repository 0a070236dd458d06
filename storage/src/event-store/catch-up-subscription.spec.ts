import { CatchUpSubscription, CatchUpSubscriptionSource } from './catch-up-subscription';
import { RecordedEvent } from './event-store.port';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function eventAt(position: number): RecordedEvent {
  return {
    eventId: `id-${position}`,
    type: 'Tick',
    data: {},
    schemaVersion: 1,
    streamId: 's',
    revision: position - 1,
    position,
    recordedAt: new Date(0).toISOString(),
    metadata: { userId: null, correlationId: 'c', causationId: null },
  };
}

/** An in-memory log with a counter of reads, to see whether a caught-up subscription keeps querying. */
function fakeSource(pollIntervalMs: number) {
  const log: RecordedEvent[] = [];
  const wakers = new Set<() => void>();
  let reads = 0;
  const source: CatchUpSubscriptionSource = {
    async readAfter(fromPosition, limit) {
      reads += 1;
      return log.filter((event) => event.position > fromPosition).slice(0, limit);
    },
    onPossibleAppend(wake) {
      wakers.add(wake);
      return () => wakers.delete(wake);
    },
    pollIntervalMs,
  };
  return {
    source,
    reads: () => reads,
    listeners: () => wakers.size,
    append(count: number, wake = true) {
      for (let i = 0; i < count; i++) log.push(eventAt(log.length + 1));
      if (wake) wakers.forEach((waker) => waker());
    },
  };
}

describe('CatchUpSubscription', () => {
  it('does not busy-loop when caught up: reads about once per poll interval', async () => {
    const fake = fakeSource(50);
    const subscription = new CatchUpSubscription(0, fake.source, async () => undefined, {});
    await sleep(300);
    await subscription.stop();
    expect(fake.reads()).toBeGreaterThanOrEqual(3);
    expect(fake.reads()).toBeLessThanOrEqual(10);
  });

  it('is woken by an append without waiting for the poll, and by the poll when no wake-up comes', async () => {
    const fake = fakeSource(60_000);
    const delivered: number[] = [];
    const subscription = new CatchUpSubscription(
      0,
      fake.source,
      async (batch) => {
        delivered.push(...batch.map((event) => event.position));
      },
      { batchSize: 2 },
    );
    await sleep(20);
    fake.append(5);
    await sleep(50);
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
    expect(subscription.position).toBe(5);
    await subscription.stop();
    expect(fake.listeners()).toBe(0);

    const polled = fakeSource(30);
    const polledDelivered: number[] = [];
    const pollingSubscription = new CatchUpSubscription(
      0,
      polled.source,
      async (batch) => {
        polledDelivered.push(...batch.map((event) => event.position));
      },
      {},
    );
    await sleep(10);
    polled.append(2, false);
    await sleep(100);
    await pollingSubscription.stop();
    expect(polledDelivered).toEqual([1, 2]);
  });

  it('does not miss an append that wakes it while a read is in flight', async () => {
    const fake = fakeSource(60_000);
    const originalRead = fake.source.readAfter;
    let appendDuringFirstRead = true;
    fake.source.readAfter = async (from, limit) => {
      const result = await originalRead(from, limit);
      if (appendDuringFirstRead) {
        appendDuringFirstRead = false;
        fake.append(1); // lands after the read's snapshot: only the wake-up flag reveals it
      }
      return result;
    };
    const delivered: number[] = [];
    const subscription = new CatchUpSubscription(
      0,
      fake.source,
      async (batch) => {
        delivered.push(...batch.map((event) => event.position));
      },
      {},
    );
    await sleep(50);
    await subscription.stop();
    expect(delivered).toEqual([1]);
  });

  it('with shortReadReachesHead, waits after a short batch instead of reading again, unless woken meanwhile', async () => {
    const fake = fakeSource(60_000);
    fake.source.shortReadReachesHead = true;
    const delivered: number[] = [];
    let appendDuringHandler = false;
    const subscription = new CatchUpSubscription(
      0,
      fake.source,
      async (batch) => {
        delivered.push(...batch.map((event) => event.position));
        if (appendDuringHandler) {
          appendDuringHandler = false;
          fake.append(1); // its wake-up arrives while the handler runs: read on at once
        }
      },
      { batchSize: 10 },
    );
    await sleep(20);
    const readsWhenAsleep = fake.reads();
    fake.append(2);
    await sleep(30);
    // One read found the two events; no second read to find nothing.
    expect(delivered).toEqual([1, 2]);
    expect(fake.reads()).toBe(readsWhenAsleep + 1);

    appendDuringHandler = true;
    fake.append(1);
    await sleep(30);
    expect(delivered).toEqual([1, 2, 3, 4]);
    expect(fake.reads()).toBe(readsWhenAsleep + 3);
    await subscription.stop();
  });

  it('stop() resolves only after the in-flight handler, whose batch then counts as acknowledged', async () => {
    const fake = fakeSource(60_000);
    fake.append(3, false);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const subscription = new CatchUpSubscription(0, fake.source, () => released, {});
    await sleep(20);
    let stopped = false;
    const stopping = subscription.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(subscription.position).toBe(3);
  });

  it('reports a handler error once, stops, and keeps the previous position', async () => {
    const fake = fakeSource(10);
    fake.append(2, false);
    const errors: unknown[] = [];
    const subscription = new CatchUpSubscription(
      0,
      fake.source,
      async (batch) => {
        if (batch[0].position === 2) throw new Error('boom');
      },
      { batchSize: 1, onError: (error) => errors.push(error) },
    );
    await sleep(60);
    expect(errors).toHaveLength(1);
    expect(subscription.position).toBe(1);
    const readsAfterStop = fake.reads();
    await sleep(50);
    expect(fake.reads()).toBe(readsAfterStop);
    await subscription.stop();
  });
});
