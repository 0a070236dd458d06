import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../event-store/event-store.port';
import { SqlEventStore } from '../event-store/sql-event-store';
import { sqlBackends, TestDatabase } from '../test-support/databases';
import { collectInto, InvalidBackupError, restoreBackup, verifyBackup, writeBackup } from './event-log-backup';

const event = (i: number): NewEvent => ({
  type: i % 3 === 0 ? 'Rated' : 'Noted',
  data: { i, text: `line ${i} with "quotes", a newline\nand ünïcode`, nothing: null },
  schemaVersion: 1 + (i % 2),
  metadata: { userId: `u${i % 4}`, correlationId: randomUUID(), causationId: null, ip: '203.0.113.7' },
});

describe.each(sqlBackends())('event log backup and restore on $name', ({ create }) => {
  const databases: TestDatabase[] = [];
  const stores: SqlEventStore[] = [];
  const open = async () => {
    const database = await create();
    databases.push(database);
    const store = await SqlEventStore.create(database.client);
    stores.push(store);
    return { database, store };
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const database of databases.splice(0)) await database.dispose();
  });

  const backupOf = async (store: SqlEventStore) => {
    const chunks: Buffer[] = [];
    const summary = await writeBackup(store, collectInto(chunks), { source: 'test' });
    return { file: Buffer.concat(chunks), summary };
  };
  const rows = (database: TestDatabase) =>
    database.client.query(
      'SELECT position, event_id, stream_id, revision, type, schema_version, data, metadata, recorded_at FROM events ORDER BY position',
    );

  it('restores every event as stored — positions, ids, revisions, schema versions, data, metadata, recorded times — and appends follow', async () => {
    const original = await open();
    for (let i = 0; i < 25; i++) await original.store.append(`stream-${i % 4}`, [event(i), event(i + 100)], 'any');
    // A position the sequence skipped (a rolled-back append) stays skipped.
    await original.database.client.query("SELECT nextval(pg_get_serial_sequence('events', 'position'))");
    await original.store.append('stream-x', [event(999)], 'no_stream');
    const { file, summary } = await backupOf(original.store);
    expect(summary).toMatchObject({ events: 51, headPosition: 52 });
    expect((await verifyBackup(() => Readable.from([file]))).events).toBe(51);

    const copy = await open();
    expect(await restoreBackup(copy.store, () => Readable.from([file]))).toMatchObject({ events: 51, headPosition: 52 });
    expect((await rows(copy.database)).rows).toEqual((await rows(original.database)).rows);
    expect(await copy.store.readStream('stream-x')).toEqual(await original.store.readStream('stream-x'));
    // The next append takes the next position and checks revisions against the restored streams.
    expect(await copy.store.append('stream-x', [event(1000)], 0)).toEqual({ position: 53, revision: 1 });
  });

  it('refuses a non-empty store, and a cut-short, altered or foreign file, writing nothing', async () => {
    const original = await open();
    for (let i = 0; i < 5; i++) await original.store.append('s', [event(i)], 'any');
    const { file } = await backupOf(original.store);
    await expect(restoreBackup(original.store, () => Readable.from([file]))).rejects.toThrow('The event store is not empty');

    const lines = gunzipSync(file).toString('utf8').split('\n');
    const cutShort = gzipSync(lines.slice(0, -2).join('\n') + '\n');
    const altered = gzipSync(lines.map((line) => line.replace('line 3', 'line 4')).join('\n'));
    const foreign = gzipSync('{"hello":"world"}\n');
    const copy = await open();
    for (const [bad, message] of [
      [cutShort, 'cut short'],
      [altered, 'does not match its end line'],
      [foreign, 'Not a CANS event log backup'],
      [Buffer.from('not gzip'), 'cannot be read'],
    ] as const) {
      const refused = restoreBackup(copy.store, () => Readable.from([bad]));
      await expect(refused).rejects.toThrow(InvalidBackupError);
      await expect(restoreBackup(copy.store, () => Readable.from([bad]))).rejects.toThrow(message);
      expect(await copy.store.headPosition()).toBe(0);
    }
  });
});
