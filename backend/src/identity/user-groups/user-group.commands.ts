import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { DomainRuleViolation, NotFoundError } from '../../platform/http/domain-errors';
import type { Privilege } from '../access/privileges';
import { UserManagementService } from '../access/user-management-policy.service';
import { IdentityDirectory } from '../identity-directory';
import { IdentityMessages } from '../identity-messages';
import { USER_GROUP_MANAGER_GROUP_IDS } from '../identity-rules';
import { isLiveGroup, userGroupAggregate } from './user-group.aggregate';
import { UserGroupEvents, UserGroupFields, userGroupStreamId } from './user-group.events';

export const USER_GROUP_NOT_FOUND = 'The user group does not exist.';
export const USER_GROUP_NAME_TAKEN = 'A user group with this name already exists.';
export const PARENT_GROUP_NOT_FOUND = 'The parent group does not exist.';
export const PARENT_GROUP_CYCLE = 'A group cannot be placed under itself or one of its sub-groups.';
export const GROUP_HAS_USERS = 'This user group still has users. Move them to another group first.';
export const GROUP_HAS_SUBGROUPS = 'This user group has sub-groups. Delete or move them first.';
export const GROUP_BUILT_IN = 'The System Administrator and State Administrator groups cannot be deleted.';

export class CreateUserGroupCommand {
  constructor(readonly actor: Actor, readonly fields: UserGroupFields, readonly groupId: string = randomUUID()) {}
}

export class UpdateUserGroupCommand {
  constructor(readonly actor: Actor, readonly groupId: string, readonly fields: UserGroupFields, readonly expectedRevision?: number) {}
}

export class DeleteUserGroupCommand {
  constructor(readonly actor: Actor, readonly groupId: string) {}
}

/** Rules both create and update check: at least one privilege, a unique name, an existing parent, no cycle. */
async function checkGroup(repository: EventSourcedRepository, directory: IdentityDirectory, groupId: string, fields: UserGroupFields): Promise<UserGroupFields> {
  const privileges = [...new Set(fields.privileges)] as Privilege[];
  if (privileges.length === 0) {
    throw new DomainRuleViolation(IdentityMessages.usergroup_privileges_required, { privileges: [IdentityMessages.usergroup_privileges_required] });
  }
  const all = await directory.allGroups();
  if (all.some((group) => group.id !== groupId && group.nameKey === fields.name.toLowerCase())) {
    throw new DomainRuleViolation(USER_GROUP_NAME_TAKEN, { name: [USER_GROUP_NAME_TAKEN] }, true);
  }
  if (fields.parentGroupId) {
    const parent = await repository.load(userGroupStreamId(fields.parentGroupId), userGroupAggregate);
    if (!isLiveGroup(parent.state)) throw new DomainRuleViolation(PARENT_GROUP_NOT_FOUND, { parentGroupId: [PARENT_GROUP_NOT_FOUND] });
    const parentOf = new Map(all.map((group) => [group.id, group.parentGroupId]));
    parentOf.set(fields.parentGroupId, parent.state.group.parentGroupId);
    for (let current: string | null = fields.parentGroupId, steps = 0; current && steps <= all.length + 1; current = parentOf.get(current) ?? null, steps++) {
      if (current === groupId) throw new DomainRuleViolation(PARENT_GROUP_CYCLE, { parentGroupId: [PARENT_GROUP_CYCLE] });
    }
  }
  return { ...fields, privileges, reportsToParent: fields.parentGroupId ? fields.reportsToParent : false };
}

@CommandHandler(CreateUserGroupCommand)
export class CreateUserGroupHandler implements ICommandHandler<CreateUserGroupCommand, CommandResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: IdentityDirectory,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute(command: CreateUserGroupCommand): Promise<CommandResult> {
    await this.userManagement.assertMayChangeGroup(command.actor, null, command.fields.privileges);
    const fields = await checkGroup(this.repository, this.directory, command.groupId, command.fields);
    const result = await this.repository.append(
      userGroupStreamId(command.groupId),
      [{ type: UserGroupEvents.Created, data: { groupId: command.groupId, ...fields } }],
      'no_stream',
      command.actor,
    );
    return { ...result, id: command.groupId };
  }
}

@CommandHandler(UpdateUserGroupCommand)
export class UpdateUserGroupHandler implements ICommandHandler<UpdateUserGroupCommand, CommandResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: IdentityDirectory,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute(command: UpdateUserGroupCommand): Promise<CommandResult> {
    const group = await this.repository.load(userGroupStreamId(command.groupId), userGroupAggregate);
    if (!isLiveGroup(group.state)) throw new NotFoundError(USER_GROUP_NOT_FOUND);
    await this.userManagement.assertMayChangeGroup(command.actor, command.groupId, command.fields.privileges);
    const fields = await checkGroup(this.repository, this.directory, command.groupId, command.fields);
    const result = await this.repository.append(
      group.streamId,
      [{ type: UserGroupEvents.Updated, data: { groupId: command.groupId, ...fields } }],
      command.expectedRevision ?? group.revision,
      command.actor,
    );
    return { ...result, id: command.groupId };
  }
}

@CommandHandler(DeleteUserGroupCommand)
export class DeleteUserGroupHandler implements ICommandHandler<DeleteUserGroupCommand, CommandResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: IdentityDirectory,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute(command: DeleteUserGroupCommand): Promise<CommandResult> {
    const group = await this.repository.load(userGroupStreamId(command.groupId), userGroupAggregate);
    if (!isLiveGroup(group.state)) throw new NotFoundError(USER_GROUP_NOT_FOUND);
    await this.userManagement.assertMayChangeGroup(command.actor, command.groupId, null);
    if (USER_GROUP_MANAGER_GROUP_IDS.includes(command.groupId)) throw new DomainRuleViolation(GROUP_BUILT_IN, {}, true);
    if ((await this.directory.countUsers({ userGroupId: command.groupId })) > 0) throw new DomainRuleViolation(GROUP_HAS_USERS, {}, true);
    if ((await this.directory.allGroups()).some((other) => other.parentGroupId === command.groupId)) {
      throw new DomainRuleViolation(GROUP_HAS_SUBGROUPS, {}, true);
    }
    const result = await this.repository.append(group.streamId, [{ type: UserGroupEvents.Deleted, data: { groupId: command.groupId } }], group.revision, command.actor);
    return { ...result, id: command.groupId };
  }
}
