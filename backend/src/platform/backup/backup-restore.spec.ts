/**
 * Issue 29 item 5 with real processes: `npm run backup` beside a running app under write load — on PostgreSQL it
 * reads the database, on the embedded store the app writes it onto its socket — then `npm run restore` into an empty
 * store, and the normal start there rebuilds every read model. The restored log is the original's up to the backup's
 * head, row for row; the read models built from it equal those a second app builds from the same rows copied by
 * plain SQL (not through the backup code), collection by collection.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '@cans/projections';
import { ASSESSMENT_LIST_COLLECTION } from '@cans/projections/assessments/assessment-list/documents';
import { verifyBackup } from '@cans/storage/backup/event-log-backup';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { createTestPostgresDatabase, testPostgresUrl } from '@cans/storage/test-support/databases';
import { PgliteSqlClient } from '@cans/storage/sql/pglite-sql-client';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import type { SqlClient } from '@cans/storage/sql/sql-client';
import { runEntryPoint } from '../../../test-support/run-entry-point';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { approvedThroughApi } from '../../analytics/analytics.test-support';
import { AssessmentsApi, childForm, createOrganisation, Json, seedTestLibrary } from '../../assessments/assessments.test-support';
import { EVENT_STORE, READ_STORE } from '../storage/storage-tokens';

const EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, schema_version, data, metadata, recorded_at';
const backends: Array<'pglite' | 'postgres'> = testPostgresUrl() ? ['postgres', 'pglite'] : ['pglite'];

/** Where a store lives: a PostgreSQL database or an embedded data folder, as the CLIs and the app are told. */
interface Place {
  env: Record<string, string>;
  config: { databaseUrl?: string; dataDir?: string };
  sql(): Promise<SqlClient>;
}

