/**
 * A user group (spec §6): a name, a place in the group tree and the privileges its members hold. What a decision
 * needs from other records (names in use, the parent chain, members, the user-management policy) the handler reads
 * beforehand and hands in as facts.
 */
import type { Decider } from '../decider';
import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '../domain-errors';
import { IdentityMessages } from './identity-messages';
import { USER_GROUP_MANAGER_GROUP_IDS } from './identity-rules';
import { USER_GROUP_EVENT_TYPES, UserGroupEvent, UserGroupEvents, UserGroupFields } from './user-group.events';

export const USER_GROUP_NOT_FOUND = 'The user group does not exist.';
export const USER_GROUP_NAME_TAKEN = 'A user group with this name already exists.';
export const PARENT_GROUP_NOT_FOUND = 'The parent group does not exist.';
export const PARENT_GROUP_CYCLE = 'A group cannot be placed under itself or one of its sub-groups.';
export const GROUP_HAS_USERS = 'This user group still has users. Move them to another group first.';
export const GROUP_HAS_SUBGROUPS = 'This user group has sub-groups. Delete or move them first.';
export const GROUP_BUILT_IN = 'The System Administrator and State Administrator groups cannot be deleted.';
export const USER_GROUP_EXISTS = 'The user group already exists.';

export interface UserGroupState {
  exists: boolean;
  deleted: boolean;
  group: UserGroupFields | null;
}

export const isLiveGroup = (state: UserGroupState): state is UserGroupState & { group: UserGroupFields } =>
  state.exists && !state.deleted && state.group !== null;

/** What saving a group checks against other records, read by the handler before deciding. */
export interface UserGroupFacts {
  /** The user-management policy's refusal (403), null when allowed. */
  policyRefusal: string | null;
  /** Ids of the groups that already have this name (case-insensitive). */
  sameNameGroupIds: readonly string[];
  /** The chosen parent and the groups above it, parent first; null when none was chosen or it is not a live group. */
  parentChainUpwards: readonly string[] | null;
}

export type UserGroupCommand =
  | { type: 'CreateUserGroup'; groupId: string; fields: UserGroupFields; facts: UserGroupFacts }
  | { type: 'UpdateUserGroup'; groupId: string; fields: UserGroupFields; facts: UserGroupFacts }
  | { type: 'DeleteUserGroup'; groupId: string; policyRefusal: string | null; memberCount: number; hasSubgroups: boolean };

export const userGroupDecider: Decider<UserGroupState, UserGroupCommand, UserGroupEvent> = {
  initialState: { exists: false, deleted: false, group: null },
  eventTypes: USER_GROUP_EVENT_TYPES,

  decide(command, state) {
    switch (command.type) {
      case 'CreateUserGroup': {
        const fields = checkedGroup(command.groupId, command.fields, command.facts);
        if (state.exists) throw new DomainRuleViolation(USER_GROUP_EXISTS, {}, true);
        return [{ type: UserGroupEvents.Created, data: { groupId: command.groupId, ...fields } }];
      }
      case 'UpdateUserGroup': {
        assertLive(state);
        const fields = checkedGroup(command.groupId, command.fields, command.facts);
        return [{ type: UserGroupEvents.Updated, data: { groupId: command.groupId, ...fields } }];
      }
      case 'DeleteUserGroup': {
        assertLive(state);
        if (command.policyRefusal) throw new AccessDeniedError(command.policyRefusal);
        if (USER_GROUP_MANAGER_GROUP_IDS.includes(command.groupId)) throw new DomainRuleViolation(GROUP_BUILT_IN, {}, true);
        if (command.memberCount > 0) throw new DomainRuleViolation(GROUP_HAS_USERS, {}, true);
        if (command.hasSubgroups) throw new DomainRuleViolation(GROUP_HAS_SUBGROUPS, {}, true);
        return [{ type: UserGroupEvents.Deleted, data: { groupId: command.groupId } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case UserGroupEvents.Created:
      case UserGroupEvents.Updated: {
        const { groupId: _groupId, ...group } = event.data;
        return { exists: true, deleted: false, group };
      }
      case UserGroupEvents.Deleted:
        return { ...state, deleted: true };
    }
  },
};

function assertLive(state: UserGroupState): void {
  if (!isLiveGroup(state)) throw new NotFoundError(USER_GROUP_NOT_FOUND);
}

/** Rules both create and update check: the policy, at least one privilege, a unique name, an existing parent, no cycle. */
function checkedGroup(groupId: string, fields: UserGroupFields, facts: UserGroupFacts): UserGroupFields {
  if (facts.policyRefusal) throw new AccessDeniedError(facts.policyRefusal);
  const privileges = fields.privileges.filter((privilege, index, all) => all.indexOf(privilege) === index);
  if (privileges.length === 0) {
    throw new DomainRuleViolation(IdentityMessages.usergroup_privileges_required, {
      privileges: [IdentityMessages.usergroup_privileges_required],
    });
  }
  if (facts.sameNameGroupIds.some((id) => id !== groupId))
    throw new DomainRuleViolation(USER_GROUP_NAME_TAKEN, { name: [USER_GROUP_NAME_TAKEN] }, true);
  if (fields.parentGroupId) {
    if (!facts.parentChainUpwards) throw new DomainRuleViolation(PARENT_GROUP_NOT_FOUND, { parentGroupId: [PARENT_GROUP_NOT_FOUND] });
    if (facts.parentChainUpwards.includes(groupId))
      throw new DomainRuleViolation(PARENT_GROUP_CYCLE, { parentGroupId: [PARENT_GROUP_CYCLE] });
  }
  return { ...fields, privileges, reportsToParent: fields.parentGroupId ? fields.reportsToParent : false };
}
