import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LibraryCommand, libraryDecider } from '@cans/domain/library/library.decider';
import { LIBRARY_STREAM_ID, LibraryEvent } from '@cans/domain/library/library.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

/**
 * Library commands lost to a concurrent library command are decided again on the fresh state: the decider refuses
 * a real conflict itself (the per-item revision the client sends back), so an edit of another item goes through.
 */
const LIBRARY_MERGE_ATTEMPTS = 5;

/** A library command (items or question rules) as the API and the seed issue it. */
export class LibraryCommandRequest {
  constructor(
    readonly actor: Actor,
    readonly command: LibraryCommand,
  ) {}
}

export interface LibraryChangeResult extends CommandResult {
  /** Library version after the change (revision + 1). The revision is also that of every item the change touched. */
  readonly version: number;
  /** The events appended (empty when nothing changed): their data carries the cascades' outcome. */
  readonly events: readonly LibraryEvent[];
}

/** The id a command answers with: the item or rule it is about ('library' for a reorder of many). */
function recordIdOf(command: LibraryCommand): string {
  if ('itemId' in command) return command.itemId;
  if ('ruleId' in command) return command.ruleId;
  return LIBRARY_STREAM_ID;
}

@CommandHandler(LibraryCommandRequest)
export class LibraryCommandHandler implements ICommandHandler<LibraryCommandRequest, LibraryChangeResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, command }: LibraryCommandRequest): Promise<LibraryChangeResult> {
    const outcome = await this.handler.handle(LIBRARY_STREAM_ID, libraryDecider, command, {
      actor,
      id: recordIdOf(command),
      concurrency: { kind: 'merge', maxAttempts: LIBRARY_MERGE_ATTEMPTS },
    });
    return {
      id: outcome.id,
      revision: outcome.revision,
      version: outcome.revision + 1,
      position: outcome.position,
      events: outcome.events,
    };
  }
}
