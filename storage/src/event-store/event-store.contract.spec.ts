import { announceSkipped, sqlBackends, TestDatabase } from '../test-support/databases';
import { eventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { AppendHeldOpen } from './event-store.contract-scenarios';
import { appendInOpenTransaction } from './sql-open-transaction-append';
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

    // PGlite has one connection: a transaction held open would hold up every other statement, and appends there
    // never overlap, so there is no gap to guard.
    const appendHeldOpen: AppendHeldOpen | undefined =
      backend.name === 'PostgreSQL'
        ? async (streamId, events, expectedRevision) => {
            const { result, commit } = await appendInOpenTransaction(database.client, streamId, events, expectedRevision);
            return { position: result.position, commit };
          }
        : undefined;

    eventStoreContract(
      `${backend.name}`,
      async (options) => {
        const store = await SqlEventStore.create(database.client, options);
        // The store leaves the client open; the database is disposed once after the suite.
        return { store, dispose: () => store.close() };
      },
      { appendHeldOpen },
    );
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
