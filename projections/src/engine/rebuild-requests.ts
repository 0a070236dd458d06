import type { ReadStore } from '@cans/storage/read-store/read-store.port';

/**
 * Rebuilds asked for by another process (the CLI while the app runs): the instance holding the projections lease
 * picks them up on its next lease renewal. A collection of the read store, so every adapter carries it.
 */
export const REBUILD_REQUESTS_COLLECTION = 'projection_rebuild_requests';

/** The lease the instance running the projections holds. */
export const PROJECTIONS_LEASE = 'projections';

export async function requestRebuild(readStore: ReadStore, projection: string): Promise<void> {
  await readStore.apply([
    { kind: 'upsert', collection: REBUILD_REQUESTS_COLLECTION, document: { id: projection, requestedAt: new Date().toISOString() } },
  ]);
}

/** The projections whose rebuild was requested; the requests are removed as they are taken. */
export async function takeRebuildRequests(readStore: ReadStore): Promise<string[]> {
  const requests = await readStore.find(REBUILD_REQUESTS_COLLECTION);
  if (requests.length === 0) return [];
  await readStore.apply(requests.map((request) => ({ kind: 'delete' as const, collection: REBUILD_REQUESTS_COLLECTION, id: request.id })));
  return requests.map((request) => request.id);
}
