import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { PgSqlClient } from '../src/storage/sql/pg-sql-client';
import { PgliteSqlClient } from '../src/storage/sql/pglite-sql-client';
import { SqlClient } from '../src/storage/sql/sql-client';

/** The PostgreSQL server the tests use, or null when none is configured (those suites then say skipped). */
export function testPostgresUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
}

export interface TestDatabase {
  client: SqlClient;
  /** Connection string of the database (PostgreSQL only). */
  url: string | null;
  dispose(): Promise<void>;
}

/** A fresh, empty PostgreSQL database created for this test run and dropped afterwards. */
export async function createTestPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `cans_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new PgSqlClient(url.toString());
  return {
    client,
    url: url.toString(),
    async dispose() {
      await client.close();
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createTestPgliteDatabase(): Promise<TestDatabase> {
  const client = await PgliteSqlClient.open();
  return { client, url: null, dispose: () => client.close() };
}

/**
 * The SQL back-ends every SQL contract suite runs against: PGlite always, PostgreSQL when a URL is set.
 * A skipped back-end is announced by name so the output says plainly what did not run.
 */
export function sqlBackends(): Array<{ name: string; create: () => Promise<TestDatabase> }> {
  const backends: Array<{ name: string; create: () => Promise<TestDatabase> }> = [
    { name: 'PGlite', create: createTestPgliteDatabase },
  ];
  const url = testPostgresUrl();
  if (url) backends.push({ name: 'PostgreSQL', create: () => createTestPostgresDatabase(url) });
  else announceSkipped('PostgreSQL', 'TEST_DATABASE_URL/DATABASE_URL not set');
  return backends;
}

export function announceSkipped(adapter: string, reason: string): void {
  // describe.skip alone is easy to miss; this line names the adapter in the test output (written directly,
  // so jest does not wrap it in a console stack trace).
  process.stderr.write(`SKIPPED: ${adapter} tests (${reason})\n`);
}
