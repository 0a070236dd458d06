import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import { PgliteSqlClient } from '@cans/storage/sql/pglite-sql-client';
import type { SqlClient } from '@cans/storage/sql/sql-client';
import type { AppConfig } from '../config/app-config';
import { eventUpcasters } from './event-upcasters';

export interface Storage {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Human-readable adapter names for logs and /api/ready. */
  description: { eventStore: string; readStore: string };
  close(): Promise<void>;
}

/**
 * Picks the adapters from the configuration: EventStoreDB / MongoDB when their URLs are set, else PostgreSQL
 * when DATABASE_URL is set, else embedded PGlite in DATA_DIR (the zero-setup default).
 */
export async function openStorage(config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'eventStoreUrl' | 'mongoUrl'>): Promise<Storage> {
  let sqlClient: SqlClient | null = null;
  const sql = async () => {
    sqlClient ??= config.databaseUrl ? new PgSqlClient(config.databaseUrl) : await PgliteSqlClient.open(config.dataDir);
    return sqlClient;
  };
  const sqlName = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;

  // The EventStoreDB and MongoDB clients load only where they are configured: loading them costs every other
  // start (and every test app) about a second.
  const eventStore: EventStore = config.eventStoreUrl
    ? (await import('@cans/storage/event-store/eventstoredb-event-store')).EventStoreDbEventStore.connect(config.eventStoreUrl, {
        upcasters: eventUpcasters,
      })
    : await SqlEventStore.create(await sql(), { upcasters: eventUpcasters });
  const readStore: ReadStore = config.mongoUrl
    ? await (await import('@cans/storage/read-store/mongo-read-store')).MongoReadStore.connect(config.mongoUrl)
    : await SqlReadStore.create(await sql());

  return {
    eventStore,
    readStore,
    description: {
      eventStore: config.eventStoreUrl ? 'EventStoreDB' : sqlName,
      readStore: config.mongoUrl ? 'MongoDB' : sqlName,
    },
    async close() {
      await eventStore.close();
      await readStore.close();
      await sqlClient?.close();
    },
  };
}
