/**
 * A PostgreSQL cluster of the test's own (issue 29 item 3): initdb in a temporary folder, its own port, its socket in
 * that folder, so a spec may stop, restart or kill it without touching the machine's server. Run as the `postgres`
 * OS user when the tests run as root (initdb refuses root). Stopped and removed by stop().
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** The server binaries: PG_BIN, else Debian's newest /usr/lib/postgresql/<n>/bin. Null when there are none. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  port: number;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop -m fast: every connection ends, the server is down until start(). */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** Ends every connection to `database` but the caller's own (pg_terminate_backend), the server staying up. */
  terminateConnections(database: string): Promise<number>;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on now (for a server the test starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server binaries (set PG_BIN, or install postgresql)');
  const folder = mkdtempSync(join(tmpdir(), 'cans-pg-'));
  const dataDir = join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const port = await freePort();
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const startServer = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start']);
  };
  await startServer();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: url() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    port,
    async createDatabase(name) {
      await admin((client) => client.query(`CREATE DATABASE "${name}"`));
      return url(name);
    },
    async stopServer() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    startServer,
    async terminateConnections(database) {
      return admin(async (client) => {
        const { rows } = await client.query(
          'SELECT count(pg_terminate_backend(pid)) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
        return Number(rows[0].ended);
      });
    },
    async stop() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
