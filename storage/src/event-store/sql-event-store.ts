import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { SqlClient, SqlExecutor } from '../sql/sql-client';
import { CatchUpSubscription } from './catch-up-subscription';
import { assertValidAppend, parseUntil } from './event-store-arguments';
import {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { APPEND_LOCK_KEY, SqlSafeHead } from './sql-safe-head';
import { EventUpcasters } from './upcasting';

/**
 * NOTIFY channel that wakes subscriptions in other processes after appends. Payload: "<store instance id>
 * <position>"; a store ignores its own notifications (it has woken its readers already).
 */
export const EVENTS_CHANNEL = 'cans_events';
/** Separate key so two processes starting at once do not race on CREATE TABLE IF NOT EXISTS. */
const SCHEMA_LOCK_KEY = APPEND_LOCK_KEY + 1;
const EVENTS_TABLE = 'events';
const REVISION_CONSTRAINT = `${EVENTS_TABLE}_stream_revision_key`;
const UNIQUE_VIOLATION = '23505';
const DEFAULT_POLL_INTERVAL_MS = 500;

export interface SqlEventStoreOptions {
  upcasters?: EventUpcasters;
  /** Longest a caught-up subscription waits when no wake-up arrives (missed NOTIFY, listener down). */
  pollIntervalMs?: number;
}

function eventsTableDdl(table: string): string {
  return `
    CREATE TABLE IF NOT EXISTS ${table} (
      position BIGSERIAL PRIMARY KEY,
      event_id UUID NOT NULL,
      stream_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      type TEXT NOT NULL,
      schema_version INTEGER NOT NULL DEFAULT 1,
      data JSONB NOT NULL,
      metadata JSONB NOT NULL,
      recorded_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      CONSTRAINT ${table}_event_id_key UNIQUE (event_id),
      CONSTRAINT ${table}_stream_revision_key UNIQUE (stream_id, revision)
    );`;
}

/**
 * The rows of one append as a single JSON array parameter, expanded server-side by jsonb_array_elements: one
 * multi-row INSERT whatever the batch size, and JSON null data stays JSON null (not SQL NULL).
 */
export function eventsAsJsonParameter(events: NewEvent[]): string {
  return JSON.stringify(
    events.map((event) => ({
      eventId: event.eventId ?? randomUUID(),
      type: event.type,
      schemaVersion: event.schemaVersion ?? 1,
      data: event.data ?? null,
      metadata: event.metadata,
    })),
  );
}

/**
 * The INSERT's source rows, shared by append and the raw baseline so the benchmark compares like with like.
 * $1 = stream id, $2 = events JSON. ORDER BY ordinality makes positions follow revisions within one append.
 * recorded_at is one clock reading truncated to milliseconds, so the ISO string we return is exactly what is
 * stored (an `until` filter built from it includes the event).
 */
function insertedRowsSelect(firstRevisionSql: string, extraFromItem = ''): string {
  return `
    SELECT (e.item->>'eventId')::uuid, $1::text, ${firstRevisionSql} + e.ordinality::int - 1, e.item->>'type',
           (e.item->>'schemaVersion')::int, e.item->'data', e.item->'metadata', recorded.at
    FROM ${extraFromItem} jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(item, ordinality),
         (SELECT date_trunc('milliseconds', clock_timestamp()) AS at) AS recorded
    ORDER BY e.ordinality`;
}

const INSERT_COLUMNS = '(event_id, stream_id, revision, type, schema_version, data, metadata, recorded_at)';

/**
 * One statement, one round trip, autocommit: take the append lock in SHARED mode, check the expected revision,
 * insert. The lock CTE feeds the INSERT's source rows, so it is held before nextval() runs and until the
 * transaction ends: that is what lets a reader find the appends in flight (sql-safe-head.ts). Nobody takes the
 * lock exclusively, so appends never wait for it, nor for readers.
 *
 * No NOTIFY here: PostgreSQL serialises the commits of notifying transactions (PreCommit_Notify holds a global
 * lock through the commit's WAL flush), which cost 8 concurrent writers three quarters of their throughput.
 * Other processes are told after commit instead (notifyOtherProcesses).
 *
 * The statement's snapshot predates the lock, so `head` can miss an append that committed while we waited. That
 * can only hide revisions the caller could not have seen, so a check that passes on a stale head then collides
 * on UNIQUE (stream_id, revision): append() reports that as WrongExpectedRevisionError (or retries for 'any').
 * A failed check inserts nothing and never calls nextval().
 *
 * It runs as a prepared statement: planning this CTE cost more than executing it (8 concurrent writers: 2.05x the
 * time of plain INSERTs planned each time, 1.0x prepared).
 */
const CHECKED_APPEND_SQL = `
  WITH append_lock AS MATERIALIZED (
    SELECT pg_advisory_xact_lock_shared(${APPEND_LOCK_KEY})
  ), head AS (
    SELECT coalesce(max(revision), -1) AS revision FROM ${EVENTS_TABLE} WHERE stream_id = $1
  ), allowed AS (
    SELECT head.revision FROM head, append_lock
    WHERE $3::text = 'any' OR ($3 = 'no_stream' AND head.revision = -1) OR ($3 = 'revision' AND head.revision = $4::int)
  ), inserted AS (
    INSERT INTO ${EVENTS_TABLE} ${INSERT_COLUMNS}
    ${insertedRowsSelect('allowed.revision + 1', 'allowed,')}
    RETURNING position, revision
  ), appended AS (
    SELECT max(position) AS position, max(revision) AS revision FROM inserted
  )
  SELECT head.revision AS previous_revision, appended.position, appended.revision
  FROM head, appended`;

/**
 * A notifying transaction with nothing else to commit: asynchronous commit, since a lost wake-up costs at most
 * one poll interval. set_config(…, true) applies to this statement's own transaction.
 */
export const NOTIFY_SQL = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${EVENTS_CHANNEL}', $1)`;

/**
 * Runs one checked append through `sql`: the store's own path, and tests that hold the transaction open after
 * it (appendInOpenTransaction). Throws WrongExpectedRevisionError when the check fails.
 */
export async function runCheckedAppend(
  sql: SqlExecutor,
  streamId: string,
  eventsJson: string,
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  const expectedKind = typeof expectedRevision === 'number' ? 'revision' : expectedRevision;
  const expectedNumber = typeof expectedRevision === 'number' ? expectedRevision : null;
  const { rows } = await sql.query<{
    previous_revision: number;
    position: number | string | null;
    revision: number | null;
  }>(CHECKED_APPEND_SQL, [streamId, eventsJson, expectedKind, expectedNumber], { preparedAs: 'cans_checked_append' });
  const outcome = rows[0];
  if (outcome.position === null || outcome.revision === null) {
    const actual = outcome.previous_revision < 0 ? 'no_stream' : outcome.previous_revision;
    throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
  }
  return { revision: outcome.revision, position: Number(outcome.position) };
}

/** 'any' never conflicts by definition; it only loses the race described above, and simply tries again. */
const MAX_ATTEMPTS_FOR_ANY = 10;

const SELECT_EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, schema_version, data, metadata, recorded_at';

interface EventRow {
  position: number | string;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    schemaVersion: row.schema_version,
    streamId: row.stream_id,
    revision: row.revision,
    position: Number(row.position),
    recordedAt: new Date(row.recorded_at).toISOString(),
    metadata: row.metadata,
  };
}

