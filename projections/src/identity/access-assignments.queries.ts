/** Queries of the temporary access assignments read model (access-assignments.projection.ts). */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { ACCESS_ASSIGNMENTS_COLLECTION, AccessAssignmentDocument } from './access-assignments.projection';

/** The assignments one user made (My Account), newest first. */
export function listAssignmentsByOwner(readStore: ReadStore, ownerId: string): Promise<AccessAssignmentDocument[]> {
  return readStore.find<AccessAssignmentDocument>(
    ACCESS_ASSIGNMENTS_COLLECTION,
    { ownerId },
    { sort: [{ field: 'startsOn', direction: 'desc' }], limit: 500 },
  );
}

/** The assignments that give this delegate access (to one owner's records, or to anyone's without `ownerId`). */
export function listAssignmentsToDelegate(readStore: ReadStore, delegateId: string, ownerId?: string): Promise<AccessAssignmentDocument[]> {
  return ownerId === undefined
    ? readStore.find<AccessAssignmentDocument>(ACCESS_ASSIGNMENTS_COLLECTION, { delegateId }, { limit: 1000 })
    : readStore.find<AccessAssignmentDocument>(ACCESS_ASSIGNMENTS_COLLECTION, { ownerId, delegateId }, { limit: 100 });
}
