import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { NotFoundError } from '../../platform/http/domain-errors';
import { agencyAggregate } from './agency.aggregate';
import { AgencyEvents, agencyStreamId } from './agency.events';

export class CreateAgencyCommand {
  constructor(readonly actor: Actor, readonly name: string, readonly displayName: string, readonly agencyId: string = randomUUID()) {}
}

export class UpdateAgencyCommand {
  constructor(
    readonly actor: Actor,
    readonly agencyId: string,
    readonly name: string,
    readonly displayName: string,
    /** The revision the user edited; undefined means "whatever is current" (last writer wins). */
    readonly expectedRevision?: number,
  ) {}
}

export class DeleteAgencyCommand {
  constructor(readonly actor: Actor, readonly agencyId: string, readonly expectedRevision?: number) {}
}

@CommandHandler(CreateAgencyCommand)
export class CreateAgencyHandler implements ICommandHandler<CreateAgencyCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute(command: CreateAgencyCommand): Promise<CommandResult> {
    const { agencyId, name, displayName, actor } = command;
    const result = await this.repository.append(
      agencyStreamId(agencyId),
      [{ type: AgencyEvents.Created, data: { agencyId, name, displayName } }],
      'no_stream',
      actor,
    );
    return { ...result, id: agencyId };
  }
}

@CommandHandler(UpdateAgencyCommand)
export class UpdateAgencyHandler implements ICommandHandler<UpdateAgencyCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute(command: UpdateAgencyCommand): Promise<CommandResult> {
    const agency = await this.repository.load(agencyStreamId(command.agencyId), agencyAggregate);
    if (!agency.state.exists || agency.state.deleted) throw new NotFoundError('The agency does not exist.');
    const result = await this.repository.append(
      agency.streamId,
      [{ type: AgencyEvents.Updated, data: { agencyId: command.agencyId, name: command.name, displayName: command.displayName } }],
      command.expectedRevision ?? agency.revision,
      command.actor,
    );
    return { ...result, id: command.agencyId };
  }
}

@CommandHandler(DeleteAgencyCommand)
export class DeleteAgencyHandler implements ICommandHandler<DeleteAgencyCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute(command: DeleteAgencyCommand): Promise<CommandResult> {
    const agency = await this.repository.load(agencyStreamId(command.agencyId), agencyAggregate);
    if (!agency.state.exists || agency.state.deleted) throw new NotFoundError('The agency does not exist.');
    const result = await this.repository.append(
      agency.streamId,
      [{ type: AgencyEvents.Deleted, data: { agencyId: command.agencyId } }],
      command.expectedRevision ?? agency.revision,
      command.actor,
    );
    return { ...result, id: command.agencyId };
  }
}
