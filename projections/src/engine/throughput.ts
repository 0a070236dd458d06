const WINDOW_MS = 5000;

/** Events applied per second over a sliding window of about five seconds (status, progress bars, ETAs). */
export class Throughput {
  private windowStart = performance.now();
  private count = 0;
  private rate = 0;

  record(events: number): void {
    const now = performance.now();
    this.count += events;
    const elapsed = now - this.windowStart;
    // The first second already gives a usable figure; afterwards the window rolls every five seconds.
    if (elapsed >= WINDOW_MS || (this.rate === 0 && elapsed >= 1000)) {
      this.rate = (this.count * 1000) / elapsed;
      this.windowStart = now;
      this.count = 0;
    }
  }

  /** 0 when nothing was applied for two windows: an idle projection has no rate. */
  eventsPerSecond(): number {
    if (performance.now() - this.windowStart > 2 * WINDOW_MS) return 0;
    return Math.round(this.rate);
  }
}
