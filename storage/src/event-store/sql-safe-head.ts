import { SqlExecutor } from '../sql/sql-client';

/**
 * Advisory lock key every append holds in SHARED mode from before it draws a position until it ends (arbitrary
 * constant: "cans" in ASCII). Nobody takes it exclusively: it only makes the appenders in flight visible in
 * pg_locks. Shared holders never wait for each other, so it costs an append nothing measurable.
 */
export const APPEND_LOCK_KEY = 0x63616e73;

/**
 * One statement: M, the highest committed position, then the transactions holding the append lock. Both come
 * from one statement, and pg_locks is read while it executes, i.e. after the snapshot that gave M was taken.
 * A one-bigint advisory key shows as classid = high 32 bits, objid = low 32 bits, objsubid = 1.
 */
const CANDIDATE_SQL = `
  SELECT (SELECT coalesce(max(position), 0) FROM events) AS head,
         ARRAY(SELECT virtualtransaction FROM pg_locks
               WHERE locktype = 'advisory' AND classid = 0 AND objid = ${APPEND_LOCK_KEY} AND objsubid = 1
                 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS appenders`;

/** A mark that becomes safe once every append that was in flight when it was taken has ended. */
interface PendingMark {
  head: number;
  appenders: ReadonlySet<string>;
}

export interface SafeHeadOptions {
  /** Called when a pending mark may have become safe: the store wakes its subscriptions, which read again. */
  onRecheck: () => void;
  /** Upper bound of the re-check back-off (the store's poll interval). */
  maxRecheckMs: number;
}

const FIRST_RECHECK_MS = 2;

/**
 * The gap-safe read limit ("safe head") of the SQL event store, found without blocking any append.
 *
 * Why M may not be read at once: a position is drawn from the sequence inside the appending transaction, so a
 * slower transaction can commit position p after a faster one committed p + 1. A reader that had read p + 1
 * would never look below it again and would skip p.
 *
 * Why M is safe once the appenders seen with it have ended: every append takes the shared lock BEFORE it draws
 * a position (see CHECKED_APPEND_SQL). Positions are drawn in increasing order (one sequence, CACHE 1), so an
 * append holding p <= M drew p before M was drawn, before M's transaction committed, before our snapshot and
 * before our pg_locks read. At that read it has therefore either ended (committed: visible to every later
 * snapshot; or aborted: p never exists) or still holds the lock, and is listed. Once every listed transaction
 * has ended, every position <= M is final. Only appends are waited for (not long transactions of other
 * sessions or databases, as a pg_snapshot_xmin / xip test would), and nobody waits on a lock: until the
 * candidate is confirmed, readers keep the previous safe head and the candidate is re-checked on the next
 * read at the head (a wake-up, or the back-off below when none comes).
 *
 * One refresh runs at a time, shared by every subscription and readAll caller of the store. A caller joins the
 * one in flight if no wake-up (a commit announced in-process or by NOTIFY) came since it started; otherwise it
 * may predate the commit that woke the caller, and the caller gets the next one.
 */
export class SqlSafeHead {
  private safe = 0;
  private pending: PendingMark | null = null;
  private inFlight: Promise<void> | null = null;
  private inFlightWakeUps = 0;
  private queued: Promise<void> | null = null;
  private wakeUps = 0;
  /** wakeUps as it stood when the latest finished refresh started. */
  private refreshedAtWakeUps = 0;
  private recheckTimer: NodeJS.Timeout | null = null;
  private recheckDelayMs = FIRST_RECHECK_MS;

  constructor(
    private readonly sql: SqlExecutor,
    private readonly options: SafeHeadOptions,
  ) {}

  /** Every position at or below this is committed or will never exist. */
  get current(): number {
    return this.safe;
  }

  /** True when a wake-up came since the latest finished refresh started: `current` may miss a commit. */
  get behindWakeUps(): boolean {
    return this.refreshedAtWakeUps < this.wakeUps;
  }

  /** The store calls this before it wakes its readers: a refresh started earlier may miss the new commit. */
  noteWakeUp(): void {
    this.wakeUps += 1;
  }

  /** Resolves after a refresh that started after the last wake-up. */
  refresh(): Promise<void> {
    if (!this.inFlight) return this.startRefresh();
    if (this.inFlightWakeUps === this.wakeUps) return this.inFlight;
    return (this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.startRefresh();
      }));
  }

  close(): void {
    if (this.recheckTimer) clearTimeout(this.recheckTimer);
    this.recheckTimer = null;
  }

  private startRefresh(): Promise<void> {
    const startedAtWakeUps = this.wakeUps;
    const refresh = this.takeCandidate(startedAtWakeUps).finally(() => {
      if (this.inFlight === refresh) this.inFlight = null;
    });
    this.inFlight = refresh;
    this.inFlightWakeUps = startedAtWakeUps;
    return refresh;
  }

  private async takeCandidate(startedAtWakeUps: number): Promise<void> {
    const { rows } = await this.sql.query<{ head: number | string; appenders: string[] }>(CANDIDATE_SQL);
    this.refreshedAtWakeUps = Math.max(this.refreshedAtWakeUps, startedAtWakeUps);
    const head = Number(rows[0].head);
    const appenders = new Set(rows[0].appenders);
    // A transaction still holding the lock is still listed; one no longer listed has ended.
    if (this.pending && ![...this.pending.appenders].some((appender) => appenders.has(appender))) {
      this.safe = Math.max(this.safe, this.pending.head);
      this.pending = null;
    }
    if (!this.pending && head > this.safe) {
      if (appenders.size === 0) this.safe = head;
      else this.pending = { head, appenders };
    }
    this.scheduleRecheck();
  }

  /**
   * While a candidate is pending, nothing may wake the readers when its last appender ends (it aborted, or its
   * NOTIFY arrived before its lock was released), so wake them on a short, growing back-off.
   */
  private scheduleRecheck(): void {
    if (!this.pending) {
      this.recheckDelayMs = FIRST_RECHECK_MS;
      return;
    }
    if (this.recheckTimer) return;
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = null;
      this.noteWakeUp();
      this.options.onRecheck();
    }, this.recheckDelayMs);
    this.recheckTimer.unref();
    this.recheckDelayMs = Math.min(this.recheckDelayMs * 2, this.options.maxRecheckMs);
  }
}
