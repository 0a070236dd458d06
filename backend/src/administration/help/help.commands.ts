import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { helpDecider } from '@cans/domain/administration/help.decider';
import { helpStreamId } from '@cans/domain/administration/help.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

/** Save the help of one page (`path` already normalised). */
export class SaveHelpRequest {
  constructor(
    readonly actor: Actor,
    readonly path: string,
    readonly content: string,
  ) {}
}

@CommandHandler(SaveHelpRequest)
export class SaveHelpHandler implements ICommandHandler<SaveHelpRequest, CommandResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, path, content }: SaveHelpRequest): Promise<CommandResult> {
    const { id, revision, position } = await this.handler.handle(
      helpStreamId(path),
      helpDecider,
      { type: 'SaveHelp', path, content },
      // The last save wins: help is edited in place, whole, by few.
      { actor, id: path, concurrency: { kind: 'merge', maxAttempts: 3 } },
    );
    return { id, revision, position };
  }
}
