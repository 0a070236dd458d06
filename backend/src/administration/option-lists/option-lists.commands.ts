import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OptionListCommand, optionListDecider } from '@cans/domain/administration/option-lists.decider';
import { OptionListEvents, OptionListKey, optionListStreamId } from '@cans/domain/administration/option-lists.events';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import { countOptionUsage } from '@cans/projections/administration/option-lists.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import type { AppConfig } from '../../platform/config/app-config';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { APP_CONFIG, READ_STORE } from '../../platform/storage/storage-tokens';

export const OPTION_USAGE_UNKNOWN =
  'Whether assessments use this option could not be checked just now. Nothing was deleted; please try again.';

/** A delete as the API asks for it: the handler counts the assessments that use the item. */
type RequestedOptionListCommand = Exclude<OptionListCommand, { type: 'DeleteOptionItem' }> | { type: 'DeleteOptionItem'; itemId: string };

/** An option list command as the API issues it. */
export class OptionListCommandRequest {
  constructor(
    readonly actor: Actor,
    readonly list: OptionListKey,
    readonly command: RequestedOptionListCommand,
  ) {}
}

/** The item the command was about (a new item's id is decided with it) and where its event landed. */
export interface OptionListCommandResult extends CommandResult {
  readonly itemId: string;
}

@CommandHandler(OptionListCommandRequest)
export class OptionListCommandHandler implements ICommandHandler<OptionListCommandRequest, OptionListCommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, list, command: requested }: OptionListCommandRequest): Promise<OptionListCommandResult> {
    const command: OptionListCommand =
      requested.type === 'DeleteOptionItem' ? { ...requested, usedBy: await this.usageOf(list, requested.itemId) } : requested;
    const streamId = optionListStreamId(list);
    // Merge: each item's change is a fact of its own; on a concurrent edit the command is decided again on the
    // fresh list, so names stay unique and a new item still gets the next free number.
    const outcome = await this.handler.handle(streamId, optionListDecider(list), command, {
      actor,
      id: streamId,
      concurrency: { kind: 'merge', maxAttempts: 3 },
    });
    const added = outcome.events.find((event) => event.type === OptionListEvents.ItemAdded);
    const itemId = added ? added.data.itemId : 'itemId' in command ? command.itemId : '';
    return { id: outcome.id, revision: outcome.revision, position: outcome.position, itemId };
  }

  /**
   * The live assessments that store the item, counted on read models caught up with every event so far (an
   * assessment saved a moment ago counts). One saved in the instant between this count and the delete is not
   * seen: an administrator pruning a list is not racing the case workers (as for agencies).
   */
  private async usageOf(list: OptionListKey, itemId: string): Promise<number> {
    if (!(await this.projections.waitForHead(this.config.readYourWritesTimeoutMs)))
      throw new DomainRuleViolation(OPTION_USAGE_UNKNOWN, {}, true);
    return countOptionUsage(this.readStore, list, itemId);
  }
}
