import { Injectable } from '@nestjs/common';
import { isLiveGroup, UserGroupCommand, userGroupDecider, UserGroupFacts } from '@cans/domain/identity/user-group.decider';
import { UserGroupFields, userGroupStreamId } from '@cans/domain/identity/user-group.events';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { UserManagementService } from '../access/user-management-policy.service';
import { IdentityDirectory } from '../identity-directory';

/** Reads what the user-group decider needs: the policy's answer, names in use, the parent chain, members. */
@Injectable()
export class UserGroupFactsReader {
  constructor(
    private readonly streams: EventSourcedCommandHandler,
    private readonly directory: IdentityDirectory,
    private readonly userManagement: UserManagementService,
  ) {}

  /** For saving `fields` as group `groupId` (`existing`: false for a new group). */
  async forSave(actor: Actor, groupId: string, fields: UserGroupFields, existing: boolean): Promise<UserGroupFacts> {
    const policyRefusal = await this.userManagement.refusalToChangeGroup(actor, existing ? groupId : null, fields.privileges);
    const all = await this.directory.allGroups();
    const sameNameGroupIds = all.filter((group) => group.nameKey === fields.name.toLowerCase()).map((group) => group.id);
    return {
      policyRefusal,
      sameNameGroupIds,
      parentChainUpwards: fields.parentGroupId ? await this.chainUpwards(fields.parentGroupId, all) : null,
    };
  }

  /** The delete command with its facts: the policy's answer, members, sub-groups. */
  async deleteCommand(actor: Actor, groupId: string): Promise<Extract<UserGroupCommand, { type: 'DeleteUserGroup' }>> {
    return {
      type: 'DeleteUserGroup',
      groupId,
      policyRefusal: await this.userManagement.refusalToChangeGroup(actor, groupId, null),
      memberCount: await this.directory.countUsers({ userGroupId: groupId }),
      hasSubgroups: (await this.directory.allGroups()).some((other) => other.parentGroupId === groupId),
    };
  }

  /** The parent (exact, from its stream) and the groups above it (read model); null when the parent is not a live group. */
  private async chainUpwards(parentGroupId: string, all: { id: string; parentGroupId: string | null }[]): Promise<string[] | null> {
    const parent = await this.streams.load(userGroupStreamId(parentGroupId), userGroupDecider);
    if (!isLiveGroup(parent.state)) return null;
    const parentOf = new Map(all.map((group) => [group.id, group.parentGroupId]));
    parentOf.set(parentGroupId, parent.state.group.parentGroupId);
    const chain: string[] = [];
    for (let current: string | null = parentGroupId; current && !chain.includes(current); current = parentOf.get(current) ?? null)
      chain.push(current);
    return chain;
  }
}
