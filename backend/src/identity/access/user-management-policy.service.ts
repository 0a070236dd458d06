import { Injectable } from '@nestjs/common';
import { AccessDeniedError } from '@cans/domain/domain-errors';
import { privilegesOfUser } from '@cans/domain/identity/privileges';
import { isLiveGroup, userGroupDecider } from '@cans/domain/identity/user-group.decider';
import { userGroupStreamId } from '@cans/domain/identity/user-group.events';
import { isLiveUser, userDecider } from '@cans/domain/identity/user.decider';
import { userStreamId } from '@cans/domain/identity/user.events';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import {
  GroupFacts,
  mayChangeGroup,
  mayChangeUser,
  mayManageApiUsers,
  mayManageUser,
  UserManagementDecision,
  UserManager,
} from './user-management-policy';

/**
 * Applies the user-management policy in the command handlers, with facts read from the streams (exact at the time
 * of the command). `refusalTo…` answer the refusal's message (or null) that handlers hand to a decider as a fact;
 * `assert…` throw it as AccessDeniedError (403) before anything is written.
 *
 * An actor without a user id is the system itself (first start, the demo seed, test set-up): it is not subject to
 * the policy. No HTTP route dispatches these commands without a signed-in user (they all need User_Actions or
 * group 1/153).
 */
@Injectable()
export class UserManagementService {
  constructor(private readonly streams: EventSourcedCommandHandler) {}

  /** The acting user's id, group and privileges; null for the system. */
  async managerOf(actor: Actor): Promise<UserManager | null> {
    if (actor.userId === null) return null;
    const user = await this.streams.load(userStreamId(actor.userId), userDecider);
    if (!isLiveUser(user.state)) return { id: actor.userId, groupId: null, privileges: [], agencyId: null };
    const { userGroupId: groupId, agencyId } = user.state.account;
    return { id: actor.userId, groupId, privileges: privilegesOfUser(actor.userId, (await this.group(groupId))?.privileges), agencyId };
  }

  /** A live group's id and privileges, or null. */
  async group(groupId: string): Promise<GroupFacts | null> {
    const group = await this.streams.load(userGroupStreamId(groupId), userGroupDecider);
    return isLiveGroup(group.state) ? { id: groupId, privileges: group.state.group.privileges } : null;
  }

  /** Edit (lock, rename, re-mail …), approve, reset the password of, or delete the user. */
  async refusalToManageUser(actor: Actor, target: { id: string; groupId: string }): Promise<string | null> {
    const manager = await this.managerOf(actor);
    if (!manager) return null;
    return refusalOf(mayManageUser(manager, { ...target, groupPrivileges: (await this.group(target.groupId))?.privileges ?? [] }));
  }

  /** Create (target null) or update a user, asking for the group `userGroupId`. */
  async refusalToChangeUser(actor: Actor, target: { id: string; groupId: string } | null, userGroupId: string): Promise<string | null> {
    const manager = await this.managerOf(actor);
    if (!manager) return null;
    const managed = target ? { ...target, groupPrivileges: (await this.group(target.groupId))?.privileges ?? [] } : null;
    return refusalOf(mayChangeUser(manager, { target: managed, group: await this.group(userGroupId) }));
  }

  /** Add (groupId null), edit or delete (privileges null) a user group. */
  async refusalToChangeGroup(actor: Actor, groupId: string | null, privileges: readonly string[] | null): Promise<string | null> {
    const manager = await this.managerOf(actor);
    if (!manager) return null;
    return refusalOf(mayChangeGroup(manager, { current: groupId ? await this.group(groupId) : null, privileges }));
  }

  /** Add, edit or delete an API user (rule 6): throws 403 before anything is written. */
  async assertMayManageApiUsers(actor: Actor): Promise<void> {
    const manager = await this.managerOf(actor);
    if (manager) throwIfRefused(refusalOf(mayManageApiUsers(manager)));
  }

  /** For handlers that refuse before deciding (the password reset). */
  async assertMayManageUser(actor: Actor, target: { id: string; groupId: string }): Promise<void> {
    throwIfRefused(await this.refusalToManageUser(actor, target));
  }
}

const refusalOf = (decision: UserManagementDecision): string | null => (decision.allowed ? null : decision.message);

function throwIfRefused(refusal: string | null): void {
  if (refusal) throw new AccessDeniedError(refusal);
}

/**
 * The signed-in caller as the policy sees them, for the flags on read answers (canManage, assignable); null when
 * they may manage nobody (no User_Actions, or an API client). The principal's privileges come from the same group.
 */
export function managerFromPrincipal(user: AuthenticatedUser): UserManager | null {
  if (!user.privileges.includes('User_Actions')) return null;
  return personOf(user);
}

/** Whether the signed-in caller may add, edit and delete API users (GET /api/auth/me, the API user answers). */
export function principalManagesApiUsers(user: AuthenticatedUser): boolean {
  const manager = personOf(user);
  return manager !== null && mayManageApiUsers(manager).allowed;
}

const personOf = (user: AuthenticatedUser): UserManager | null =>
  user.kind === 'user' ? { id: user.id, groupId: user.groupId, privileges: user.privileges, agencyId: user.agencyId } : null;
