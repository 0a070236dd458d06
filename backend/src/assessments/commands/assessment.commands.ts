/**
 * Command handlers of the assessment aggregate: thin wrappers over the one EventSourcedCommandHandler with the
 * assessment decider. Each request's commands are decided as one batch (one append) in a context gathered from
 * the loaded state (actor, privileges, row access, now, the assessment's library version, old data, sibling users),
 * rebuilt on every attempt.
 *
 * Concurrency follows the domain (assessment.concurrency.ts): a batch of ratings and question comments merges
 * (reload, decide again, retry up to MERGE_ATTEMPTS); anything else appends at the revision the client last saw and
 * answers 409 when it is stale.
 */
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { ConcurrencyPolicy, EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { isPrivilege } from '@cans/domain/identity/privileges';
import { AssessmentPrincipal } from '../access/assessment-access.service';
import { ChildFormSettingsService } from '../../administration/child-form/child-form-settings.service';
import {
  AssessmentCommand,
  AssessmentCommandBatch,
  AssessmentCommandType,
  AssessmentContext,
  AssessmentEvent,
  AssessmentState,
  ChildInformationInput,
  MERGE_ATTEMPTS,
  applyDecided,
  assessmentDecider,
  assessmentStreamId,
  batchConcurrencyPolicyOf,
  initialAssessmentState,
} from '@cans/domain/assessments';
import { AssessmentLibrary, AssessmentLibraryService } from '../library/assessment-library.service';
import { ChildLookupService } from '../queries/child-lookup.service';
import { AssessmentContextService, BuiltContext } from './assessment-context.service';
import { AssessmentMails } from './assessment-mails';

/** What a change answers with: the append's result and the state after it (for triggered questions, progress …). */
export interface AssessmentChangeResult extends CommandResult {
  /** False when the decision found nothing to change (nothing was appended; position is 0). */
  readonly changed: boolean;
  readonly events: readonly AssessmentEvent[];
  /** The state the decision was made on (what the change changed is the difference to `state`). */
  readonly before: AssessmentState;
  readonly state: AssessmentState;
  readonly library: AssessmentLibrary | null;
  readonly context: AssessmentContext;
}

/** Start a new assessment with its child information (spec "New Assessment", add mode Save). */
export class StartAssessmentCommand {
  constructor(
    readonly principal: AssessmentPrincipal,
    readonly actor: Actor,
    readonly child: ChildInformationInput,
    readonly options: {
      readonly assessmentId?: string;
      /** The child's latest approved assessment the form was prefilled from; derived from the PID when absent. */
      readonly previousAssessmentId?: string | null;
      readonly now?: Date;
    } = {},
  ) {}
}

/**
 * Any change of an existing assessment: one or more domain commands decided as one unit and appended at once
 * (e.g. Complete = [SaveChildInformation, CompleteAssessment], spec "It saves the child, then completes the case").
 */
export class ChangeAssessmentCommand {
  constructor(
    readonly principal: AssessmentPrincipal,
    readonly actor: Actor,
    readonly assessmentId: string,
    readonly commands: readonly AssessmentCommand[],
    /** The revision the client last saw (forms and transition buttons); ignored by merging commands. */
    readonly clientRevision?: number,
    readonly now?: Date,
  ) {}
}

/** How a batch meets a concurrent write: merge when every command of it merges, else reject at the client's revision. */
export function assessmentConcurrency(commands: readonly AssessmentCommandType[], clientRevision?: number): ConcurrencyPolicy {
  return batchConcurrencyPolicyOf(commands) === 'merge'
    ? { kind: 'merge', maxAttempts: MERGE_ATTEMPTS }
    : { kind: 'reject', clientRevision };
}

/** Nothing is visible in it: a batch decided in this context is refused as "does not exist" (prepare replaces it). */
const closedContext = (principal: AssessmentPrincipal, now: Date): AssessmentContext => ({
  actorId: principal.id,
  privileges: [],
  rowAccess: { canView: false, canEdit: false, isOwnCase: false },
  now,
});

@CommandHandler(ChangeAssessmentCommand)
export class ChangeAssessmentHandler implements ICommandHandler<ChangeAssessmentCommand, AssessmentChangeResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly contexts: AssessmentContextService,
    private readonly mails: AssessmentMails,
  ) {}

  async execute(command: ChangeAssessmentCommand): Promise<AssessmentChangeResult> {
    const { principal, actor, assessmentId } = command;
    const now = command.now ?? new Date();
    const commands = await Promise.all(command.commands.map((c) => this.contexts.enrich(principal, assessmentId, c)));
    const types = commands.map((c) => c.type);
    // The context depends on the loaded state (row access, library version), so prepare rebuilds it on every attempt.
    let built: BuiltContext = { context: closedContext(principal, now), library: null };
    const batch: AssessmentCommandBatch = { commands, context: built.context };
    const outcome = await this.handler.handle(assessmentStreamId(assessmentId), assessmentDecider, batch, {
      actor,
      id: assessmentId,
      concurrency: assessmentConcurrency(types, command.clientRevision),
      // The cached states fold only the events after the cached revision: answering a question stays one small read.
      load: () => this.contexts.load(assessmentId),
      prepare: async (loaded) => {
        built = await this.contexts.build(principal, loaded.state, types, now);
        return { commands, context: built.context };
      },
    });
    const state = applyDecided(outcome.decidedOn.state, outcome.events, built.context);
    // After the append: a reassigned assessment is mailed to its new owner (a failed mail is logged, never answered).
    if (outcome.changed) await this.mails.afterChange(outcome.events, state, principal.id);
    return {
      id: assessmentId,
      revision: outcome.revision,
      position: outcome.changed ? outcome.position : 0,
      changed: outcome.changed,
      events: outcome.events,
      before: outcome.decidedOn.state,
      state,
      library: built.library,
      context: built.context,
    };
  }
}

