import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AgencyCommand, agencyDecider } from '@cans/domain/administration/agency.decider';
import { agencyStreamId } from '@cans/domain/administration/agency.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

/** An agency command as the API issues it: what to do, by whom, on which revision the user edited. */
export class AgencyCommandRequest {
  constructor(
    readonly actor: Actor,
    readonly command: AgencyCommand,
    /** The revision the user edited; undefined means "whatever is current" (last writer wins). */
    readonly expectedRevision?: number,
  ) {}

  static create(actor: Actor, name: string, displayName: string): AgencyCommandRequest {
    return new AgencyCommandRequest(actor, { type: 'CreateAgency', agencyId: randomUUID(), name, displayName });
  }
}

@CommandHandler(AgencyCommandRequest)
export class AgencyCommandHandler implements ICommandHandler<AgencyCommandRequest, CommandResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, command, expectedRevision }: AgencyCommandRequest): Promise<CommandResult> {
    const { id, revision, position } = await this.handler.handle(agencyStreamId(command.agencyId), agencyDecider, command, {
      actor,
      id: command.agencyId,
      concurrency: { kind: 'reject', clientRevision: expectedRevision },
    });
    return { id, revision, position };
  }
}