function isDatabaseError(error: unknown): error is { code?: string; constraint?: string } {
  return typeof error === 'object' && error !== null && 'code' in error;
}

/**
 * Event store over PostgreSQL or PGlite with the same SQL on both. Gap safety: readAll (and so every
 * subscription) reads only up to the safe head, below which no position can still appear (sql-safe-head.ts);
 * readers find it without taking any lock, so they never hold up an append. Each append is one statement (see
 * CHECKED_APPEND_SQL); UNIQUE (stream_id, revision) makes the optimistic concurrency check exact.
 *
 * The store does not own the SqlClient: close() stops subscriptions and the LISTEN callback; whoever created the
 * client closes it afterwards.
 */
export class SqlEventStore implements EventStore {
  private readonly upcasters: EventUpcasters;
  private readonly pollIntervalMs: number;
  /** Wakes in-process subscriptions right after a commit, without waiting for NOTIFY or the poll. */
  private readonly appendSignal = new EventEmitter().setMaxListeners(0);
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private listenerRemoval: Promise<(() => Promise<void>) | null> | null = null;
  private closed = false;
  /** Refreshed when a reader reaches it; one refresh at a time for the whole store. */
  private readonly safeHead: SqlSafeHead;
  /** The NOTIFY in flight for other processes, and whether appends committed since it was sent. */
  private notifying: Promise<void> | null = null;
  private notifyAgain = false;
  private lastAppendedPosition = 0;
  private readonly instanceId = randomUUID();

