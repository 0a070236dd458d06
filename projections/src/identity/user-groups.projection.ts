import { USER_GROUP_MANAGER_GROUP_IDS } from '@cans/domain/identity/identity-rules';
import { USER_GROUP_EVENT_TYPES, UserGroupEvent, UserGroupEvents } from '@cans/domain/identity/user-group.events';
import { defineEventProjection } from '../engine/projection';

export const USER_GROUPS_COLLECTION = 'identity_user_groups';

export interface UserGroupDocument {
  id: string;
  name: string;
  nameKey: string;
  description: string;
  parentGroupId: string | null;
  reportsToParent: boolean;
  privileges: string[];
  /** The well-known groups (1 System Administrator, 153 State Administrator) cannot be deleted. */
  builtIn: boolean;
  revision: number;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** User groups: the tree on the user screen, and the privileges the token guard grants on every request. */
export const userGroupsProjection = defineEventProjection<UserGroupEvent>({
  name: 'identity-user-groups',
  version: 1,
  collections: [{ name: USER_GROUPS_COLLECTION, indexes: ['nameKey', 'parentGroupId'] }],
  eventTypes: USER_GROUP_EVENT_TYPES,
  async apply(event, view) {
    switch (event.type) {
      case UserGroupEvents.Created:
      case UserGroupEvents.Updated: {
        const data = event.data;
        const existing = await view.get<UserGroupDocument>(USER_GROUPS_COLLECTION, data.groupId);
        view.upsert(USER_GROUPS_COLLECTION, {
          id: data.groupId,
          name: data.name,
          nameKey: data.name.toLowerCase(),
          description: data.description,
          parentGroupId: data.parentGroupId,
          reportsToParent: data.reportsToParent,
          privileges: data.privileges,
          builtIn: USER_GROUP_MANAGER_GROUP_IDS.includes(data.groupId),
          revision: event.revision,
          createdAt: existing?.createdAt ?? event.recordedAt,
          updatedAt: event.recordedAt,
        } satisfies UserGroupDocument);
        break;
      }
      case UserGroupEvents.Deleted:
        view.delete(USER_GROUPS_COLLECTION, event.data.groupId);
        break;
    }
  },
});
