import type { Privilege } from '../access/privileges';

/** Events of a user group's stream ("user-group-<id>"). */
export const UserGroupEvents = {
  Created: 'UserGroupCreated',
  Updated: 'UserGroupUpdated',
  Deleted: 'UserGroupDeleted',
} as const;

export interface UserGroupFields {
  name: string;
  description: string;
  parentGroupId: string | null;
  /** 'Report to Parent Group' (spec: canViewParent): members of the parent group see this group's records. */
  reportsToParent: boolean;
  privileges: Privilege[];
}

export interface UserGroupCreatedData extends UserGroupFields {
  groupId: string;
}

export interface UserGroupUpdatedData extends UserGroupFields {
  groupId: string;
}

export interface UserGroupDeletedData {
  groupId: string;
}

export const userGroupStreamId = (groupId: string) => `user-group-${groupId}`;
