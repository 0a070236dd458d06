import { Pool, PoolClient, types } from 'pg';
import { QueryOptions, SqlClient, SqlExecutor } from './sql-client';

// BIGINT (positions) and NUMERIC come back as strings by default; positions stay far below 2^53.
types.setTypeParser(20, (value) => Number(value));

/** SqlClient over a PostgreSQL server (DATABASE_URL). */
export class PgSqlClient implements SqlClient {
  readonly dialect = 'postgres' as const;
  private readonly pool: Pool;
  private listener: PoolClient | null = null;
  private closed = false;
  private readonly channelCallbacks = new Map<string, Set<(payload: string) => void>>();

  constructor(connectionString: string, poolSize = 10) {
    this.pool = new Pool({ connectionString, max: poolSize });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it. A query on a
    // connection that ended rejects (isStoreUnavailable): the request is answered 503, the next one gets a new one.
    this.pool.on('error', () => undefined);
  }

  async query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: Row[] }> {
    const result = await this.pool.query(queryConfig(sql, params, options));
    return { rows: result.rows as Row[] };
  }

  async execScript(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const executor: SqlExecutor = {
        query: async <Row>(sql: string, params?: unknown[], options?: QueryOptions) => {
          const result = await client.query(queryConfig(sql, params, options));
          return { rows: result.rows as Row[] };
        },
      };
      const value = await work(executor);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    assertChannelName(channel);
    let callbacks = this.channelCallbacks.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.channelCallbacks.set(channel, callbacks);
      if (this.listener) await this.listener.query(`LISTEN ${channel}`);
    }
    callbacks.add(onNotify);
    if (!this.listener) await this.connectListener();
    return async () => {
      callbacks!.delete(onNotify);
    };
  }

  /**
   * One connection carries every LISTEN. When it ends (server restart, pg_terminate_backend) it is replaced, with
   * growing pauses while the server is away, and every channel is listened to again; then each callback is called
   * once with an empty payload, since notifications sent meanwhile were lost.
   */
  private async connectListener(): Promise<void> {
    const listener = await this.pool.connect();
    const lost = () => {
      if (this.listener !== listener) return;
      this.listener = null;
      listener.release(true);
      if (!this.closed) this.reconnectListener(250);
    };
    listener.on('error', lost);
    listener.on('end', lost);
    listener.on('notification', (message) => {
      this.channelCallbacks.get(message.channel)?.forEach((callback) => callback(message.payload ?? ''));
    });
    try {
      for (const channel of this.channelCallbacks.keys()) await listener.query(`LISTEN ${channel}`);
    } catch (error) {
      listener.release(true);
      throw error;
    }
    this.listener = listener;
  }

  private reconnectListener(delayMs: number): void {
    const timer = setTimeout(() => {
      if (this.closed || this.listener) return;
      this.connectListener().then(
        () => this.channelCallbacks.forEach((callbacks) => callbacks.forEach((callback) => callback(''))),
        () => this.reconnectListener(Math.min(delayMs * 2, 5000)),
      );
    }, delayMs);
    timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.listener) {
      this.listener.release();
      this.listener = null;
    }
    await this.pool.end();
  }
}

/** node-pg prepares a named statement on each connection the first time it runs there, then only executes it. */
function queryConfig(text: string, values: unknown[] | undefined, options: QueryOptions | undefined) {
  return options?.preparedAs ? { name: options.preparedAs, text, values } : { text, values };
}

export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}
