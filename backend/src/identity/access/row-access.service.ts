import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { listAssignmentsToDelegate } from '@cans/projections/identity/access-assignments.queries';
import type { AccessAssignmentDocument } from '@cans/projections/identity/access-assignments.projection';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { IdentityDirectory } from '../identity-directory';
import { groupChainOf } from './owner-facts';
import {
  AccessActor,
  AccessDecision,
  AccessScope,
  decideRowAccess,
  GuardedRecord,
  OwnerFacts,
  reportsUpTo,
  scopeAllows,
  seesEveryRecord,
  TemporaryAccess,
} from './row-access-policy';

export const NO_RECORD_ACCESS = 'You do not have access to this record.';

/**
 * Applies the row-access policy with facts from the read models: the supervisor tree (identity_users:
 * supervisorId / superviseeIds), the group tree (identity_user_groups) and temporary access assignments.
 * Features inject it: `decide` / `assertAccess` for one record, `scopeFor` + accessScopeFilter for lists.
 */
@Injectable()
export class RowAccessService {
  constructor(
    private readonly directory: IdentityDirectory,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async decide(actor: AccessActor, record: GuardedRecord): Promise<AccessDecision> {
    // Administrator, API client, owner and sharing need no lookups; the rules are ordered so this is exact.
    const withoutFacts = decideRowAccess(actor, record, { supervisorChain: [], groupChain: [], assignmentsToActor: [] });
    if (['administrator', 'api-client', 'owner', 'shared'].includes(withoutFacts.reason)) return withoutFacts;
    return decideRowAccess(actor, record, await this.ownerFacts(actor, record.ownerId));
  }

  /** Throws 403 unless the actor may view (or edit) the record. */
  async assertAccess(actor: AccessActor, record: GuardedRecord, mode: 'view' | 'edit'): Promise<AccessDecision> {
    const decision = await this.decide(actor, record);
    if (mode === 'edit' ? !decision.edit : !decision.view) throw new ForbiddenException(NO_RECORD_ACCESS);
    return decision;
  }

  async ownerFacts(actor: AccessActor, ownerId: string): Promise<OwnerFacts> {
    const supervisorChain: string[] = [];
    let owner = await this.directory.getUser(ownerId);
    const ownerGroupId = owner?.userGroupId ?? null;
    for (let next = owner?.supervisorId ?? null; next && !supervisorChain.includes(next);) {
      supervisorChain.push(next);
      owner = await this.directory.getUser(next);
      next = owner?.supervisorId ?? null;
    }
    const groups = new Map((await this.directory.allGroups()).map((g) => [g.id, g]));
    const groupChain = groupChainOf(ownerGroupId, { group: (id) => groups.get(id) });
    const assignments = await listAssignmentsToDelegate(this.readStore, actor.id, ownerId);
    return { supervisorChain, groupChain, assignmentsToActor: assignments.map(temporaryAccessOf) };
  }

  /** Everything the actor may see, for filtering lists (see accessScopeFilter). */
  async scopeFor(actor: AccessActor): Promise<AccessScope> {
    const base: AccessScope = {
      actorId: actor.id,
      everything: false,
      editEverything: false,
      everythingReason: null,
      editableOwnerIds: [],
      viewableOwnerIds: [],
      agencyIds: [],
      temporary: [],
    };
    if (actor.kind === 'api-client') return { ...base, everything: true, everythingReason: 'api-client' };
    if (actor.isAdministrator) return { ...base, everything: true, editEverything: true, everythingReason: 'administrator' };

    const editable = new Set<string>();
    let frontier = [actor.id];
    while (frontier.length) {
      const docs = await this.directory.getUsers(frontier);
      frontier = docs.flatMap((d) => d.superviseeIds).filter((id) => id !== actor.id && !editable.has(id));
      frontier.forEach((id) => editable.add(id));
    }

    const viewable = new Set<string>();
    if (actor.groupId) {
      const groups = await this.directory.allGroups();
      const byId = new Map(groups.map((g) => [g.id, g]));
      const reporting = groups.filter((g) => reportsUpTo(groupChainOf(g.id, { group: (id) => byId.get(id) }), actor.groupId));
      if (reporting.length) {
        const members = await this.directory.findUsers({ userGroupId: { $in: reporting.map((g) => g.id) } }, 100_000);
        members.forEach((m) => viewable.add(m.id));
      }
    }
    const manageParent = actor.privileges.includes('Manage_Parent_Case');
    for (const id of viewable) if (manageParent) editable.add(id);

    const assignments = await listAssignmentsToDelegate(this.readStore, actor.id);
    const monitor = actor.privileges.includes('Case_Monitor');
    const stateMonitor = seesEveryRecord(actor);
    return {
      ...base,
      everything: stateMonitor,
      everythingReason: stateMonitor ? 'state-monitor' : null,
      editableOwnerIds: [...editable],
      viewableOwnerIds: manageParent ? [] : [...viewable].filter((id) => !editable.has(id)),
      agencyIds: monitor && actor.agencyId ? [actor.agencyId] : [],
      // Assignments keep covering the records created in their range after the range has passed.
      temporary: assignments.map((a) => ({ ownerId: a.ownerId, ...temporaryAccessOf(a) })),
    };
  }

  /** Same answer as `decide`, from a scope built once (lists). */
  allows(scope: AccessScope, record: GuardedRecord): AccessDecision {
    return scopeAllows(scope, record);
  }
}

/** An assignment of the read model as the policy reads it: its createdAt is when it was made (its event's time). */
const temporaryAccessOf = (a: AccessAssignmentDocument): TemporaryAccess => ({
  startsOn: a.startsOn,
  endsOn: a.endsOn,
  assignedAt: a.createdAt,
});
