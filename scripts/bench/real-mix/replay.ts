/**
 * The floor and the replay of a rebuild, measured the same way on the same events:
 * - rawReadBaseline: every event row read with plain SQL in batches of the rebuild's size (the rows parsed into
 *   objects, nothing applied) — what a replay cannot beat;
 * - replayProjection: a rebuild as the runner's build does one (empty collections without secondary indexes, the
 *   next batch read while this one is applied, every batch through ProjectionUnitOfWork with a RebuildWorkingSet and
 *   stored with its checkpoint in one apply, the indexes built at the end). Used to measure the projections on
 *   their own, apart from the runner's scheduling; the bench's rebuild rows use the runner.
 */
import { applyEvents, Projection } from '@cans/projections/engine/projection';
import { ProjectionUnitOfWork } from '@cans/projections/engine/projection-unit-of-work';
import { RebuildWorkingSet } from '@cans/projections/engine/rebuild-working-set';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { SqlClient } from '@cans/storage/sql/sql-client';

export interface Timed {
  events: number;
  seconds: number;
}

export async function rawReadBaseline(client: SqlClient, batchSize: number): Promise<Timed> {
  const started = performance.now();
  let events = 0;
  let after = 0;
  for (;;) {
    const { rows } = await client.query<{ position: string | number }>(
      `SELECT position, event_id, stream_id, revision, type, schema_version, data, metadata, recorded_at
       FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
      [after, batchSize],
    );
    if (rows.length === 0) break;
    events += rows.length;
    after = Number(rows[rows.length - 1].position);
  }
  return { events, seconds: (performance.now() - started) / 1000 };
}

export async function replayProjection(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection,
  batchSize: number,
  options: { workingSet?: boolean; suffix?: string } = {},
): Promise<Timed & { workingSetSize: number }> {
  const suffix = options.suffix ?? '__g99';
  const physicalNames = new Map(projection.collections.map((c) => [c.name, `${c.name}${suffix}`]));
  for (const target of physicalNames.values()) {
    await readStore.dropCollection(target);
    await readStore.ensureCollection({ name: target });
  }
  const workingSet = options.workingSet === false ? undefined : new RebuildWorkingSet();
  const checkpoint = `${projection.name}${suffix}`;
  const started = performance.now();
  let events = 0;
  let next = eventStore.readAll(0, batchSize);
  // Where the time goes (BENCH_REAL_MIX_SPLIT=1): waiting for the read-ahead, projecting in memory, storing.
  const split = { read: 0, project: 0, write: 0 };
  for (;;) {
    let t = performance.now();
    const batch = await next;
    split.read += performance.now() - t;
    if (batch.length === 0) break;
    next = eventStore.readAll(batch[batch.length - 1].position, batchSize);
    next.catch(() => undefined);
    t = performance.now();
    const unitOfWork = new ProjectionUnitOfWork(readStore, { physicalNames, workingSet });
    await applyEvents(projection, batch, unitOfWork);
    await unitOfWork.settle();
    const operations = unitOfWork.operations();
    split.project += performance.now() - t;
    t = performance.now();
    await readStore.apply(operations, { projection: checkpoint, version: projection.version, position: batch[batch.length - 1].position });
    unitOfWork.commit();
    split.write += performance.now() - t;
    events += batch.length;
  }
  for (const collection of projection.collections)
    await readStore.ensureCollection({ ...collection, name: physicalNames.get(collection.name)! });
  const seconds = (performance.now() - started) / 1000;
  if (process.env.BENCH_REAL_MIX_SPLIT)
    console.log(
      `  ${projection.name}: ${Object.entries(split)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`)
        .join(', ')}`,
    );
  for (const target of physicalNames.values()) await readStore.dropCollection(target);
  await readStore.deleteCheckpoint(checkpoint);
  return { events, seconds, workingSetSize: workingSet?.size ?? 0 };
}
