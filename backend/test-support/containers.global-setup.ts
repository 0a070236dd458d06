/**
 * Jest global set-up: names this run (the test databases carry the run id, so the global teardown can drop them all),
 * uses the local PostgreSQL where one answers and no URL is given, and, where a Docker engine answers and a store's
 * URL is not already set, start that store in a
 * container (testcontainers) and point the suites at it, so every contract suite runs for real. Without an engine
 * (as on our own machines) it does nothing and the suites fall back to the URLs given, or report themselves
 * skipped by name.
 */
import { execFileSync } from 'node:child_process';
import { Client } from 'pg';
import { newTestRunId, useTestRunId } from '@cans/storage/test-support/databases';

type Stoppable = { stop(): Promise<unknown> };
const started: Stoppable[] = [];

function dockerEngineAnswers(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** Where a developer's machine (and ours) runs PostgreSQL with trust auth. */
const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function startContainers(): Promise<void> {
  useTestRunId(newTestRunId());
  // A local PostgreSQL, where one answers, carries the HTTP and browser suites' apps: their SQL runs natively, several
  // times faster than in PGlite's WebAssembly on the workers' own cores (TEST_LOCAL_POSTGRES=off keeps PGlite).
  if (!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL && process.env.TEST_LOCAL_POSTGRES !== 'off') {
    if (await postgresAnswers(LOCAL_POSTGRES_URL)) {
      process.env.TEST_DATABASE_URL = LOCAL_POSTGRES_URL;
      process.stderr.write(`Tests use the local PostgreSQL at ${LOCAL_POSTGRES_URL} (TEST_LOCAL_POSTGRES=off: PGlite only).\n`);
    }
  }
  const wanted = {
    postgres: !process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL,
    eventStore: !process.env.EVENTSTORE_URL,
    mongo: !process.env.MONGODB_URL,
  };
  if (process.env.TESTCONTAINERS === 'off' || !Object.values(wanted).some(Boolean) || !dockerEngineAnswers()) return;

  const { GenericContainer, Wait } = await import('testcontainers');
  if (wanted.postgres) {
    const container = await new GenericContainer('postgres:15')
      .withEnvironment({ POSTGRES_PASSWORD: 'test', POSTGRES_USER: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    started.push(container);
    process.env.TEST_DATABASE_URL = `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  }
  if (wanted.eventStore) {
    const container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    started.push(container);
    process.env.EVENTSTORE_URL = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }
  if (wanted.mongo) {
    // Read-model batches use transactions, which need a replica set: one node, initiated on start.
    const container = await new GenericContainer('mongo:7')
      .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    started.push(container);
    await container.exec(['mongosh', '--quiet', '--eval', "rs.initiate({_id:'rs0',members:[{_id:0,host:'localhost:27017'}]})"]);
    process.env.MONGODB_URL = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?replicaSet=rs0&directConnection=true`;
  }
  (globalThis as { __cansContainers?: Stoppable[] }).__cansContainers = started;
}
