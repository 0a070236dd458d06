import { CatchUpSubscription, CatchUpSubscriptionSource } from './catch-up-subscription';
import { RecordedEvent } from './event-store.port';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bound for waiting on something the subscription does at once (a wake-up, a read, a handler call): generous for a
 * loaded machine, yet far below the 60 s poll interval, so arriving within it still proves no poll was needed.
 */
const PROMPTLY_MS = 10_000;

/** Re-runs `assertion` (jest `expect`s) until it passes; after `timeoutMs` throws its last error. */
async function eventually(assertion: () => void, timeoutMs = PROMPTLY_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await sleep(5);
  }
}

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
    // Fake timers: 300 ms pass exactly, however busy the machine (real ones stretch and bunch up under load).
    jest.useFakeTimers();
    try {
      const fake = fakeSource(50);
      const subscription = new CatchUpSubscription(0, fake.source, async () => undefined, {});
      await jest.advanceTimersByTimeAsync(300);
      await subscription.stop();
      expect(fake.reads()).toBeGreaterThanOrEqual(3);
      expect(fake.reads()).toBeLessThanOrEqual(10);
    } finally {
      jest.useRealTimers();
    }
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
    // Caught up and asleep: the first read found nothing, and the next poll is a minute away.
    await eventually(() => {
      expect(fake.listeners()).toBe(1);
      expect(fake.reads()).toBe(1);
    });
    fake.append(5);
    await eventually(() => expect(delivered).toEqual([1, 2, 3, 4, 5]));
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
    await eventually(() => expect(polled.reads()).toBeGreaterThanOrEqual(1));
    polled.append(2, false);
    await eventually(() => expect(polledDelivered).toEqual([1, 2]));
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
    // Missing the wake-up would leave the event to the poll, a minute away.
    await eventually(() => expect(delivered).toEqual([1]));
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
    await eventually(() => {
      expect(fake.listeners()).toBe(1);
      expect(fake.reads()).toBe(1);
    });
    const readsWhenAsleep = fake.reads();
    fake.append(2);
    await eventually(() => expect(delivered).toEqual([1, 2]));
    // Room for a second read, had the subscription wanted one.
    await sleep(30);
    // One read found the two events; no second read to find nothing.
    expect(delivered).toEqual([1, 2]);
    expect(fake.reads()).toBe(readsWhenAsleep + 1);

    appendDuringHandler = true;
    fake.append(1);
    await eventually(() => expect(delivered).toEqual([1, 2, 3, 4]));
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
    let handling = false;
    const subscription = new CatchUpSubscription(
      0,
      fake.source,
      () => {
        handling = true;
        return released;
      },
      {},
    );
    await eventually(() => expect(handling).toBe(true));
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
    await eventually(() => expect(errors.length).toBeGreaterThanOrEqual(1));
    const readsAfterStop = fake.reads();
    // Five poll intervals in which a subscription still running would read (and fail) again.
    await sleep(50);
    expect(errors).toHaveLength(1);
    expect(subscription.position).toBe(1);
    expect(fake.reads()).toBe(readsAfterStop);
    await subscription.stop();
  });
});
