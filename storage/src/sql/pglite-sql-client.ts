import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { lockDataFolder } from './data-folder-lock';
import { assertChannelName } from './pg-sql-client';
import { SqlClient, SqlExecutor } from './sql-client';

export const MEMORY_DATA_DIR = 'memory://';

const parseBigint = (value: string) => Number(value);

/** SqlClient over embedded PGlite: PostgreSQL compiled to WASM, persisted in a data folder (DATA_DIR). */
export class PgliteSqlClient implements SqlClient {
  readonly dialect = 'pglite' as const;

  private constructor(
    private readonly db: PGlite,
    /** Gives the data folder's lock back (data-folder-lock.ts); nothing for an in-memory database. */
    private readonly releaseFolder: () => void = () => undefined,
  ) {}

  /** dataDir undefined or "memory://" keeps everything in memory (tests). */
  static async open(dataDir?: string): Promise<PgliteSqlClient> {
    if (!dataDir || dataDir === MEMORY_DATA_DIR) {
      const db = new PGlite({ parsers: { 20: parseBigint }, loadDataDir: await emptyClusterTemplate() });
      await db.waitReady;
      return new PgliteSqlClient(db);
    }
    mkdirSync(dataDir, { recursive: true });
    // One process per folder: a second one refuses here, before PGlite touches the files.
    const releaseFolder = lockDataFolder(dataDir);
    try {
      const db = new PGlite(dataDir, { parsers: { 20: parseBigint } });
      await db.waitReady;
      return new PgliteSqlClient(db, releaseFolder);
    } catch (error) {
      releaseFolder();
      throw error;
    }
  }

  async query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }> {
    const result = await this.db.query<Row>(sql, params as unknown[]);
    return { rows: result.rows };
  }

  async execScript(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      work({
        query: async <Row>(sql: string, params?: unknown[]) => {
          const result = await tx.query<Row>(sql, params as unknown[]);
          return { rows: result.rows };
        },
      }),
    );
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    assertChannelName(channel);
    const unlisten = await this.db.listen(channel, onNotify);
    return async () => unlisten();
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
    this.releaseFolder();
  }
}

/**
 * In-memory databases (tests, benchmarks) start from a snapshot of a freshly initialised cluster, kept in the
 * OS temp folder per PGlite version: loading it takes about a third of the time of running initdb again.
 */
async function emptyClusterTemplate(): Promise<Blob> {
  const version = installedPgliteVersion();
  const file = join(tmpdir(), `cans-pglite-empty-cluster-${version}.tar`);
  if (existsSync(file)) return tarBlob(readFileSync(file));
  const fresh = new PGlite();
  await fresh.waitReady;
  const snapshot = await fresh.dumpDataDir('none');
  await fresh.close();
  const bytes = Buffer.from(await snapshot.arrayBuffer());
  // Write then rename, so a concurrent process never reads a half-written snapshot.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return tarBlob(bytes);
}

/**
 * The snapshot as the Blob PGlite reads (it only calls arrayBuffer() and reads type): Node's own Blob copies 40 MB
 * through a stream in small chunks, which took a second or two of every in-memory start.
 */
function tarBlob(bytes: Buffer): Blob {
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: () => Promise.resolve(arrayBuffer) } as unknown as Blob;
}

/** The package does not export its package.json, so find it beside its entry point. */
function installedPgliteVersion(): string {
  let folder = dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder);
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}
