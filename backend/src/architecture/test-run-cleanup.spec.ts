/**
 * The jest global teardown drops the PostgreSQL databases of its run, so a suite that fails before its own clean-up
 * leaves none behind. The run id is swapped for a private one so that the teardown touches only this test's database.
 */
import { Client } from 'pg';
import cleanUpTestRun from '@cans/backend/test-support/containers.global-teardown';
import {
  announceSkipped,
  createTestPostgresDatabase,
  newTestRunId,
  testPostgresUrl,
  useTestRunId,
} from '@cans/storage/test-support/databases';

const serverUrl = testPostgresUrl();

async function databaseExists(server: string, name: string): Promise<boolean> {
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await admin.end();
  }
}

if (!serverUrl) announceSkipped('PostgreSQL test-run clean-up', 'TEST_DATABASE_URL/DATABASE_URL not set');
const describeOnPostgres = serverUrl ? describe : describe.skip;

describeOnPostgres('jest global teardown', () => {
  const server = serverUrl ?? ''; // set whenever this block runs
  const runIdOfThisRun = process.env.CANS_TEST_RUN_ID;
  afterEach(() => {
    if (runIdOfThisRun) useTestRunId(runIdOfThisRun);
  });

  it('drops a database of its run that a failed suite left behind, connection and all', async () => {
    useTestRunId(newTestRunId());
    const leftBehind = await createTestPostgresDatabase(server);
    await leftBehind.client.query('SELECT 1');
    const name = new URL(leftBehind.url ?? '').pathname.slice(1);
    expect(await databaseExists(server, name)).toBe(true);

    await cleanUpTestRun();

    expect(await databaseExists(server, name)).toBe(false);
    await leftBehind.client.close().catch(() => undefined); // the teardown ended its connection
  });
});
