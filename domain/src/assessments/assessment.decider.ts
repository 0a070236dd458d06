/**
 * The assessment decider: decide(batch, state) → events, evolve, initialState. Pure, no I/O: the command handler
 * (backend/src/assessments/commands) loads the stream, gathers the context, decides and appends what decide returns
 * in ONE append. An empty list means "nothing changed" (nothing is appended).
 *
 * Refusals, in the order they are checked:
 * - NotFoundError (404): the assessment does not exist, is deleted, or the actor may not see it (row access), so a
 *   hidden assessment is indistinguishable from a missing one;
 * - DomainRuleViolation with conflict=true (409): the command is illegal in the current status (workflow table in
 *   assessment.workflow.ts), the type is locked, the assessment is old data (superseded by a later one);
 * - AssessmentAccessDenied (an AccessDeniedError: 403): a missing privilege for this status, a view-only row, not
 *   the user's own case;
 * - DomainRuleViolation (400) with field messages: invalid input, completion blocked.
 */
import type { Decider } from '../decider';
import { AssessmentState, evolveAssessmentEvent, initialAssessmentState } from './assessment.aggregate';
import type { AssessmentCommand, AssessmentCommandBatch, AssessmentContext, ClearItemRating } from './assessment.commands';
import { ASSESSMENT_EVENT_TYPES, AssessmentEvent } from './assessment.events';
import { gateRefusal } from './assessment.gate';
import {
  decideAddCaregiver,
  decideBindFamilyCaregivers,
  decideChangeAssessmentType,
  decideEditCaregiver,
  decideRemoveCaregiver,
  decideSaveChildInformation,
  decideStartAssessment,
} from './child-record.decisions';
import { QuestionnaireLibrary, visibleQuestionsOf } from './questionnaire';
import {
  decideClearItemRating,
  decideDeleteQuestionComment,
  decideRateItem,
  decideSaveNarrative,
  decideSaveQuestionComment,
} from './questionnaire.decisions';
import {
  decideApproveAssessment,
  decideCloseAssessment,
  decideCompleteAssessment,
  decideDeleteAssessment,
  decideExcludeFromReports,
  decideIncludeInReports,
  decideReassignAssessment,
  decideReturnAssessment,
  decideShareAssessment,
} from './transition.decisions';

/** Decides one assessment command on its own (the batch decider below is what handlers run). */
export function decideAssessmentCommand(state: AssessmentState, command: AssessmentCommand, ctx: AssessmentContext): AssessmentEvent[] {
  switch (command.type) {
    case 'StartAssessment':
      return decideStartAssessment(state, command, ctx);
    case 'SaveChildInformation':
      return decideSaveChildInformation(state, command, ctx);
    case 'ChangeAssessmentType':
      return decideChangeAssessmentType(state, command, ctx);
    case 'AddCaregiver':
      return decideAddCaregiver(state, command, ctx);
    case 'EditCaregiver':
      return decideEditCaregiver(state, command, ctx);
    case 'RemoveCaregiver':
      return decideRemoveCaregiver(state, command, ctx);
    case 'BindFamilyCaregivers':
      return decideBindFamilyCaregivers(state, command, ctx);
    case 'RateItem':
      return decideRateItem(state, command, ctx);
    case 'ClearItemRating':
      return decideClearItemRating(state, command, ctx);
    case 'SaveQuestionComment':
      return decideSaveQuestionComment(state, command, ctx);
    case 'DeleteQuestionComment':
      return decideDeleteQuestionComment(state, command, ctx);
    case 'SaveNarrative':
      return decideSaveNarrative(state, command, ctx);
    case 'CompleteAssessment':
      return decideCompleteAssessment(state, command, ctx);
    case 'ApproveAssessment':
      return decideApproveAssessment(state, command, ctx);
    case 'ReturnAssessment':
      return decideReturnAssessment(state, command, ctx);
    case 'CloseAssessment':
      return decideCloseAssessment(state, command, ctx);
    case 'DeleteAssessment':
      return decideDeleteAssessment(state, command, ctx);
    case 'IncludeInReports':
      return decideIncludeInReports(state, command, ctx);
    case 'ExcludeFromReports':
      return decideExcludeFromReports(state, command, ctx);
    case 'ShareAssessment':
      return decideShareAssessment(state, command, ctx);
    case 'ReassignAssessment':
      return decideReassignAssessment(state, command, ctx);
  }
}

/**
 * Ratings of questions that are not shown any more (their module closed again, a hide-rule fired, the child's age
 * changed) are cleared when the assessment is completed, in the same append: what is approved is exactly what
 * the questionnaire showed, so reports and answer distributions never count a rating nobody could see.
 */
export function hiddenRatingClears(state: AssessmentState, library: QuestionnaireLibrary): ClearItemRating[] {
  if (!state.child) return [];
  const visible = new Set(visibleQuestionsOf(state, library).map((q) => `${q.code}|${q.caregiverId ?? ''}`));
  const clears: ClearItemRating[] = [];
  for (const code of Object.keys(state.childRatings)) {
    if (!visible.has(`${code}|`)) clears.push({ type: 'ClearItemRating', questionCode: code, caregiverId: null });
  }
  for (const caregiver of state.caregivers) {
    for (const code of Object.keys(state.caregiverRatings[caregiver.caregiverId] ?? {})) {
      if (!visible.has(`${code}|${caregiver.caregiverId}`))
        clears.push({ type: 'ClearItemRating', questionCode: code, caregiverId: caregiver.caregiverId });
    }
  }
  return clears;
}

/**
 * Folds decided events as if recorded now by the actor: the state an answer shows right after the append (and the
 * state each command of a batch is decided on).
 */
export function applyDecided(
  state: AssessmentState,
  events: readonly AssessmentEvent[],
  ctx: Pick<AssessmentContext, 'actorId' | 'now'>,
): AssessmentState {
  const recordedAt = typeof ctx.now === 'string' ? ctx.now : ctx.now.toISOString();
  const metadata = { userId: ctx.actorId };
  return events.reduce((current, event) => evolveAssessmentEvent(current, { ...event, recordedAt, metadata }), state);
}

/** Decides the commands of a batch in order, each on the state the previous ones leave; hidden ratings are pruned on completion. */
function decideBatch({ commands, context }: AssessmentCommandBatch, state: AssessmentState): AssessmentEvent[] {
  const all: AssessmentEvent[] = [];
  let current = state;
  for (const command of commands) {
    const { library } = context;
    const completing = command.type === 'CompleteAssessment' && gateRefusal(current, 'CompleteAssessment', context) === null;
    const prune = completing && library ? hiddenRatingClears(current, library) : [];
    for (const each of [...prune, command]) {
      const events = decideAssessmentCommand(current, each, context);
      current = applyDecided(current, events, context);
      all.push(...events);
    }
  }
  return all;
}

export const assessmentDecider: Decider<AssessmentState, AssessmentCommandBatch, AssessmentEvent> = {
  initialState: initialAssessmentState,
  eventTypes: ASSESSMENT_EVENT_TYPES,
  decide: decideBatch,
  evolve: evolveAssessmentEvent,
};

/** A batch of one command (most requests issue one). */
export const singleCommand = (command: AssessmentCommand, context: AssessmentContext): AssessmentCommandBatch => ({
  commands: [command],
  context,
});
