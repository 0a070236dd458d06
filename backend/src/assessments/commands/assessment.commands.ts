/**
 * Command handlers of the assessment aggregate. Each handler loads the stream ("assessment-<id>") through the
 * EventSourcedRepository, builds the decision context (actor, privileges, row access, now, the assessment's library
 * version, old data, sibling users), calls the domain's decide functions and appends their events in ONE append.
 *
 * Concurrency follows the domain (assessment.concurrency.ts): ratings and question comments merge (reload, decide
 * again, retry); everything else appends at the revision the client last saw and answers 409 when it is stale.
 */
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { AssessmentPrincipal } from '../access/assessment-access.service';
import {
  AssessmentCommand,
  AssessmentContext,
  AssessmentEvent,
  AssessmentState,
  ChildInformationInput,
  ClearItemRating,
  applyDecided,
  assessmentStreamId,
  concurrencyPolicyOf,
  decideAssessmentCommand,
  executeAssessmentCommand,
  gateRefusal,
  initialAssessmentState,
  visibleQuestionsOf,
} from '../domain';
import { AssessmentLibrary, AssessmentLibraryService } from '../library/assessment-library.service';
import { ChildLookupService } from '../queries/child-lookup.service';
import { AssessmentContextService } from './assessment-context.service';

/** What a change answers with: the append's result and the state after it (for triggered questions, progress …). */
export interface AssessmentChangeResult extends CommandResult {
  /** False when the decision found nothing to change (nothing was appended; position is 0). */
  readonly changed: boolean;
  readonly events: readonly AssessmentEvent[];
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

/** Attempts of a merging command (answers, comments) before a conflict is reported as 409. */
export const MERGE_RETRY_LIMIT = 25;

const revisionOf = (revision: number | 'no_stream'): number => (revision === 'no_stream' ? -1 : revision);

/**
 * Ratings of questions that are not shown any more (their module closed again, a hide-rule fired, the child's age
 * changed) are cleared when the assessment is completed, in the same append: what is approved is exactly what
 * the questionnaire showed, so reports and answer distributions never count a rating nobody could see.
 */
export function hiddenRatingClears(state: AssessmentState, library: AssessmentLibrary): ClearItemRating[] {
  if (!state.child) return [];
  const visible = new Set(visibleQuestionsOf(state, library).map((q) => `${q.code}|${q.caregiverId ?? ''}`));
  const clears: ClearItemRating[] = [];
  for (const code of Object.keys(state.childRatings)) {
    if (!visible.has(`${code}|`)) clears.push({ type: 'ClearItemRating', questionCode: code, caregiverId: null });
  }
  for (const caregiver of state.caregivers) {
    for (const code of Object.keys(state.caregiverRatings[caregiver.caregiverId] ?? {})) {
      if (!visible.has(`${code}|${caregiver.caregiverId}`)) clears.push({ type: 'ClearItemRating', questionCode: code, caregiverId: caregiver.caregiverId });
    }
  }
  return clears;
}

/** Decides the commands in order, each on the state the previous ones leave (one append for all). */
export function decideChange(state: AssessmentState, commands: readonly AssessmentCommand[], ctx: AssessmentContext, library: AssessmentLibrary | null): AssessmentEvent[] {
  const all: AssessmentEvent[] = [];
  let current = state;
  for (const command of commands) {
    const prune = command.type === 'CompleteAssessment' && library && gateRefusal(current, 'CompleteAssessment', ctx) === null ? hiddenRatingClears(current, library) : [];
    for (const each of [...prune, command]) {
      const events = decideAssessmentCommand(current, each, ctx);
      current = applyDecided(current, events, ctx);
      all.push(...events);
    }
  }
  return all;
}

@CommandHandler(ChangeAssessmentCommand)
export class ChangeAssessmentHandler implements ICommandHandler<ChangeAssessmentCommand, AssessmentChangeResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly contexts: AssessmentContextService,
  ) {}

  async execute(command: ChangeAssessmentCommand): Promise<AssessmentChangeResult> {
    const { principal, actor, assessmentId } = command;
    const streamId = assessmentStreamId(assessmentId);
    const commands = await Promise.all(command.commands.map((c) => this.contexts.enrich(principal, assessmentId, c)));
    const types = commands.map((c) => c.type);
    const policy = types.length > 0 && types.every((t) => concurrencyPolicyOf(t) === 'merge') ? 'merge' : 'reject';

    // The context depends on the loaded state (row access, library version), so it is rebuilt on every attempt.
    let built!: Awaited<ReturnType<AssessmentContextService['build']>>;
    const outcome = await executeAssessmentCommand<CommandResult>(
      {
        load: async () => {
          const loaded = await this.contexts.load(assessmentId);
          built = await this.contexts.build(principal, loaded.state, types, command.now);
          return loaded;
        },
        append: (events, expected) => this.repository.append(streamId, events, expected, actor),
      },
      (state) => decideChange(state, commands, built.context, built.library),
      {
        policy,
        // Each round of a race lets at least one writer through, so N concurrent answers need at most N attempts;
        // an assessment is edited by a handful of people, this bound is far above that.
        maxAttempts: MERGE_RETRY_LIMIT,
        ...(command.clientRevision === undefined ? {} : { clientRevision: command.clientRevision }),
      },
    );
    return {
      id: assessmentId,
      revision: outcome.result?.revision ?? revisionOf(outcome.decidedOn.revision),
      position: outcome.result?.position ?? 0,
      changed: outcome.result !== null,
      events: outcome.events,
      state: applyDecided(outcome.decidedOn.state, outcome.events, built.context),
      library: built.library,
      context: built.context,
    };
  }
}

@CommandHandler(StartAssessmentCommand)
export class StartAssessmentHandler implements ICommandHandler<StartAssessmentCommand, AssessmentChangeResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly contexts: AssessmentContextService,
    private readonly libraries: AssessmentLibraryService,
    private readonly children: ChildLookupService,
  ) {}

  async execute(command: StartAssessmentCommand): Promise<AssessmentChangeResult> {
    const { principal, actor } = command;
    const assessmentId = command.options.assessmentId ?? randomUUID();
    const streamId = assessmentStreamId(assessmentId);
    const library = await this.libraries.current();
    const previousAssessmentId = await this.children.previousApprovedFor(principal, command.child.cin, command.options.previousAssessmentId);
    const context: AssessmentContext = {
      actorId: principal.id,
      privileges: principal.privileges as AssessmentContext['privileges'],
      rowAccess: { canView: true, canEdit: true, isOwnCase: true },
      now: command.options.now ?? new Date(),
      library,
    };
    const decided = { type: 'StartAssessment', assessmentId, child: command.child, agencyId: principal.agencyId, previousAssessmentId } as const;
    const outcome = await executeAssessmentCommand<CommandResult>(
      {
        load: () => this.contexts.load(assessmentId),
        append: (events, expected) => this.repository.append(streamId, events, expected, actor),
      },
      (state) => decideAssessmentCommand(state, decided, context),
      { policy: 'reject' },
    );
    return {
      id: assessmentId,
      revision: outcome.result?.revision ?? revisionOf(outcome.decidedOn.revision),
      position: outcome.result?.position ?? 0,
      changed: outcome.result !== null,
      events: outcome.events,
      state: applyDecided(initialAssessmentState, outcome.events, context),
      library,
      context,
    };
  }
}

export const assessmentCommandHandlers = [StartAssessmentHandler, ChangeAssessmentHandler];
