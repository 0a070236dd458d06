/**
 * HeavyWorkPool (issue 29, item 1): jobs run in worker threads, so the main thread answers meanwhile; one user may
 * hold HEAVY_JOBS_PER_USER jobs (the next is 429), and past the queue's bound anyone's next job is 503 — both with
 * a Retry-After, refused at once, never queued without end.
 */
import { HttpStatus } from '@nestjs/common';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { HeavyWorkPool, HeavyWorkRefused } from './heavy-work-pool';

const heldJob = join(__dirname, '../../../test-support/workers/held-job.worker.ts');

describe('HeavyWorkPool', () => {
  let pool: HeavyWorkPool;
  afterEach(async () => pool?.onModuleDestroy());

  it('runs a job on another thread while the main thread goes on', async () => {
    pool = new HeavyWorkPool({ threads: 1, filename: heldJob });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const result = await pool.run<{ threadId: number }>('u1', { ms: 400 });
    clearInterval(ticker);
    expect(result.threadId).not.toBe(threadId);
    // The main thread's timer kept firing during the 400 ms of busy work (with a blocked loop it could not).
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('refuses a user a third job at once (429), and anyone a job past the queue (503), with Retry-After', async () => {
    pool = new HeavyWorkPool({ threads: 1, queuePerThread: 2, perUser: 2, filename: heldJob });
    const first = pool.run('alice', { ms: 800 });
    const second = pool.run('alice', { ms: 50 });
    const refusedAlice = await pool.run('alice', { ms: 50 }).catch((error: unknown) => error);
    expect(refusedAlice).toBeInstanceOf(HeavyWorkRefused);
    expect((refusedAlice as HeavyWorkRefused).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
    expect((refusedAlice as HeavyWorkRefused).getResponse()).toMatchObject({ retryAfterSeconds: 5, messageKey: 'heavy_jobs_per_user' });

    await waitFor(() => pool.waiting === 1); // alice's first runs, her second waits
    const bob = pool.run('bob', { ms: 50 }); // the queue's second place
    await waitFor(() => pool.waiting === 2);
    const refusedCarol = await pool.run('carol', { ms: 50 }).catch((error: unknown) => error);
    expect((refusedCarol as HeavyWorkRefused).getStatus()).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect((refusedCarol as HeavyWorkRefused).getResponse()).toMatchObject({ messageKey: 'heavy_work_busy' });

    await Promise.all([first, second, bob]);
    // Once her jobs are done, alice may start again.
    await expect(pool.run('alice', { ms: 10 })).resolves.toMatchObject({ threadId: expect.any(Number) });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