@CommandHandler(StartAssessmentCommand)
export class StartAssessmentHandler implements ICommandHandler<StartAssessmentCommand, AssessmentChangeResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly libraries: AssessmentLibraryService,
    private readonly children: ChildLookupService,
    private readonly childForm: ChildFormSettingsService,
  ) {}

  async execute(command: StartAssessmentCommand): Promise<AssessmentChangeResult> {
    const { principal, actor } = command;
    const assessmentId = command.options.assessmentId ?? randomUUID();
    const [library, childForm] = await Promise.all([this.libraries.current(), this.childForm.current()]);
    const previousAssessmentId = await this.children.previousApprovedFor(
      principal,
      command.child.cin,
      command.options.previousAssessmentId,
    );
    const context: AssessmentContext = {
      actorId: principal.id,
      privileges: principal.privileges.filter(isPrivilege),
      rowAccess: { canView: true, canEdit: true, isOwnCase: true },
      now: command.options.now ?? new Date(),
      library,
      // A new assessment's child form is checked as every later save is: configured labels and option lists.
      childForm,
    };
    const start: AssessmentCommand = {
      type: 'StartAssessment',
      assessmentId,
      child: command.child,
      agencyId: principal.agencyId,
      previousAssessmentId,
    };
    const outcome = await this.handler.handle(
      assessmentStreamId(assessmentId),
      assessmentDecider,
      { commands: [start], context },
      { actor, id: assessmentId },
    );
    return {
      id: assessmentId,
      revision: outcome.revision,
      position: outcome.changed ? outcome.position : 0,
      changed: outcome.changed,
      events: outcome.events,
      before: initialAssessmentState,
      state: applyDecided(initialAssessmentState, outcome.events, context),
      library,
      context,
    };
  }
}

export const assessmentCommandHandlers = [StartAssessmentHandler, ChangeAssessmentHandler];
