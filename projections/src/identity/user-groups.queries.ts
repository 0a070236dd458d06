/** Queries of the user groups read model (user-groups.projection.ts). Groups are few (tens): callers read them whole. */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { USER_GROUPS_COLLECTION, UserGroupDocument } from './user-groups.projection';

export function getUserGroup(readStore: ReadStore, groupId: string): Promise<UserGroupDocument | null> {
  return readStore.get<UserGroupDocument>(USER_GROUPS_COLLECTION, groupId);
}

export function getUserGroups(readStore: ReadStore, groupIds: readonly string[]): Promise<UserGroupDocument[]> {
  return groupIds.length ? readStore.getMany<UserGroupDocument>(USER_GROUPS_COLLECTION, [...new Set(groupIds)]) : Promise.resolve([]);
}

/** Every group, by name. */
export function allUserGroups(readStore: ReadStore): Promise<UserGroupDocument[]> {
  return readStore.find<UserGroupDocument>(USER_GROUPS_COLLECTION, {}, { sort: [{ field: 'nameKey', direction: 'asc' }] });
}
