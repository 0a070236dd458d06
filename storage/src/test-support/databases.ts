import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { PgSqlClient } from '../sql/pg-sql-client';
import { PgliteSqlClient } from '../sql/pglite-sql-client';
import { SqlClient } from '../sql/sql-client';

/** The PostgreSQL server the tests use, or null when none is configured (those suites then say skipped). */
export function testPostgresUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
}

export type TestBackend = 'pglite' | 'postgres';

/**
 * The stores an HTTP-level suite runs on. The storage contract suites hold both adapters to one behaviour, so an HTTP
 * suite runs on one store: PostgreSQL when a test server is configured (what agencies run; its apps also start
 * faster), else PGlite. The suites whose subject is the store end to end run on both (bothTestBackends);
 * TEST_BOTH_BACKENDS=1 runs every HTTP suite on both, for a fuller and slower run.
 */
export function httpTestBackends(): TestBackend[] {
  if (!testPostgresUrl()) return ['pglite'];
  return process.env.TEST_BOTH_BACKENDS === '1' ? ['pglite', 'postgres'] : ['postgres'];
}

/** Both stores when a test server is configured (the embedded one alone otherwise). */
export function bothTestBackends(): TestBackend[] {
  return testPostgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  client: SqlClient;
  /** Connection string of the database (PostgreSQL only). */
  url: string | null;
  dispose(): Promise<void>;
}

/*
 * Every test database is named `cans_test_<run id>_<random>`, and a run id starts with the run's start time in
 * milliseconds. The jest global teardown drops every database of its run, so a suite that fails before its own
 * clean-up leaves nothing behind, and sweeps databases of runs that started over a day ago (runs that were killed).
 */
const TEST_DATABASE_PREFIX = 'cans_test_';
const RUN_ID_VARIABLE = 'CANS_TEST_RUN_ID';
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A new run id: start time in milliseconds, then a random part so that runs started together differ. */
export function newTestRunId(startedAt = Date.now()): string {
  return `${startedAt}_${randomBytes(3).toString('hex')}`;
}

/**
 * The id of this test run. The jest global set-up picks it and passes it on through the environment; a process
 * started without it (a script, a lone spec) picks one for itself.
 */
export function currentTestRunId(): string {
  const runId = process.env[RUN_ID_VARIABLE] || newTestRunId();
  process.env[RUN_ID_VARIABLE] = runId;
  return runId;
}

/** Makes `runId` the id of this process's test run and of the processes it starts (the jest global set-up). */
export function useTestRunId(runId: string): void {
  process.env[RUN_ID_VARIABLE] = runId;
}

/**
 * A fresh PostgreSQL database created for this test run and dropped afterwards: empty, or a copy of a template
 * database of this run (templateDatabase()).
 */
export async function createTestPostgresDatabase(
  serverUrl: string,
  runId = currentTestRunId(),
  options: { template?: string } = {},
): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${runId}_${randomBytes(3).toString('hex')}`;
  await withServer(serverUrl, async (admin) => {
    // STRATEGY FILE_COPY copies the template's files rather than logging every page: a few hundred ms for a seeded
    // database instead of seconds.
    const from = options.template ? ` TEMPLATE ${quoteIdentifier(options.template)} STRATEGY FILE_COPY` : '';
    await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}${from}`);
    await withoutCommitFlush(admin, name);
  });
  const client = new PgSqlClient(databaseUrl(serverUrl, name));
  return {
    client,
    url: databaseUrl(serverUrl, name),
    async dispose() {
      await client.close();
      await withServer(serverUrl, (admin) => dropDatabase(admin, name));
    },
  };
}

/**
 * A test database's commits do not wait for the disk: a crash loses nothing a test needs, and the thousands of
 * small commits of a seed no longer wait for a flush each (the commit's rules and visibility are unchanged).
 */
async function withoutCommitFlush(admin: Client, name: string): Promise<void> {
  await admin.query(`ALTER DATABASE ${quoteIdentifier(name)} SET synchronous_commit = off`);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The name of this run's template database `key`, built once by `build` (given its URL) by whichever process asks
 * first while the others wait on an advisory lock; later calls answer at once. The template is dropped with the
 * run's other databases; nothing may stay connected to it (a copy needs it idle).
 */
export async function templateDatabase(
  serverUrl: string,
  key: string,
  build: (url: string) => Promise<void>,
  runId = currentTestRunId(),
): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${runId}_template_${key}`;
  return withServer(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rows.length > 0) return name;
      // Built under another name and renamed when complete, so a build that fails leaves no half-made template.
      const building = `${TEST_DATABASE_PREFIX}${runId}_building_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${quoteIdentifier(building)}`);
      await withoutCommitFlush(admin, building);
      await build(databaseUrl(serverUrl, building));
      await admin.query(`ALTER DATABASE ${quoteIdentifier(building)} RENAME TO ${quoteIdentifier(name)}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/**
 * Drops the test databases of run `runId`, and those of runs that started more than a day before `now`, ending their
 * connections first. Answers the names it dropped.
 */
export async function dropTestDatabases(serverUrl: string, runId: string, now = Date.now()): Promise<string[]> {
  return withServer(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      TEST_DATABASE_PREFIX,
    ]);
    const doomed = rows.map((row) => row.datname).filter((name) => belongsToRun(name, runId) || isStale(name, now));
    for (const name of doomed) await dropDatabase(admin, name);
    return doomed;
  });
}

function belongsToRun(databaseName: string, runId: string): boolean {
  return databaseName.startsWith(`${TEST_DATABASE_PREFIX}${runId}_`);
}

/** True for a test database whose name starts with a run start time over a day before `now`. */
function isStale(databaseName: string, now: number): boolean {
  const startedAt = new RegExp(`^${TEST_DATABASE_PREFIX}(\\d+)_`).exec(databaseName)?.[1];
  return startedAt !== undefined && now - Number(startedAt) > STALE_AFTER_MS;
}

async function dropDatabase(admin: Client, name: string): Promise<void> {
  // WITH (FORCE) ends the connections a failed suite left open, which a plain DROP would wait on and then refuse.
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withServer<T>(serverUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
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
  const backends: Array<{ name: string; create: () => Promise<TestDatabase> }> = [{ name: 'PGlite', create: createTestPgliteDatabase }];
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
