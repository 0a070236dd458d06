import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChildLabelsCommand, childLabelsDecider } from '@cans/domain/administration/child-labels.decider';
import { CHILD_LABELS_STREAM_ID } from '@cans/domain/administration/child-labels.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

/** A label saved from its row of the table. */
export class ChildLabelCommandRequest {
  constructor(
    readonly actor: Actor,
    readonly command: ChildLabelsCommand,
  ) {}
}

@CommandHandler(ChildLabelCommandRequest)
export class ChildLabelCommandHandler implements ICommandHandler<ChildLabelCommandRequest, CommandResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, command }: ChildLabelCommandRequest): Promise<CommandResult> {
    // One stream for the whole table: two administrators saving different rows at once both win (merge re-decides).
    const { id, revision, position } = await this.handler.handle(CHILD_LABELS_STREAM_ID, childLabelsDecider, command, {
      actor,
      id: command.fieldName,
      concurrency: { kind: 'merge', maxAttempts: 3 },
    });
    return { id, revision, position };
  }
}
