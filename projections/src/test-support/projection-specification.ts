/**
 * Given events → documents, for projection specs: runs one projection with the production runner over a real event
 * store and read store (PGlite always, PostgreSQL when configured), so a spec exercises exactly what the app runs.
 *
 *   describeProjection(agenciesProjection, (spec) => {
 *     it('creates a row', async () => {
 *       await spec.given('agency-a1', [agencyCreated]);
 *       expect(await spec.document(AGENCIES_COLLECTION, 'a1')).toMatchObject({ name: 'North' });
 *     });
 *   });
 */
import type { DomainEvent } from '@cans/domain/decider';
import type { EventMetadata, EventStore } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { sqlBackends, TestDatabase } from '@cans/storage/test-support/databases';
import type { Projection } from '../engine/projection';
import { ProjectionRunner } from '../engine/projection-runner';

export interface ProjectionSpecification {
  /** Appends the events to the stream (acting user `worker-1` unless given) and waits until the projection applied them. */
  given(streamId: string, events: readonly DomainEvent[], metadata?: Partial<EventMetadata>): Promise<void>;
  document<T extends Document = Document>(collection: string, id: string): Promise<T | null>;
  /** Every document of the collection, by id. */
  documents<T extends Document = Document>(collection: string): Promise<T[]>;
  /** Drops the read models and replays every event so far. */
  rebuild(): Promise<void>;
  readonly readStore: ReadStore;
}

/** A describe block per SQL back-end with a fresh database and the projection running; documents persist across its tests. */
export function describeProjection(projection: Projection, body: (spec: ProjectionSpecification) => void): void {
  describe.each(sqlBackends())(`${projection.name} projection on $name`, ({ create }) => {
    let database: TestDatabase;
    let eventStore: EventStore;
    let readStore: ReadStore;
    let runner: ProjectionRunner;
    let position = 0;

    beforeAll(async () => {
      database = await create();
      eventStore = await SqlEventStore.create(database.client, { pollIntervalMs: 20 });
      readStore = await SqlReadStore.create(database.client);
      runner = new ProjectionRunner(eventStore, readStore, [projection], { batchSize: 50, retryDelayMs: 50 });
      await runner.start();
    });

    afterAll(async () => {
      await runner.stop();
      await eventStore.close();
      await readStore.close();
      await database.dispose();
    });

    const caughtUp = async () => expect(await runner.waitForPosition(position, 10_000)).toBe(true);

    body({
      async given(streamId, events, metadata = {}) {
        const appended = await eventStore.append(
          streamId,
          events.map((event) => ({
            type: event.type,
            data: event.data,
            metadata: { userId: 'worker-1', correlationId: 'c', causationId: null, ...metadata },
          })),
          'any',
        );
        position = appended.position;
        await caughtUp();
      },
      document: (collection, id) => readStore.get(collection, id),
      documents: (collection) => readStore.find(collection, {}, { sort: [{ field: 'id', direction: 'asc' }] }),
      async rebuild() {
        await runner.rebuild(projection.name);
        await caughtUp();
      },
      get readStore() {
        return readStore;
      },
    });
  });
}
