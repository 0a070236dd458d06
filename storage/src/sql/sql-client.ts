/**
 * The one SQL surface both PostgreSQL adapters share, so the event store and read store run the same SQL on a
 * PostgreSQL server (pg pool) and on embedded PGlite.
 */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface SqlClient extends SqlExecutor {
  readonly dialect: 'postgres' | 'pglite';
  /** Runs several semicolon-separated statements without parameters (schema set-up). */
  execScript(sql: string): Promise<void>;
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Calls back on NOTIFY to the channel from any connection; returns an unlisten function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
