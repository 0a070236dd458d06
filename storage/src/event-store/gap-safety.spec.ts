import { createTestPostgresDatabase, announceSkipped, TestDatabase, testPostgresUrl } from '../test-support/databases';
import { SqlClient } from '../sql/sql-client';
import {
  AppendHeldOpen,
  concurrentWritersViolations,
  heldOpenReadViolations,
  runConcurrentWriters,
  ScenarioStreams,
} from './event-store.contract-scenarios';
import { RecordedEvent } from './event-store.port';
import { appendInOpenTransaction } from './sql-open-transaction-append';
import { SqlEventStore } from './sql-event-store';

/**
 * The event store contract's gap-safety tests must fail when the guarantee is gone. This store reads up to
 * max(position), as a reader that ignores slower transactions would: the very scenarios the contract runs
 * must report what it skips.
 */
class MaxPositionSqlEventStore extends SqlEventStore {
  static async open(client: SqlClient): Promise<MaxPositionSqlEventStore> {
    await (await SqlEventStore.create(client)).close(); // creates the events table
    return new MaxPositionSqlEventStore(client, {});
  }

  protected override async readableHead(): Promise<number> {
    const { rows } = await this.client.query<{ head: number | string }>('SELECT coalesce(max(position), 0) AS head FROM events');
    return Number(rows[0].head);
  }
}

const serverUrl = testPostgresUrl();
if (!serverUrl) announceSkipped('PostgreSQL gap-safety', 'TEST_DATABASE_URL/DATABASE_URL not set');

(serverUrl ? describe : describe.skip)('the contract gap-safety checks, against a reader without gap safety (PostgreSQL)', () => {
  let database: TestDatabase;
  let store: MaxPositionSqlEventStore;
  const streams: ScenarioStreams = {
    streamName: (name) => `unsafe-${name}`,
    isOwn: (recorded: RecordedEvent) => recorded.streamId.startsWith('unsafe-'),
  };
  const appendHeldOpen: AppendHeldOpen = async (streamId, events, expectedRevision) => {
    const { result, commit } = await appendInOpenTransaction(database.client, streamId, events, expectedRevision);
    return { position: result.position, commit };
  };

  beforeAll(async () => {
    database = await createTestPostgresDatabase(serverUrl!);
    store = await MaxPositionSqlEventStore.open(database.client);
  });

  afterAll(async () => {
    await store?.close();
    await database?.dispose();
  });

  it('the held-open check reports a read past a transaction still open', async () => {
    const violations = await heldOpenReadViolations(store, appendHeldOpen, streams);
    expect(violations).toEqual([
      expect.stringMatching(/^readAll returned position\(s\) \d+ while position \d+ was drawn by a transaction still open$/),
    ]);
  });

  it('the many-writer check reports the slow committers’ events as never delivered', async () => {
    const outcome = await runConcurrentWriters(store, streams, appendHeldOpen);
    const violations = concurrentWritersViolations(outcome, streams, true);
    expect(violations).toContainEqual(expect.stringMatching(/^never delivered: \d+ of \d+ appended events/));
    const deliveredIds = new Set(outcome.delivered.map((recorded) => recorded.eventId));
    const slowEvents = outcome.readBack.filter((recorded) => recorded.type === 'ContractSlowCommit');
    expect(slowEvents).toHaveLength(outcome.writers);
    // Each slow committer was passed while it was open (unless the machine stalled the subscriber for a second).
    expect(slowEvents.filter((recorded) => !deliveredIds.has(recorded.eventId)).length).toBeGreaterThan(0);
  });
});
