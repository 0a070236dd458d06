/**
 * Callers waiting for the projections to reach some point (read-your-writes, a writer's backpressure): each waiter's
 * condition is checked again whenever the projections move (a stored batch, a switch, a follower's poll, a stop).
 */
export class ProgressWaiters {
  private readonly waiters = new Set<() => void>();

  /** Resolves true once `reached()` holds, false when `gone()` (nothing to wait for) or after the timeout. */
  until(reached: () => boolean, gone: () => boolean, timeoutMs: number): Promise<boolean> {
    if (!gone() && reached()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (gone()) finish(false);
        else if (reached()) finish(true);
      };
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  /** The projections moved: every waiter checks its condition. */
  notify(): void {
    for (const check of [...this.waiters]) check();
  }
}
