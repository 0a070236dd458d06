/** Decisions that move an assessment through its workflow (complete, approve, return, close, delete, report inclusion) or hand it to others (share, reassign). */
import type { FieldErrors } from '../domain-errors';
import { AssessmentState, caregiverDisplayName, shareGrantorOf } from './assessment.aggregate';
import type {
  ApproveAssessment,
  AssessmentContext,
  CloseAssessment,
  CompleteAssessment,
  DeleteAssessment,
  ExcludeFromReports,
  IncludeInReports,
  ReassignAssessment,
  ReturnAssessment,
  ShareAssessment,
} from './assessment.commands';
import { AssessmentEvent, AssessmentEvents, assessmentEvent } from './assessment.events';
import { caregiversWithoutRelationship, hasErrors, invalid, passGate, requireLibrary, sameJson } from './assessment.gate';
import { CATALOGUE, FIELD_MESSAGES, RULE_MESSAGES } from './assessment.messages';
import { ASSESSMENT_STATUS_CODES } from './assessment.values';
import { incompleteNarrativeFields, validateReason } from './child-information.validation';
import { assessmentProgress } from './progress';
import type { QuestionnaireLibrary } from './questionnaire';

/**
 * Why completion is blocked right now, as field messages (empty when it can complete): caregivers without a
 * relationship first (their domains cannot be judged), then incomplete domains and narrative fields together —
 * the spec's incomplete-domain dialog lists the domains under one message.
 */
export function completionBlockers(state: AssessmentState, library: QuestionnaireLibrary): { message: string; errors: FieldErrors } | null {
  const missing = caregiversWithoutRelationship(state);
  if (missing.length > 0) {
    return {
      message: CATALOGUE.caregiverRelationshipRequired,
      errors: { caregivers: missing.map((c) => RULE_MESSAGES.caregiverWithoutRelationship(caregiverDisplayName(c))) },
    };
  }
  const errors: FieldErrors = {};
  const { incompleteDomains } = assessmentProgress(state, library);
  if (incompleteDomains.length > 0) errors.domains = incompleteDomains.map((d) => RULE_MESSAGES.incompleteDomain(d.title, d.percentage));
  Object.assign(errors, incompleteNarrativeFields(state.narrative));
  return hasErrors(errors) ? { message: CATALOGUE.caseCannotBeCompleted, errors } : null;
}

export function decideCompleteAssessment(state: AssessmentState, _command: CompleteAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'CompleteAssessment', ctx);
  const blockers = completionBlockers(state, requireLibrary(ctx));
  if (blockers) invalid(blockers.errors, blockers.message);
  return [assessmentEvent(AssessmentEvents.Completed, { assessmentId: state.assessmentId, completedBy: ctx.actorId })];
}

export function decideApproveAssessment(state: AssessmentState, _command: ApproveAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ApproveAssessment', ctx);
  return [assessmentEvent(AssessmentEvents.Approved, { assessmentId: state.assessmentId, approvedBy: ctx.actorId })];
}

export function decideReturnAssessment(state: AssessmentState, command: ReturnAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ReturnAssessment', ctx);
  const errors = validateReason('return', command.reason);
  if (hasErrors(errors)) invalid(errors, errors.reason[0]);
  // validateReason takes a number as its text, as the child form's fields do: store it as text (not .trim() a number).
  return [
    assessmentEvent(AssessmentEvents.Returned, {
      assessmentId: state.assessmentId,
      returnedBy: ctx.actorId,
      reason: String(command.reason).trim(),
    }),
  ];
}

export function decideCloseAssessment(state: AssessmentState, command: CloseAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'CloseAssessment', ctx);
  const errors = validateReason('close', command.reason);
  if (hasErrors(errors)) invalid(errors, errors.reason[0]);
  return [
    assessmentEvent(AssessmentEvents.Closed, {
      assessmentId: state.assessmentId,
      closedBy: ctx.actorId,
      reason: String(command.reason).trim(),
    }),
  ];
}

export function decideDeleteAssessment(state: AssessmentState, _command: DeleteAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'DeleteAssessment', ctx);
  return [
    assessmentEvent(AssessmentEvents.Deleted, {
      assessmentId: state.assessmentId,
      deletedBy: ctx.actorId,
      previousStatus: ASSESSMENT_STATUS_CODES[state.status],
    }),
  ];
}

export function decideIncludeInReports(state: AssessmentState, _command: IncludeInReports, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'IncludeInReports', ctx);
  return state.includedInReports ? [] : [assessmentEvent(AssessmentEvents.IncludedInReports, { assessmentId: state.assessmentId })];
}

export function decideExcludeFromReports(state: AssessmentState, _command: ExcludeFromReports, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ExcludeFromReports', ctx);
  return state.includedInReports ? [assessmentEvent(AssessmentEvents.ExcludedFromReports, { assessmentId: state.assessmentId })] : [];
}

// ---------------------------------------------------------------------------------------------------------
// Ownership
// ---------------------------------------------------------------------------------------------------------

/**
 * Shares the actor's selection cannot take back: those granted by others, unless the actor is the owner or above
 * the owner in the supervisor tree (who may take back any). The Share dialog shows them fixed.
 */
export function sharesKeptFrom(state: AssessmentState, actorId: string, aboveOwner: boolean): string[] {
  if (state.ownerId === actorId || aboveOwner) return [];
  return state.sharedWith.filter((u) => shareGrantorOf(state, u) !== actorId);
}

/** The actor's selection replaces the shares they may take back (sharesKeptFrom stay); new users must be siblings. */
export function decideShareAssessment(state: AssessmentState, command: ShareAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ShareAssessment', ctx);
  const selected = [...new Set(command.userIds.map((u) => String(u).trim()).filter((u) => u !== '' && u !== state.ownerId))];
  const siblings = new Set(ctx.siblingUserIds ?? []);
  // Users already shared with (perhaps by someone else) may stay; new ones must be the actor's sibling users.
  const notAllowed = selected.filter((u) => !state.sharedWith.includes(u) && !siblings.has(u));
  if (notAllowed.length > 0) invalid({ userIds: notAllowed.map((u) => RULE_MESSAGES.notSiblingUser(u)) });
  const wanted = [...new Set([...selected, ...sharesKeptFrom(state, ctx.actorId, ctx.aboveOwner === true)])].sort();
  if (sameJson(wanted, [...state.sharedWith].sort())) return [];
  const grantedBy = Object.fromEntries(wanted.map((u) => [u, state.sharedWith.includes(u) ? shareGrantorOf(state, u) : ctx.actorId]));
  return [assessmentEvent(AssessmentEvents.SharedWithUsers, { assessmentId: state.assessmentId, userIds: wanted, grantedBy })];
}

export function decideReassignAssessment(state: AssessmentState, command: ReassignAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ReassignAssessment', ctx);
  const toUserId = typeof command.toUserId === 'string' ? command.toUserId.trim() : '';
  if (toUserId === '') invalid({ toUserId: [FIELD_MESSAGES.required('User')] });
  if (toUserId === state.ownerId) invalid({ toUserId: [RULE_MESSAGES.alreadyAssignedTo] });
  if (!(ctx.siblingUserIds ?? []).includes(toUserId)) invalid({ toUserId: [RULE_MESSAGES.notSiblingUser(toUserId)] });
  return [
    assessmentEvent(AssessmentEvents.Reassigned, {
      assessmentId: state.assessmentId,
      fromUserId: state.ownerId,
      toUserId,
      agencyId: command.toUserAgencyId,
    }),
  ];
}
