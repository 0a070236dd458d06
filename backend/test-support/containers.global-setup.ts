/**
 * Jest global set-up: names this run (the test databases carry the run id, so the global teardown can drop them all)
 * and, where a Docker engine answers and a store's URL is not already set, start that store in a
 * container (testcontainers) and point the suites at it, so every contract suite runs for real. Without an engine
 * (as on our own machines) it does nothing and the suites fall back to the URLs given, or report themselves
 * skipped by name.
 */
import { execFileSync } from 'node:child_process';
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

export default async function startContainers(): Promise<void> {
  useTestRunId(newTestRunId());
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
