/**
 * The one SQL surface both PostgreSQL adapters share, so the event store and read store run the same SQL on a
 * PostgreSQL server (pg pool) and on embedded PGlite.
 */
export interface QueryOptions {
  /**
   * Prepare the statement once per connection under this name and reuse its plan: for a hot statement whose
   * planning costs more than its execution (the append's CTE). The same name must always carry the same SQL.
   */
  readonly preparedAs?: string;
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: Row[] }>;
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