describe.each(backends)('backup under write load, restore, rebuild (%s)', (backend) => {
  jest.setTimeout(480_000);
  const folders: string[] = [];
  const apps: TestApp[] = [];
  const clients: SqlClient[] = [];
  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const client of clients.splice(0)) await client.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'cans-bk-'));
    folders.push(made);
    return made;
  };
  const emptyPlace = async (): Promise<Place> => {
    if (backend === 'postgres') {
      const database = await createTestPostgresDatabase(testPostgresUrl()!);
      await database.client.close();
      const url = database.url!;
      return { env: { DATABASE_URL: url }, config: { databaseUrl: url }, sql: async () => remember(new PgSqlClient(url)) };
    }
    const dataDir = folder();
    return { env: { DATA_DIR: dataDir }, config: { dataDir }, sql: async () => remember(await PgliteSqlClient.open(dataDir)) };
  };
  const remember = (client: SqlClient) => (clients.push(client), client);
  const start = async (place: Place) => {
    const app = await startTestApp({ backend, config: place.config });
    apps.push(app);
    return app;
  };
  const cli = (script: string, args: string[], place: Place) =>
    runEntryPoint(`scripts/backup/${script}`, { args, env: { ...place.env, LOG_LEVEL: 'silent' }, timeoutMs: 180_000 });

  async function readModels(app: TestApp): Promise<Record<string, Json[]>> {
    await app.caughtUp();
    const readStore = app.app.get<ReadStore>(READ_STORE);
    const models: Record<string, Json[]> = {};
    for (const projection of allProjections)
      for (const collection of projection.collections)
        models[collection.name] = await readStore.find(collection.name, {}, { sort: [{ field: 'id', direction: 'asc' }] });
    return models;
  }

  it('backs up a running app under writes, restores into an empty store, and the start there rebuilds the same read models', async () => {
    // The original: a small organisation, two approved assessments, then a case worker saving answers without pause.
    const originalPlace = await emptyPlace();
    const original = await start(originalPlace);
    await seedTestLibrary(original);
    const ids = await createOrganisation(original);
    const worker = new AssessmentsApi(original, `Bearer ${original.tokenForUser(ids.worker)}`, ids.worker);
    const supervisor = new AssessmentsApi(original, `Bearer ${original.tokenForUser(ids.supervisor)}`, ids.supervisor);
    await approvedThroughApi(worker, supervisor, { cin: 'PID-BK-1', dateOfAssessment: '2025-02-01' }, { T_SUBSTANCE_USE: 3 });
    await approvedThroughApi(worker, supervisor, { cin: 'PID-BK-1', dateOfAssessment: '2025-06-01' }, { T_SUBSTANCE_USE: 1 });
    const open = await worker.start(childForm({ cin: 'PID-BK-2' }));
    const question = open.questionnaire.domains[0].questions[0].code as string;
    let writing = true;
    let saves = 0;
    const load = (async () => {
      while (writing) {
        const sent = await worker.rate(open.id, question, saves % 4);
        if (sent.status !== 200) throw new Error(`a save under load answered ${sent.status}`);
        saves++;
      }
    })();

    const file = join(folder(), 'backup.ndjson.gz');
    let backup: Awaited<ReturnType<typeof cli>>;
    try {
      backup = await cli('backup-cli.ts', ['--out', file], originalPlace);
    } finally {
      writing = false;
      await load;
    }
    expect([backup.code, backup.output]).toEqual([0, expect.stringMatching(/Backed up \d+ events/)]);
    // On the embedded store the app holds the folder: it wrote the backup onto its socket.
    expect(backup.output.includes('holds the data folder: it writes the backup')).toBe(backend === 'pglite');
    const { headPosition } = await verifyBackup(() => createReadStream(file));
    const originalStore = original.app.get<SqlEventStore>(EVENT_STORE);
    // The writes went on while the backup ran, past the head it covers.
    expect(await originalStore.headPosition()).toBeGreaterThan(headPosition);
    const covered = (await everyEvent(originalStore)).filter((event) => event.position <= headPosition);

    // Restored into an empty store by the CLI; refused into one that is not empty.
    const restoredPlace = await emptyPlace();
    const restore = await cli('restore-cli.ts', [file], restoredPlace);
    expect([restore.code, restore.output]).toEqual([
      0,
      expect.stringContaining(`Restored ${covered.length} events (up to position ${headPosition})`),
    ]);
    const again = await cli('restore-cli.ts', [file], restoredPlace);
    expect([again.code, again.output]).toEqual([1, expect.stringContaining('The event store is not empty')]);

    // The reference: the same rows copied by plain SQL into another empty store.
    const referencePlace = await emptyPlace();
    const referenceSql = await referencePlace.sql();
    await (await SqlEventStore.create(referenceSql)).close();
    for (const event of covered)
      await referenceSql.query(
        `INSERT INTO events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::timestamptz)`,
        [
          event.position,
          event.eventId,
          event.streamId,
          event.revision,
          event.type,
          event.schemaVersion,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          event.recordedAt,
        ],
      );
    await referenceSql.query("SELECT setval(pg_get_serial_sequence('events', 'position'), (SELECT max(position) FROM events))");
    clients.splice(clients.indexOf(referenceSql), 1);
    await referenceSql.close();

    // The normal start on each builds every read model from event zero.
    const restored = await start(restoredPlace);
    const reference = await start(referencePlace);
    expect(await everyEvent(restored.app.get<SqlEventStore>(EVENT_STORE))).toEqual(covered);
    const restoredModels = await readModels(restored);
    expect(restoredModels).toEqual(await readModels(reference));
    // Not vacuous: the models hold the organisation's assessments.
    expect(restoredModels[ASSESSMENT_LIST_COLLECTION].length).toBeGreaterThanOrEqual(3);
  });
});

async function everyEvent(store: SqlEventStore) {
  const events = [];
  for (
    let position = 0, batch = await store.readAllAsStored(0, 1000);
    batch.length > 0;
    batch = await store.readAllAsStored(position, 1000)
  ) {
    events.push(...batch);
    position = batch[batch.length - 1].position;
  }
  return events;
}
