import { Global, HttpException, HttpStatus, Injectable, Module, OnModuleDestroy } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AnalystFileRange, DOCUMENTS_PER_MESSAGE, EVENTS_PER_MESSAGE, FileKind } from './file-stream-protocol';
import type { PdfTask } from './pdf-render.worker';
import { DocumentSource, serveFileStream } from './streamed-file';
import { workerExecArgv, workerScriptBeside } from './worker-script';

/** Jobs one user may have running or waiting at once (a report PDF, a summary, a print …). */
export const HEAVY_JOBS_PER_USER = 3;
/** Jobs that may wait for a thread, per thread; past that the answer is 503 with Retry-After. */
export const HEAVY_QUEUE_PER_THREAD = 4;
const RETRY_AFTER_SECONDS = 5;

/** A refused heavy job: 429 (this user holds enough) or 503 (every thread busy, the queue full), with Retry-After. */
export class HeavyWorkRefused extends HttpException {
  constructor(
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE,
    readonly retryAfterSeconds: number = RETRY_AFTER_SECONDS,
  ) {
    const tooMany = status === HttpStatus.TOO_MANY_REQUESTS;
    super(
      {
        statusCode: status,
        error: tooMany ? 'Too Many Requests' : 'Service Unavailable',
        messageKey: tooMany ? 'heavy_jobs_per_user' : 'heavy_work_busy',
        message: tooMany
          ? `You already have ${HEAVY_JOBS_PER_USER} files being prepared. Wait for one to finish, then try again.`
          : 'The server is preparing many files right now. Please try again in a few seconds.',
        retryAfterSeconds,
      },
      status,
    );
  }
}

/** One reserved place in the pool (HeavyWorkPool.reserve). */
export interface HeavyWorkSlot {
  /**
   * Writes an XLSX export or a monthly zip (over feed documents), or the analyst's view as CSV or Parquet (over stored
   * events, with `analystView`), in a worker thread, the documents read here, on the main thread, as it asks for
   * them; answers it as a stream. The place is released when the file is done or fails.
   */
  streamFile(file: FileKind, documents: DocumentSource, analystView?: AnalystFileRange): Readable;
  /**
   * Runs one task in a worker thread in this place (prepared first on the main thread); released when it ends.
   * `transfer`: what the task takes with it (a MessagePort to the main thread).
   */
  run<TResult>(task: unknown, transfer?: Transferable[]): Promise<TResult>;
  release(): void;
}

export interface HeavyWorkPoolOptions {
  threads?: number;
  queuePerThread?: number;
  perUser?: number;
  /** The worker module (tests give one of their own). */
  filename?: string;
}

/**
 * CPU-heavy work (PDF layout and rendering, the XLSX export and the monthly zip) in a pool of worker threads (piscina), so that one user's report never
 * holds the event loop every other user's requests wait on. Sized to the machine: one thread less than its cores
 * (at least one), so the main thread keeps a core. Bounded twice: a user may have HEAVY_JOBS_PER_USER jobs at once
 * (429), and at most HEAVY_QUEUE_PER_THREAD jobs per thread wait (503): an answer either comes or is refused at
 * once with Retry-After, never left hanging behind a queue without end.
 */
@Injectable()
export class HeavyWorkPool implements OnModuleDestroy {
  private readonly pool: Piscina;
  private readonly perUser: number;
  private readonly maxQueue: number;
  private readonly held = new Map<string, number>();

  constructor(options: HeavyWorkPoolOptions = {}) {
    const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
    this.perUser = options.perUser ?? HEAVY_JOBS_PER_USER;
    this.maxQueue = threads * (options.queuePerThread ?? HEAVY_QUEUE_PER_THREAD);
    const filename = options.filename ?? workerScriptBeside(__filename, __dirname, 'heavy-work.worker');
    this.pool = new Piscina({
      filename,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      execArgv: workerExecArgv(filename),
    });
  }

  /** Jobs waiting for a thread now (for tests and status). */
  get waiting(): number {
    return this.pool.queueSize;
  }

  /** Runs `task` in a worker thread for `userId`; refused at once (429 / 503) past the bounds. */
  async run<TResult>(userId: string, task: unknown): Promise<TResult> {
    const slot = this.reserve(userId);
    try {
      return (await this.pool.run(task)) as TResult;
    } finally {
      slot.release();
    }
  }

  /**
   * Holds a place for one of `userId`'s jobs, or refuses at once (429 / 503). Taken before anything is recorded (a
   * download's audit event), so a refused request writes nothing; released when the job ends, or by the caller when
   * it does not start one after all.
   */
  reserve(userId: string): HeavyWorkSlot {
    const held = this.held.get(userId) ?? 0;
    if (held >= this.perUser) throw new HeavyWorkRefused(HttpStatus.TOO_MANY_REQUESTS);
    if (this.pool.queueSize >= this.maxQueue) throw new HeavyWorkRefused(HttpStatus.SERVICE_UNAVAILABLE);
    this.held.set(userId, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.held.get(userId) ?? 1) - 1;
      if (left > 0) this.held.set(userId, left);
      else this.held.delete(userId);
    };
    return {
      release,
      run: <TResult>(task: unknown, transfer?: Transferable[]) =>
        (this.pool.run(task, transfer ? { transferList: transfer as never } : {}) as Promise<TResult>).finally(release),
      streamFile: (file, documents, analystView) => {
        const { port1, port2 } = new MessageChannel();
        const finished = this.pool.run({ kind: 'feed-file', file, port: port2, analystView }, { transferList: [port2] });
        finished.then(release, release);
        return serveFileStream(port1, documents, finished, analystView ? EVENTS_PER_MESSAGE : DOCUMENTS_PER_MESSAGE);
      },
    };
  }

  /** A PDF laid out and rendered in a worker thread (pdf-render.worker.ts). */
  async renderPdf(userId: string, task: PdfTask): Promise<Buffer> {
    const bytes = await this.run<Uint8Array>(userId, task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/** One pool for the whole app. */
@Global()
@Module({ providers: [{ provide: HeavyWorkPool, useFactory: () => new HeavyWorkPool() }], exports: [HeavyWorkPool] })
export class HeavyWorkModule {}
