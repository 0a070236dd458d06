/**
 * Jest global teardown: drops every PostgreSQL database this run created (also those of suites that failed before
 * their own clean-up) and the leftovers of runs older than a day, then stops the containers that
 * containers.global-setup.ts started, if any.
 */
import { currentTestRunId, dropTestDatabases, testPostgresUrl } from '@cans/storage/test-support/databases';

export default async function cleanUpTestRun(): Promise<void> {
  const serverUrl = testPostgresUrl();
  try {
    if (serverUrl) await dropTestDatabases(serverUrl, currentTestRunId());
  } finally {
    const started = (globalThis as { __cansContainers?: Array<{ stop(): Promise<unknown> }> }).__cansContainers ?? [];
    await Promise.all(started.map((container) => container.stop()));
  }
}
