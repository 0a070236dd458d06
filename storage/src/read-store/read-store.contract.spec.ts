/**
 * Runs the read-store contract against every adapter that can run here: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL (or DATABASE_URL) is set, MongoDB when MONGODB_URL is set (a replica set: apply() uses
 * transactions). Each gets a fresh database, dropped afterwards.
 */
import { MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { announceSkipped, sqlBackends } from '../test-support/databases';
import { MongoReadStore } from './mongo-read-store';
import { readStoreContract } from './read-store.contract';
import { SqlReadStore } from './sql-read-store';

for (const backend of sqlBackends()) {
  readStoreContract(backend.name, async () => {
    const database = await backend.create();
    const store = await SqlReadStore.create(database.client);
    return {
      store,
      async dispose() {
        await store.close();
        await database.dispose(); // the store does not own the client: the database's owner closes it
      },
    };
  });
}

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  readStoreContract('MongoDB', async () => {
    const client = new MongoClient(mongoUrl);
    await client.connect();
    const databaseName = `cans_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const store = await MongoReadStore.create(client.db(databaseName));
    return {
      store,
      async dispose() {
        await store.close();
        await client.db(databaseName).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  announceSkipped('MongoDB', 'MONGODB_URL not set');
  describe.skip('MongoDB read store contract (skipped: MONGODB_URL not set)', () => {
    it('runs the read store contract against MongoDB', () => undefined);
  });
}
