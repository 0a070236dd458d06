import { announceSkipped, sqlBackends, TestDatabase } from '../test-support/databases';
import { eventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { SqlEventStore } from './sql-event-store';

for (const backend of sqlBackends()) {
  describe(`SqlEventStore on ${backend.name}`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await backend.create();
    });

    afterAll(async () => {
      await database?.dispose();
    });

    eventStoreContract(`${backend.name}`, async (options) => {
      const store = await SqlEventStore.create(database.client, options);
      // The store leaves the client open; the database is disposed once after the suite.
      return { store, dispose: () => store.close() };
    });
  });
}

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  // The server is shared and keeps earlier runs' events: the contract uses per-run stream names.
  eventStoreContract(
    'EventStoreDB',
    async ({ upcasters }) => {
      const store = EventStoreDbEventStore.connect(eventStoreUrl, { upcasters });
      return { store, dispose: () => store.close() };
    },
    { isolatedDatabase: false },
  );
} else {
  announceSkipped('EventStoreDB', 'EVENTSTORE_URL not set');
  describe.skip('EventStoreDB event store contract (skipped: EVENTSTORE_URL not set)', () => {
    it('runs the event store contract against EventStoreDB', () => undefined);
  });
}
