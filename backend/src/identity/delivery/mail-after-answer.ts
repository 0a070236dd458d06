import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

/**
 * Work that follows an answer instead of delaying it: the answer must not wait for a mail server (whose delay
 * would tell an account that exists from one that does not), and a mail that cannot be sent must not change the
 * answer. A failure is logged. The process waits for work under way before storage closes (the mailer's own
 * timeouts bound that wait).
 */
@Injectable()
export class MailAfterAnswer implements BeforeApplicationShutdown {
  private readonly logger = new Logger('MailAfterAnswer');
  private readonly underWay = new Set<Promise<void>>();

  /** Starts `work` without the caller waiting for it; `what` names it in the log line of a failure. */
  run(what: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => this.underWay.delete(task));
    this.underWay.add(task);
  }

  /** Resolves once every task started so far has ended (shutdown; a test that counts what a request wrote). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.underWay]);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.idle();
  }
}
