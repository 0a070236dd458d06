/**
 * Runs the read-store contracts against every adapter that can run here: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL (or DATABASE_URL) is set, MongoDB when MONGODB_URL is set (a replica set: apply() uses
 * transactions). Each gets a fresh database, dropped afterwards. The blue/green contract also gets a second store
 * instance on the same database, on a client of its own where the database allows one (not PGlite in memory).
 */
import { MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { PgSqlClient } from '../sql/pg-sql-client';
import { announceSkipped, sqlBackends } from '../test-support/databases';
import { MongoReadStore } from './mongo-read-store';
import { readStoreBlueGreenContract } from './read-store-blue-green.contract';
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

  readStoreBlueGreenContract(backend.name, async () => {
    const database = await backend.create();
    const peerClient = database.url ? new PgSqlClient(database.url, 4) : database.client;
    const store = await SqlReadStore.create(database.client);
    const peer = await SqlReadStore.create(peerClient);
    return {
      store,
      peer,
      async dispose() {
        await Promise.all([store.close(), peer.close()]);
        if (peerClient !== database.client) await peerClient.close();
        await database.dispose();
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

  readStoreBlueGreenContract('MongoDB', async () => {
    const databaseName = `cans_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const clients = [new MongoClient(mongoUrl), new MongoClient(mongoUrl)];
    await Promise.all(clients.map((client) => client.connect()));
    const [store, peer] = await Promise.all(clients.map((client) => MongoReadStore.create(client.db(databaseName))));
    return {
      store,
      peer,
      async dispose() {
        await Promise.all([store.close(), peer.close()]);
        await clients[0].db(databaseName).dropDatabase();
        await Promise.all(clients.map((client) => client.close()));
      },
    };
  });
} else {
  announceSkipped('MongoDB', 'MONGODB_URL not set');
  describe.skip('MongoDB read store contract (skipped: MONGODB_URL not set)', () => {
    it('runs the read store contract against MongoDB', () => undefined);
  });
}
