import type { EventUnion } from '../decider';
import type { Privilege } from './privileges';

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

/** A user group was created, with its name, parent group and privileges. */
export interface UserGroupCreatedData extends UserGroupFields {
  groupId: string;
}

/** A user group was saved: every field as saved (a snapshot; privileges replace the previous set). */
export interface UserGroupUpdatedData extends UserGroupFields {
  groupId: string;
}

/** A user group was deleted. */
export interface UserGroupDeletedData {
  groupId: string;
}

export type UserGroupEvent = EventUnion<{
  [UserGroupEvents.Created]: UserGroupCreatedData;
  [UserGroupEvents.Updated]: UserGroupUpdatedData;
  [UserGroupEvents.Deleted]: UserGroupDeletedData;
}>;

export const USER_GROUP_EVENT_TYPES: readonly UserGroupEvent['type'][] = Object.values(UserGroupEvents);

export const userGroupStreamId = (groupId: string) => `user-group-${groupId}`;
