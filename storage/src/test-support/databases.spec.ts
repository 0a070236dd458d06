/**
 * Test databases are dropped by run: every database of the run goes (even one a failed suite left connected), as do
 * the leftovers of runs that started over a day ago; a database of another, recent run stays.
 */
import { Client } from 'pg';
import { announceSkipped, createTestPostgresDatabase, dropTestDatabases, newTestRunId, testPostgresUrl } from './databases';

const serverUrl = testPostgresUrl();
const DAY_MS = 24 * 60 * 60 * 1000;

async function existingDatabases(server: string, names: string[]): Promise<string[]> {
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = ANY($1)', [names]);
    return rows.map((row) => row.datname).sort();
  } finally {
    await admin.end();
  }
}

function databaseName(url: string | null): string {
  if (!url) throw new Error('a PostgreSQL test database has a URL');
  return new URL(url).pathname.slice(1);
}

if (!serverUrl) announceSkipped('PostgreSQL test-database clean-up', 'TEST_DATABASE_URL/DATABASE_URL not set');
const describeOnPostgres = serverUrl ? describe : describe.skip;

describeOnPostgres('dropTestDatabases', () => {
  const server = serverUrl ?? ''; // set whenever this block runs
  it('drops every database of the run, ending the connections a failed suite left open', async () => {
    const runId = newTestRunId();
    const left = await createTestPostgresDatabase(server, runId);
    const alsoLeft = await createTestPostgresDatabase(server, runId);
    await left.client.query('SELECT 1'); // an open connection, as a suite that failed before dispose() leaves it
    const names = [databaseName(left.url), databaseName(alsoLeft.url)];
    expect(await existingDatabases(server, names)).toEqual([...names].sort());

    const dropped = await dropTestDatabases(server, runId);

    expect(dropped.sort()).toEqual(expect.arrayContaining([...names].sort()));
    expect(await existingDatabases(server, names)).toEqual([]);
    await left.client.close().catch(() => undefined); // its connection was ended by the drop
  });

  it('sweeps databases of runs that started over a day ago and keeps those of a recent run', async () => {
    const now = Date.now();
    const stale = await createTestPostgresDatabase(server, newTestRunId(now - 2 * DAY_MS));
    const recent = await createTestPostgresDatabase(server, newTestRunId(now - DAY_MS / 2));
    await stale.client.close();
    const staleName = databaseName(stale.url);
    const recentName = databaseName(recent.url);
    try {
      const dropped = await dropTestDatabases(server, newTestRunId(now), now);

      expect(dropped).toContain(staleName);
      expect(dropped).not.toContain(recentName);
      expect(await existingDatabases(server, [staleName, recentName])).toEqual([recentName]);
    } finally {
      await recent.dispose(); // it belongs to no run this process tears down
    }
  });
});
