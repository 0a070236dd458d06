/** Queries of the identity timeline (identity-timeline.projection.ts): users, groups, API users and assignments as at a moment. */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import {
  ApiUserVersion,
  AssignmentTimelineDocument,
  GroupVersion,
  TIMELINE_API_USERS_COLLECTION,
  TIMELINE_ASSIGNMENTS_COLLECTION,
  TIMELINE_GROUPS_COLLECTION,
  TIMELINE_USERS_COLLECTION,
  TimelineDocument,
  UserVersion,
} from './identity-timeline.projection';

/** The version in force at `at` (ISO time, as recordedAt): the last one from at or before it; null before the first. */
export function versionAt<TVersion extends { from: string }>(versions: readonly TVersion[], at: string): TVersion | null {
  let found: TVersion | null = null;
  for (const version of versions) {
    if (version.from > at) break;
    found = version;
  }
  return found;
}

export type UserAt = Omit<UserVersion, 'from' | 'deleted'> & { id: string };
export type GroupAt = Omit<GroupVersion, 'from' | 'deleted'> & { id: string };
export type ApiUserAt = Omit<ApiUserVersion, 'from' | 'deleted'> & { id: string };

/** The users, groups and API users that existed (created, not yet deleted) at a moment, each as it stood then. */
export interface IdentityAt {
  at: string;
  users: Map<string, UserAt>;
  groups: Map<string, GroupAt>;
  apiUsers: Map<string, ApiUserAt>;
}

async function existingAt<TVersion extends { from: string; deleted: boolean }>(
  readStore: ReadStore,
  collection: string,
  at: string,
): Promise<Map<string, Omit<TVersion, 'from' | 'deleted'> & { id: string }>> {
  // Order does not matter: the answer is keyed by id.
  const documents = await readStore.find<TimelineDocument<TVersion>>(collection, { since: { $lte: at } }, { anyOrder: true });
  const found = new Map<string, Omit<TVersion, 'from' | 'deleted'> & { id: string }>();
  for (const document of documents) {
    const version = versionAt(document.versions, at);
    if (!version || version.deleted) continue;
    const { from: _from, deleted: _deleted, ...fields } = version;
    found.set(document.id, { ...fields, id: document.id });
  }
  return found;
}

/** The identity as it stood at `at` (ISO time): one find per collection. */
export async function identityAt(readStore: ReadStore, at: string): Promise<IdentityAt> {
  const [users, groups, apiUsers] = await Promise.all([
    existingAt<UserVersion>(readStore, TIMELINE_USERS_COLLECTION, at),
    existingAt<GroupVersion>(readStore, TIMELINE_GROUPS_COLLECTION, at),
    existingAt<ApiUserVersion>(readStore, TIMELINE_API_USERS_COLLECTION, at),
  ]);
  return { at, users, groups, apiUsers };
}

/** The temporary access assignments one owner had made and not revoked at `at`. */
export async function assignmentsOfOwnerAt(readStore: ReadStore, ownerId: string, at: string): Promise<AssignmentTimelineDocument[]> {
  const made = await readStore.find<AssignmentTimelineDocument>(
    TIMELINE_ASSIGNMENTS_COLLECTION,
    { ownerId, assignedAt: { $lte: at } },
    { limit: 10_000 },
  );
  return made.filter((assignment) => assignment.revokedAt === null || assignment.revokedAt > at);
}
