/**
 * The gate every command of an existing assessment passes before its input is looked at (existence, row
 * visibility, status, privilege, row access, old data; the table is assessment.workflow.ts), and the helpers the
 * decisions share to refuse.
 */
import type { Privilege } from '../identity/privileges';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import type { FieldErrors } from '../domain-errors';
import { AssessmentState, caregiverDisplayName } from './assessment.aggregate';
import { AssessmentAccessDenied, AssessmentContext } from './assessment.commands';
import { CATALOGUE, RULE_MESSAGES } from './assessment.messages';
import { ASSESSMENT_STATUS_LABELS, Caregiver } from './assessment.values';
import { AssessmentCommandType, COMMAND_ACTIONS, WORKFLOW, WorkflowGate } from './assessment.workflow';
import type { ChildValidationOptions } from './child-information.validation';
import type { QuestionnaireLibrary } from './questionnaire';

const INVALID_INPUT = 'Please correct the highlighted fields.';

export function invalid(errors: FieldErrors, message = INVALID_INPUT): never {
  throw new DomainRuleViolation(message, errors);
}

export function conflict(message: string, errors: FieldErrors = {}): never {
  throw new DomainRuleViolation(message, errors, true);
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/** Why a command is refused before its input is looked at, or null when the gate lets it through. */
export type GateRefusal =
  | { readonly kind: 'not-found'; readonly message: string }
  | { readonly kind: 'conflict'; readonly message: string; readonly errors?: FieldErrors }
  | { readonly kind: 'denied'; readonly message: string; readonly privileges: readonly Privilege[] };

/** What the gate reads of a state (a list row has these too). */
export type GatedState = Pick<AssessmentState, 'exists' | 'status' | 'ownerId'>;

export function gateRefusal(
  state: GatedState,
  command: Exclude<AssessmentCommandType, 'StartAssessment'>,
  ctx: AssessmentContext,
): GateRefusal | null {
  if (!state.exists || state.status === 'deleted' || !ctx.rowAccess.canView) return { kind: 'not-found', message: RULE_MESSAGES.notFound };
  const action = COMMAND_ACTIONS[command];
  if (command === 'ChangeAssessmentType' && state.status === 'approved') {
    return {
      kind: 'conflict',
      message: RULE_MESSAGES.typeLockedWhenApproved,
      errors: { assessmentType: [RULE_MESSAGES.typeLockedWhenApproved] },
    };
  }
  const gate: WorkflowGate | undefined = WORKFLOW[command][state.status];
  if (!gate) return { kind: 'conflict', message: RULE_MESSAGES.illegalTransition(ASSESSMENT_STATUS_LABELS[state.status], action) };
  if (gate.privileges.length > 0 && !gate.privileges.some((p) => ctx.privileges.includes(p))) {
    return { kind: 'denied', message: RULE_MESSAGES.needsPrivilege(gate.privileges), privileges: gate.privileges };
  }
  if (command === 'ReassignAssessment' && state.ownerId !== ctx.actorId && !ctx.privileges.includes('User_Actions')) {
    return { kind: 'denied', message: RULE_MESSAGES.reassignNeedsOwnerOrUserActions, privileges: ['User_Actions'] };
  }
  if (gate.editRightsOf && state.ownerId !== ctx.actorId) {
    const refusal = editRightsRefusal(state, gate.editRightsOf, ctx, action);
    if (refusal) return refusal;
  }
  if (gate.rowAccess === 'edit' && !ctx.rowAccess.canEdit) return { kind: 'denied', message: RULE_MESSAGES.viewOnly, privileges: [] };
  if (gate.rowAccess === 'ownCase' && !ctx.rowAccess.isOwnCase)
    return { kind: 'denied', message: RULE_MESSAGES.notOwnCase(action), privileges: [] };
  if (gate.refuseOldData && ctx.oldData === true) return { kind: 'conflict', message: RULE_MESSAGES.oldData(action) };
  return null;
}

/**
 * Sharing and reassigning hand out edit rights: someone other than the owner needs the privilege that edits the
 * record in this status (the workflow row of `command`); where nobody edits (closed), only the owner may.
 */
function editRightsRefusal(
  state: GatedState,
  command: Exclude<AssessmentCommandType, 'StartAssessment'>,
  ctx: AssessmentContext,
  action: string,
): GateRefusal | null {
  const editGate = WORKFLOW[command][state.status];
  if (!editGate)
    return { kind: 'denied', message: RULE_MESSAGES.ownerOnly(ASSESSMENT_STATUS_LABELS[state.status], action), privileges: [] };
  if (!editGate.privileges.some((p) => ctx.privileges.includes(p))) {
    return { kind: 'denied', message: RULE_MESSAGES.needsPrivilege(editGate.privileges), privileges: editGate.privileges };
  }
  return null;
}

export function passGate(state: AssessmentState, command: Exclude<AssessmentCommandType, 'StartAssessment'>, ctx: AssessmentContext): void {
  const refusal = gateRefusal(state, command, ctx);
  if (!refusal) return;
  switch (refusal.kind) {
    case 'not-found':
      throw new NotFoundError(refusal.message);
    case 'conflict':
      throw new DomainRuleViolation(refusal.message, refusal.errors ?? {}, true);
    case 'denied':
      throw new AssessmentAccessDenied(refusal.message, refusal.privileges);
  }
}

export function requireLibrary(ctx: AssessmentContext): QuestionnaireLibrary {
  // A handler bug, not a user error: it must load the assessment's library version for these commands.
  if (!ctx.library) throw new Error('This assessment command needs the library version of the assessment in its context');
  return ctx.library;
}

export function childFormOptions(ctx: AssessmentContext): ChildValidationOptions {
  return { ...ctx.childForm, now: ctx.now, ...(ctx.today === undefined ? {} : { today: ctx.today }) };
}

/** JSON with object keys sorted: stored events come back from JSONB with their keys in another order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

export function caregiversWithoutRelationship(state: AssessmentState): Caregiver[] {
  return state.caregivers.filter((c) => c.relationship === null);
}

export function refuseCaregiversWithoutRelationship(state: AssessmentState): void {
  const missing = caregiversWithoutRelationship(state);
  if (missing.length === 0) return;
  invalid(
    { caregivers: missing.map((c) => RULE_MESSAGES.caregiverWithoutRelationship(caregiverDisplayName(c))) },
    CATALOGUE.caregiverRelationshipRequired,
  );
}
