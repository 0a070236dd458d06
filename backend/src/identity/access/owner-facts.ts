import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { privilegesOfUser } from '@cans/domain/identity/privileges';
import type { AccessActor, GroupLink, OwnerFacts, TemporaryAccess } from './row-access-policy';

/**
 * The row-access policy's facts computed from an identity held in memory (e.g. as it stood at a past moment, from
 * the identity timeline), for decideRowAccess. Walks the same chains as RowAccessService.ownerFacts, which reads the
 * live read models instead.
 */
export interface IdentityLookup {
  supervisorOf(userId: string): string | null;
  groupOf(userId: string): string | null;
  group(groupId: string): GroupLink | undefined;
  /** Temporary access assignments from the owner to the delegate (days inclusive, and when each was made). */
  assignments(ownerId: string, delegateId: string): ReadonlyArray<TemporaryAccess>;
}

/** The owner's supervisors, nearest first, up the supervisor tree (a loop ends the walk). */
export function supervisorChainOf(ownerId: string, identity: Pick<IdentityLookup, 'supervisorOf'>): string[] {
  const chain: string[] = [];
  for (let next = identity.supervisorOf(ownerId); next && !chain.includes(next); next = identity.supervisorOf(next)) {
    chain.push(next);
  }
  return chain;
}

/** The group, then its ancestors, nearest first (a missing group or a loop ends the walk). */
export function groupChainOf(groupId: string | null, identity: Pick<IdentityLookup, 'group'>): GroupLink[] {
  const chain: GroupLink[] = [];
  for (let id = groupId; id && !chain.some((g) => g.id === id);) {
    const group = identity.group(id);
    if (!group) break;
    chain.push({ id: group.id, parentGroupId: group.parentGroupId, reportsToParent: group.reportsToParent });
    id = group.parentGroupId;
  }
  return chain;
}

/** OwnerFacts for one actor: the owner's chains (the same for every actor) and the owner's assignments to the actor. */
export function ownerFactsIn(identity: IdentityLookup, ownerId: string, actorId: string): OwnerFacts {
  return {
    supervisorChain: supervisorChainOf(ownerId, identity),
    groupChain: groupChainOf(identity.groupOf(ownerId), identity),
    assignmentsToActor: identity.assignments(ownerId, actorId),
  };
}

/** A person as the policy sees them, as PrincipalService builds the signed-in user: user 1 holds every privilege. */
export function personActor(
  user: { id: string; userGroupId: string | null; agencyId: string | null },
  groupPrivileges: readonly string[] | undefined,
): AccessActor {
  return {
    id: user.id,
    kind: 'user',
    isAdministrator: user.id === ADMINISTRATOR_ID,
    privileges: privilegesOfUser(user.id, groupPrivileges),
    groupId: user.userGroupId,
    agencyId: user.agencyId,
  };
}
