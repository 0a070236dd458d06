import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { userGroupDecider } from '@cans/domain/identity/user-group.decider';
import { UserGroupFields, userGroupStreamId } from '@cans/domain/identity/user-group.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler, expectRevisionOf } from '../../platform/commands/command-handler';
import { UserGroupFactsReader } from './user-group-facts';

export class CreateUserGroupCommand {
  constructor(
    readonly actor: Actor,
    readonly fields: UserGroupFields,
    readonly groupId: string = randomUUID(),
  ) {}
}

export class UpdateUserGroupCommand {
  constructor(
    readonly actor: Actor,
    readonly groupId: string,
    readonly fields: UserGroupFields,
    readonly expectedRevision?: number,
  ) {}
}

export class DeleteUserGroupCommand {
  constructor(
    readonly actor: Actor,
    readonly groupId: string,
  ) {}
}

@CommandHandler(CreateUserGroupCommand)
export class CreateUserGroupHandler implements ICommandHandler<CreateUserGroupCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly facts: UserGroupFactsReader,
  ) {}

  async execute({ actor, fields, groupId }: CreateUserGroupCommand): Promise<CommandResult> {
    const command = { type: 'CreateUserGroup', groupId, fields, facts: await this.facts.forSave(actor, groupId, fields, false) } as const;
    const { revision, position } = await this.handler.handle(userGroupStreamId(groupId), userGroupDecider, command, { actor, id: groupId });
    return { id: groupId, revision, position };
  }
}

@CommandHandler(UpdateUserGroupCommand)
export class UpdateUserGroupHandler implements ICommandHandler<UpdateUserGroupCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly facts: UserGroupFactsReader,
  ) {}

  async execute({ actor, groupId, fields, expectedRevision }: UpdateUserGroupCommand): Promise<CommandResult> {
    const streamId = userGroupStreamId(groupId);
    const loaded = await this.handler.load(streamId, userGroupDecider);
    const command = { type: 'UpdateUserGroup', groupId, fields, facts: await this.facts.forSave(actor, groupId, fields, true) } as const;
    const concurrency = expectRevisionOf(loaded, expectedRevision);
    const { revision, position } = await this.handler.handle(streamId, userGroupDecider, command, { actor, id: groupId, concurrency });
    return { id: groupId, revision, position };
  }
}

@CommandHandler(DeleteUserGroupCommand)
export class DeleteUserGroupHandler implements ICommandHandler<DeleteUserGroupCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly facts: UserGroupFactsReader,
  ) {}

  async execute({ actor, groupId }: DeleteUserGroupCommand): Promise<CommandResult> {
    const command = await this.facts.deleteCommand(actor, groupId);
    const { revision, position } = await this.handler.handle(userGroupStreamId(groupId), userGroupDecider, command, { actor, id: groupId });
    return { id: groupId, revision, position };
  }
}
