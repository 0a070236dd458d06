import { ADMINISTRATOR_ID, USER_GROUP_MANAGER_GROUP_IDS } from '@cans/domain/identity/identity-rules';
import { seesEveryRecord } from './row-access-policy';

/**
 * THE user-management policy: who may change which user account and which user group (issue 9: a lower user must
 * not take over a higher one). Pure functions decide from facts; UserManagementService loads the facts from the
 * streams and throws AccessDeniedError (403) for the command handlers; the read side uses the same functions for
 * the canManage / assignable flags the screens mirror. Privileges on the route (User_Actions, groups 1/153 for
 * group changes) are checked separately.
 *
 * Rules (see docs/permissions.md, "Who manages whom"):
 *  1. only the administrator (user 1) changes the administrator;
 *  2. members of groups 1 and 153 are managed, and groups 1 and 153 assigned, only by members of groups 1 and 153;
 *  3. a user manages (edits, approves, locks, renames, re-mails, resets the password of, deletes) only users whose
 *     group's privileges are all among their own, and assigns (create, update) only such groups;
 *  4. nobody changes their own group, nor the privileges of their own group;
 *  5. a group manager grants only privileges they hold, and changes or deletes only groups within them;
 *  6. API users are added, edited (re-keyed, widened) and deleted only by users who hold everything an API user's
 *     token holds (API_USER_HOLDS) and see every record themselves (row access): an API user reads every child's
 *     record, so handing one out is handing out that.
 * The administrator holds every privilege and sees every record, so rules 3, 5 and 6 never stop them.
 */

/** The acting user: their id, group, privileges (the administrator: all of them) and agency (row access). */
export interface UserManager {
  id: string;
  groupId: string | null;
  privileges: readonly string[];
  agencyId: string | null;
}

/** A user account being changed, with its group's privileges. */
export interface ManagedUser {
  id: string;
  groupId: string;
  groupPrivileges: readonly string[];
}

export interface GroupFacts {
  id: string;
  privileges: readonly string[];
}

export type UserManagementRefusal =
  | 'administrator-only-self'
  | 'manager-groups-only'
  | 'user-above-you'
  | 'group-manager-groups-only'
  | 'group-above-you'
  | 'own-group'
  | 'own-group-privileges'
  | 'grant-beyond-own'
  | 'api-user-beyond-own';

export type UserManagementDecision = { allowed: true } | { allowed: false; reason: UserManagementRefusal; message: string };

/** What a refused caller reads (403). */
export const USER_MANAGEMENT_MESSAGES: Record<UserManagementRefusal, string> = {
  'administrator-only-self': 'Only the administrator can edit the administrator.',
  'manager-groups-only': 'Only members of the System Administrator or State Administrator groups can manage members of those groups.',
  'user-above-you': 'You can only manage users whose user group has no privilege that you do not have.',
  'group-manager-groups-only': 'Only members of the System Administrator or State Administrator groups can assign those groups.',
  'group-above-you': 'You can only assign user groups that have no privilege that you do not have.',
  'own-group': 'You cannot change your own user group.',
  'own-group-privileges': 'You cannot change the privileges of your own user group.',
  'grant-beyond-own': 'You can only grant privileges that you have yourself.',
  'api-user-beyond-own':
    "An API user reads every child's record: only a user who holds Assessment_View, Report_Assessment and DATA_FEED_SHOW and sees every record (the administrator, or Case_Monitor without an agency) can add, edit or delete API users.",
};

/**
 * What an API user's token holds: the privileges of API clients (PrincipalService's API_CLIENT_PRIVILEGES) and the
 * export of approved assessments (@AdmitApiClients on DATA_FEED_SHOW's routes); row access rule 8 adds every record.
 */
export const API_USER_HOLDS: readonly string[] = ['Assessment_View', 'Report_Assessment', 'DATA_FEED_SHOW'];

const ALLOWED: UserManagementDecision = { allowed: true };
const refuse = (reason: UserManagementRefusal): UserManagementDecision => ({
  allowed: false,
  reason,
  message: USER_MANAGEMENT_MESSAGES[reason],
});

/** True when every privilege in `wanted` is in `held`. */
export function holdsAll(held: readonly string[], wanted: readonly string[]): boolean {
  const have = new Set(held);
  return wanted.every((privilege) => have.has(privilege));
}

const isManagerGroup = (groupId: string | null): boolean => groupId !== null && USER_GROUP_MANAGER_GROUP_IDS.includes(groupId);
const samePrivileges = (a: readonly string[], b: readonly string[]): boolean => holdsAll(a, b) && holdsAll(b, a);

/** Edit, approve, lock, deactivate, rename, re-mail, reset the password of, or delete `target`. */
export function mayManageUser(manager: UserManager, target: ManagedUser): UserManagementDecision {
  if (target.id === ADMINISTRATOR_ID) return manager.id === ADMINISTRATOR_ID ? ALLOWED : refuse('administrator-only-self');
  if (target.id === manager.id) return ALLOWED;
  if (isManagerGroup(target.groupId) && !isManagerGroup(manager.groupId)) return refuse('manager-groups-only');
  return holdsAll(manager.privileges, target.groupPrivileges) ? ALLOWED : refuse('user-above-you');
}

/** Put a user (new or existing) into `group`. */
export function mayAssignGroup(manager: UserManager, group: GroupFacts): UserManagementDecision {
  if (isManagerGroup(group.id) && !isManagerGroup(manager.groupId)) return refuse('group-manager-groups-only');
  return holdsAll(manager.privileges, group.privileges) ? ALLOWED : refuse('group-above-you');
}

/**
 * A create (target null) or an update of `target` that asks for `group` (null: the group does not exist, which the
 * command's validation answers with 400). Keeping a user's group is not assigning it.
 */
export function mayChangeUser(
  manager: UserManager,
  change: { target: ManagedUser | null; group: GroupFacts | null },
): UserManagementDecision {
  const { target, group } = change;
  if (target) {
    const managed = mayManageUser(manager, target);
    if (!managed.allowed) return managed;
    if (!group || group.id === target.groupId) return ALLOWED;
    if (target.id === manager.id) return refuse('own-group');
  }
  return group ? mayAssignGroup(manager, group) : ALLOWED;
}

/**
 * Add (current null), edit or delete (privileges null) a user group. The administrator may change group 1: their
 * own privileges never depend on it.
 */
export function mayChangeGroup(
  manager: UserManager,
  change: { current: GroupFacts | null; privileges: readonly string[] | null },
): UserManagementDecision {
  const { current, privileges } = change;
  if (current) {
    const ownGroup = current.id === manager.groupId && manager.id !== ADMINISTRATOR_ID;
    if (ownGroup && privileges && !samePrivileges(current.privileges, privileges)) return refuse('own-group-privileges');
    if (!holdsAll(manager.privileges, current.privileges)) return refuse('group-above-you');
  }
  if (privileges && !holdsAll(manager.privileges, privileges)) return refuse('grant-beyond-own');
  return ALLOWED;
}

/**
 * Add, edit (any field: password, IP, maxRecords, username) or delete an API user. Deleting narrows nobody's access,
 * but it stops the state's feed and can be followed by an add: the same rule for every change keeps it one rule.
 */
export function mayManageApiUsers(manager: UserManager): UserManagementDecision {
  const seesEverything = seesEveryRecord({
    kind: 'user',
    isAdministrator: manager.id === ADMINISTRATOR_ID,
    privileges: manager.privileges,
    agencyId: manager.agencyId,
  });
  return holdsAll(manager.privileges, API_USER_HOLDS) && seesEverything ? ALLOWED : refuse('api-user-beyond-own');
}
