/**
 * A published projection's own worker thread (sandboxed-projection.worker.ts), from the main thread's side: open it
 * with the code, send it stored events in log order, ask for its rows' changes, end it. One request at a time; a
 * failure of the analyst's code rejects with its SandboxError (what, the line, the event), the thread's death with an
 * Error. A thread of its own rather than the heavy-work pool's: it holds the projection's state between batches for
 * as long as the projection is live.
 */
import { Worker } from 'node:worker_threads';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { DEFAULT_SANDBOX_LIMITS, SandboxLimits } from '@cans/projections/analytics/sandbox/projection-sandbox';
import { SandboxError } from '@cans/projections/analytics/sandbox/sandbox-error';
import type { RowChanges, ThreadReply, ThreadRequest } from './sandboxed-projection-protocol';
import { workerExecArgv, workerScriptBeside } from '../../platform/heavy-work/worker-script';

/**
 * A published projection's sandbox: the preview's CPU budget per call, more memory (its state covers the whole log,
 * not the first 10,000 events). WebAssembly memory is taken as it is used, so the cap costs nothing until reached.
 */
export const PUBLISHED_SANDBOX_LIMITS: SandboxLimits = { ...DEFAULT_SANDBOX_LIMITS, memoryBytes: 1024 * 1024 * 1024 };

const WORKER_FILE = workerScriptBeside(__filename, __dirname, 'sandboxed-projection.worker');

export class SandboxedProjectionThread {
  private pending: { resolve(reply: ThreadReply): void; reject(error: Error): void } | null = null;
  private ended: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ThreadReply) => {
      const pending = this.pending;
      this.pending = null;
      if (!pending) return;
      if (reply.ok) pending.resolve(reply);
      else if (reply.error) {
        const { message, failure, line, column, event } = reply.error;
        pending.reject(new SandboxError(message, failure, line, column, event));
      } else pending.reject(new Error(reply.message));
    });
    const died = (error: Error) => {
      this.ended ??= error;
      this.pending?.reject(error);
      this.pending = null;
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`The projection’s thread ended (exit code ${code})`)));
  }

  /** A thread with the code open in its sandbox; rejects with the SandboxError of code that does not open. */
  static async open(
    code: string,
    key: Buffer,
    options: { until?: string | null; limits?: SandboxLimits } = {},
  ): Promise<SandboxedProjectionThread> {
    const thread = new SandboxedProjectionThread(new Worker(WORKER_FILE, { execArgv: workerExecArgv(WORKER_FILE) }));
    try {
      await thread.send({
        kind: 'open',
        code,
        key: new Uint8Array(key),
        until: options.until ?? null,
        limits: options.limits ?? PUBLISHED_SANDBOX_LIMITS,
      });
      return thread;
    } catch (error) {
      await thread.end();
      throw error;
    }
  }

  /** Folds stored events (in log order) into the projection; answers how many the analyst's view applied. */
  async apply(events: RecordedEvent[]): Promise<number> {
    const reply = await this.send({ kind: 'apply', events });
    return 'applied' in reply ? reply.applied : 0;
  }

  /** The rows' changes since the last call (the first call: every row). */
  async rowChanges(): Promise<RowChanges> {
    const reply = await this.send({ kind: 'rows' });
    return 'changes' in reply ? reply.changes : {};
  }

  async end(): Promise<void> {
    this.ended ??= new Error('The projection’s thread was ended');
    await this.worker.terminate();
  }

  private send(request: ThreadRequest): Promise<ThreadReply> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.pending) return Promise.reject(new Error('One request at a time'));
    return new Promise<ThreadReply>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(request);
    });
  }
}