  /** Protected so a test can take the gap safety away and show that the contract notices (gap-safety.spec.ts). */
  protected constructor(
    protected readonly client: SqlClient,
    options: SqlEventStoreOptions,
  ) {
    this.upcasters = options.upcasters ?? new EventUpcasters();
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.safeHead = new SqlSafeHead(client, {
      onRecheck: () => this.appendSignal.emit('appended'),
      maxRecheckMs: this.pollIntervalMs,
    });
  }

  /** Creates the events table if missing (safe to call from several processes at once). */
  static async create(client: SqlClient, options: SqlEventStoreOptions = {}): Promise<SqlEventStore> {
    await client.execScript(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK_KEY}); ${eventsTableDdl(EVENTS_TABLE)}`);
    return new SqlEventStore(client, options);
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    assertValidAppend(streamId, events, expectedRevision);
    const eventsJson = eventsAsJsonParameter(events);

    let result: AppendResult | null = null;
    for (let attempt = 1; result === null; attempt++) {
      try {
        result = await runCheckedAppend(this.client, streamId, eventsJson, expectedRevision);
      } catch (error) {
        const lostRace = isDatabaseError(error) && error.code === UNIQUE_VIOLATION && error.constraint === REVISION_CONSTRAINT;
        if (!lostRace) throw error;
        if (expectedRevision !== 'any' || attempt >= MAX_ATTEMPTS_FOR_ANY) {
          throw new WrongExpectedRevisionError(streamId, expectedRevision, await this.currentRevision(streamId));
        }
      }
    }
    this.wakeReaders();
    this.notifyOtherProcesses(result.position);
    return result;
  }

  /**
   * One NOTIFY in flight at a time; appends committed meanwhile are announced by one more when it returns. A
   * lost notification only delays other processes until their poll.
   */
  private notifyOtherProcesses(position: number): void {
    this.lastAppendedPosition = Math.max(this.lastAppendedPosition, position);
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = this.sendNotifications();
  }

  private async sendNotifications(): Promise<void> {
    do {
      this.notifyAgain = false;
      await this.client.query(NOTIFY_SQL, [`${this.instanceId} ${this.lastAppendedPosition}`]).catch(() => undefined);
    } while (this.notifyAgain && !this.closed);
    this.notifying = null;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const { rows } = await this.client.query<EventRow>(
      `SELECT ${SELECT_EVENT_COLUMNS} FROM ${EVENTS_TABLE}
       WHERE stream_id = $1 AND revision >= $2
         AND ($3::int IS NULL OR revision <= $3::int)
         AND ($4::timestamptz IS NULL OR recorded_at <= $4::timestamptz)
       ORDER BY revision`,
      [streamId, options.fromRevision ?? 0, options.toRevision ?? null, parseUntil(options.until)?.toISOString() ?? null],
    );
    return this.upcasters.upcastAll(rows.map(toRecordedEvent));
  }

  async readAll(fromPosition: number, limit: number): Promise<RecordedEvent[]> {
    return this.upcasters.upcastAll(await this.readAllAsStored(fromPosition, limit));
  }

  /** The log's events as stored, without upcasting (readAll upcasts them; a backup keeps them so, storage/src/backup/). */
  async readAllAsStored(fromPosition: number, limit: number): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (limit <= 0) return [];
    const { rows } = await this.client.query<EventRow>(
      `SELECT ${SELECT_EVENT_COLUMNS} FROM ${EVENTS_TABLE} WHERE position > $1 AND position <= $3 ORDER BY position LIMIT $2`,
      [fromPosition, limit, await this.readableHead(fromPosition)],
    );
    return rows.map(toRecordedEvent);
  }

  /**
   * Restore (storage/src/backup/): events of a backup, in position order, into a store that holds none before
   * them: every field kept (position, event id, stream and revision, type and schema version, data, metadata, the
   * time it was recorded). The position sequence is moved past them, so the next append follows.
   */
  async importEvents(events: RecordedEvent[]): Promise<void> {
    this.assertOpen();
    if (events.length === 0) return;
    await this.client.query(
      `WITH inserted AS (
         INSERT INTO ${EVENTS_TABLE} (position, ${INSERT_COLUMNS.slice(1)}
         SELECT (e->>'position')::bigint, (e->>'eventId')::uuid, e->>'streamId', (e->>'revision')::int, e->>'type',
                (e->>'schemaVersion')::int, e->'data', e->'metadata', (e->>'recordedAt')::timestamptz
         FROM jsonb_array_elements($1::jsonb) AS e
         RETURNING position
       )
       SELECT setval(pg_get_serial_sequence('${EVENTS_TABLE}', 'position'), (SELECT max(position) FROM inserted))`,
      [JSON.stringify(events)],
    );
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    const { rows } = await this.client.query<{ head: number | string }>(`SELECT coalesce(max(position), 0) AS head FROM ${EVENTS_TABLE}`);
    return Number(rows[0].head);
  }

  subscribeToAll(fromPosition: number, handler: (events: RecordedEvent[]) => Promise<void>, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    const listening = this.startListening();
    const subscription = new CatchUpSubscription(
      fromPosition,
      {
        readAfter: (position, limit) => this.readAll(position, limit),
        onPossibleAppend: (wake) => {
          this.appendSignal.on('appended', wake);
          return () => this.appendSignal.off('appended', wake);
        },
        pollIntervalMs: this.pollIntervalMs,
        wakeUpsReady: listening,
        shortReadReachesHead: true,
      },
      handler,
      options,
      (finished) => this.subscriptions.delete(finished),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Stops every subscription (each finishes its in-flight batch) and the LISTEN callback; not the SqlClient. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.safeHead.close();
    await this.notifying;
    const unlisten = await this.listenerRemoval;
    await unlisten?.().catch(() => undefined);
  }

  /** Wakes in-process subscriptions after a commit (ours, or another process's announced by NOTIFY). */
  private wakeReaders(): void {
    this.safeHead.noteWakeUp();
    this.appendSignal.emit('appended');
  }

  /** LISTEN for appends by other processes; started with the first subscription. */
  private startListening(): Promise<unknown> {
    return (this.listenerRemoval ??= this.client
      .listen(EVENTS_CHANNEL, (payload) => {
        if (!payload.startsWith(`${this.instanceId} `)) this.wakeReaders();
      })
      // Without LISTEN, subscriptions still see other processes' appends through the poll.
      .catch(() => null));
  }

  /**
   * The highest position readAll may return: the safe head, refreshed when the reader has reached it or a
   * commit was announced since the last refresh. So a read that returns fewer events than asked has returned
   * every event announced before it began (what CatchUpSubscription's shortReadReachesHead relies on).
   */
  protected async readableHead(fromPosition: number): Promise<number> {
    if (fromPosition >= this.safeHead.current || this.safeHead.behindWakeUps) await this.safeHead.refresh();
    return this.safeHead.current;
  }

  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    const { rows } = await this.client.query<{ revision: number | null }>(
      `SELECT max(revision) AS revision FROM ${EVENTS_TABLE} WHERE stream_id = $1`,
      [streamId],
    );
    return rows[0].revision ?? 'no_stream';
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

/** Name of the scratch table rawInsertBaseline writes to. */
export const RAW_BASELINE_TABLE = 'events_raw_baseline';

/** Creates (or empties) the benchmark's scratch table, with the same columns and constraints as `events`. */
export async function prepareRawInsertBaseline(client: SqlClient): Promise<void> {
  await client.execScript(`${eventsTableDdl(RAW_BASELINE_TABLE)} TRUNCATE ${RAW_BASELINE_TABLE};`);
}

/**
 * Benchmark baseline: the same multi-row INSERT as append, into the scratch table, without the lock, the
 * revision check or the NOTIFY. The caller supplies revisions (firstRevision for events[0]).
 */
export async function rawInsertBaseline(client: SqlClient, streamId: string, events: NewEvent[], firstRevision: number): Promise<void> {
  await client.query(`INSERT INTO ${RAW_BASELINE_TABLE} ${INSERT_COLUMNS} ${insertedRowsSelect('$3::int')}`, [
    streamId,
    eventsAsJsonParameter(events),
    firstRevision,
  ]);
}
