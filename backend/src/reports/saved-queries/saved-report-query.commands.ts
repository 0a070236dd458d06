import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { savedReportQueryDecider } from '@cans/domain/reports/saved-report-query.decider';
import { savedReportQueryStreamId } from '@cans/domain/reports/saved-report-query.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { CanonicalReportQuery, savedReportQueryId } from './saved-report-query-id';

/** Save a validated, canonical report query under its content id, on behalf of the signed-in user. */
export class SaveReportQueryRequest {
  constructor(
    readonly actor: Actor,
    readonly savedBy: string,
    readonly content: CanonicalReportQuery,
  ) {}
}

@CommandHandler(SaveReportQueryRequest)
export class SaveReportQueryHandler implements ICommandHandler<SaveReportQueryRequest, CommandResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, savedBy, content }: SaveReportQueryRequest): Promise<CommandResult> {
    const queryId = savedReportQueryId(content);
    const { id, revision, position } = await this.handler.handle(
      savedReportQueryStreamId(queryId),
      savedReportQueryDecider,
      { type: 'SaveReportQuery', queryId, ...content, savedBy, savedAt: new Date().toISOString() },
      // Two users saving the same query at once: the second decides again on the first one's event, i.e. nothing.
      { actor, id: queryId, concurrency: { kind: 'merge', maxAttempts: 2 } },
    );
    return { id, revision, position };
  }
}
