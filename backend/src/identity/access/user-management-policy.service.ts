import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { AccessDeniedError } from '../../platform/http/domain-errors';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { isLiveGroup, userGroupAggregate } from '../user-groups/user-group.aggregate';
import { userGroupStreamId } from '../user-groups/user-group.events';
import { isLiveUser, userAggregate } from '../users/user.aggregate';
import { userStreamId } from '../users/user.events';
import { privilegesOfUser } from './privileges';
import { GroupFacts, mayChangeGroup, mayChangeUser, mayManageUser, UserManagementDecision, UserManager } from './user-management-policy';

/**
 * Applies the user-management policy in the command handlers, with facts read from the streams (exact at the time
 * of the command). Throws AccessDeniedError (403) before anything is written.
 *
 * An actor without a user id is the system itself (first start, the demo seed, test set-up): it is not subject to
 * the policy. No HTTP route dispatches these commands without a signed-in user (they all need User_Actions or
 * group 1/153).
 */
@Injectable()
export class UserManagementService {
  constructor(private readonly repository: EventSourcedRepository) {}

  /** The acting user's id, group and privileges; null for the system. */
  async managerOf(actor: Actor): Promise<UserManager | null> {
    if (actor.userId === null) return null;
    const user = await this.repository.load(userStreamId(actor.userId), userAggregate);
    if (!isLiveUser(user.state)) return { id: actor.userId, groupId: null, privileges: [] };
    const groupId = user.state.account.userGroupId;
    return { id: actor.userId, groupId, privileges: privilegesOfUser(actor.userId, (await this.group(groupId))?.privileges) };
  }

  /** A live group's id and privileges, or null. */
  async group(groupId: string): Promise<GroupFacts | null> {
    const group = await this.repository.load(userGroupStreamId(groupId), userGroupAggregate);
    return isLiveGroup(group.state) ? { id: groupId, privileges: group.state.group.privileges } : null;
  }

  /** Edit (lock, rename, re-mail …), approve, reset the password of, or delete the user. */
  async assertMayManageUser(actor: Actor, target: { id: string; groupId: string }): Promise<void> {
    const manager = await this.managerOf(actor);
    if (!manager) return;
    assertAllowed(mayManageUser(manager, { ...target, groupPrivileges: (await this.group(target.groupId))?.privileges ?? [] }));
  }

  /** Create (target null) or update a user, asking for the group `userGroupId`. */
  async assertMayChangeUser(actor: Actor, target: { id: string; groupId: string } | null, userGroupId: string): Promise<void> {
    const manager = await this.managerOf(actor);
    if (!manager) return;
    const managed = target ? { ...target, groupPrivileges: (await this.group(target.groupId))?.privileges ?? [] } : null;
    assertAllowed(mayChangeUser(manager, { target: managed, group: await this.group(userGroupId) }));
  }

  /** Add (groupId null), edit or delete (privileges null) a user group. */
  async assertMayChangeGroup(actor: Actor, groupId: string | null, privileges: readonly string[] | null): Promise<void> {
    const manager = await this.managerOf(actor);
    if (!manager) return;
    assertAllowed(mayChangeGroup(manager, { current: groupId ? await this.group(groupId) : null, privileges }));
  }
}

function assertAllowed(decision: UserManagementDecision): void {
  if (!decision.allowed) throw new AccessDeniedError(decision.message);
}

/**
 * The signed-in caller as the policy sees them, for the flags on read answers (canManage, assignable); null when
 * they may manage nobody (no User_Actions, or an API client). The principal's privileges come from the same group.
 */
export function managerFromPrincipal(user: AuthenticatedUser): UserManager | null {
  if (user.kind !== 'user' || !user.privileges.includes('User_Actions')) return null;
  return { id: user.id, groupId: user.groupId, privileges: user.privileges };
}
