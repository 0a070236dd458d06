import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AgencyCommand, agencyDecider, AgencyUsage } from '@cans/domain/administration/agency.decider';
import { countAssessmentRows } from '@cans/projections/assessments/assessment-list.queries';
import { countUsers } from '@cans/projections/identity/users.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import type { AppConfig } from '../../platform/config/app-config';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { APP_CONFIG, READ_STORE } from '../../platform/storage/storage-tokens';
import { agencyStreamId } from '@cans/domain/administration/agency.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

export const AGENCY_USAGE_UNKNOWN =
  'Whether users or assessments still belong to this agency could not be checked just now. Nothing was deleted; please try again.';

/** A delete as the API asks for it: the handler reads what uses the agency. */
type RequestedAgencyCommand = Exclude<AgencyCommand, { type: 'DeleteAgency' }> | { type: 'DeleteAgency'; agencyId: string };

/** An agency command as the API issues it: what to do, by whom, on which revision the user edited. */
export class AgencyCommandRequest {
  constructor(
    readonly actor: Actor,
    readonly command: RequestedAgencyCommand,
    /** The revision the user edited; undefined means "whatever is current" (last writer wins). */
    readonly expectedRevision?: number,
  ) {}

  static create(actor: Actor, name: string, displayName: string): AgencyCommandRequest {
    return new AgencyCommandRequest(actor, { type: 'CreateAgency', agencyId: randomUUID(), name, displayName });
  }
}

@CommandHandler(AgencyCommandRequest)
export class AgencyCommandHandler implements ICommandHandler<AgencyCommandRequest, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, command: requested, expectedRevision }: AgencyCommandRequest): Promise<CommandResult> {
    const command: AgencyCommand =
      requested.type === 'DeleteAgency' ? { ...requested, usedBy: await this.usageOf(requested.agencyId) } : requested;
    const { id, revision, position } = await this.handler.handle(agencyStreamId(command.agencyId), agencyDecider, command, {
      actor,
      id: command.agencyId,
      concurrency: { kind: 'reject', clientRevision: expectedRevision },
    });
    return { id, revision, position };
  }

  /**
   * What belongs to the agency now (users; assessments not deleted), from read models that have caught up with
   * every event recorded so far, so a user saved a moment ago is counted. A user or assessment moved into the
   * agency in the instant between this read and the delete is not seen: an administrator deleting an agency is not
   * racing the case workers who use it.
   */
  private async usageOf(agencyId: string): Promise<AgencyUsage> {
    if (!(await this.projections.waitForHead(this.config.readYourWritesTimeoutMs)))
      throw new DomainRuleViolation(AGENCY_USAGE_UNKNOWN, {}, true);
    const [users, assessments] = await Promise.all([
      countUsers(this.readStore, { agencyId }),
      countAssessmentRows(this.readStore, { agencyId }),
    ]);
    return { users, assessments };
  }
}
