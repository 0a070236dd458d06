/**
 * Decisions of the assessment aggregate: one pure function per command, (state, command, context) → events, or a
 * refusal. No I/O: the command handler loads the state, gathers the context (who acts, their privileges, their row
 * access to this assessment, the library version the assessment is answered on), calls the decision and appends
 * what it returns in ONE append. An empty list means "nothing changed" (the handler appends nothing).
 *
 * Refusals, in the order they are checked:
 * - NotFoundError (404): the assessment does not exist, is deleted, or the actor may not see it (row access), so a
 *   hidden assessment is indistinguishable from a missing one;
 * - DomainRuleViolation with conflict=true (409): the command is illegal in the current status (workflow table in
 *   assessment.workflow.ts), the type is locked, the assessment is old data (superseded by a later one);
 * - AssessmentAccessDenied (an AccessDeniedError: 403): a missing privilege for this status, a
 *   view-only row, not the user's own case;
 * - DomainRuleViolation (400) with field messages: invalid input, completion blocked.
 */
import type { Privilege } from '../../identity/access/privileges';
import { indexInstrument } from '../../library/instrument/instrument-tree';
import { Question, Rating, isRating } from '../../library/instrument/instrument.types';
import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '../../platform/http/domain-errors';
import type { FieldErrors } from '../../platform/http/validation';
import { AssessmentState, FoldableEvent, caregiverDisplayName, evolveAssessment, ratingOf, shareGrantorOf } from './assessment.aggregate';
import { AssessmentEvent, AssessmentEvents, assessmentEvent } from './assessment.events';
import { CATALOGUE, FIELD_MESSAGES, RULE_MESSAGES } from './assessment.messages';
import {
  ASSESSMENT_STATUS_CODES,
  ASSESSMENT_STATUS_LABELS,
  Caregiver,
  CaregiverDetails,
  DEFAULT_ASSESSMENT_TYPES,
  MAX_LENGTH,
} from './assessment.values';
import { AssessmentCommandType, COMMAND_ACTIONS, WORKFLOW, WorkflowGate } from './assessment.workflow';
import {
  CaregiverInput,
  ChildInformationInput,
  ChildValidationOptions,
  NarrativeInput,
  childFieldLabel,
  incompleteNarrativeFields,
  parseCaregiverDetails,
  parseChildInformation,
  parseNarrative,
  validateQuestionComment,
  validateReason,
} from './child-information.validation';
import { assessmentProgress } from './progress';
import type { QuestionnaireLibrary } from './questionnaire';

// ---------------------------------------------------------------------------------------------------------
// Context and errors
// ---------------------------------------------------------------------------------------------------------

/**
 * The actor's row access to THIS assessment, computed by the identity layer from the user hierarchy, sharing and
 * monitoring privileges (spec onlyView / isSelfCase).
 */
export interface AssessmentRowAccess {
  /** The actor may see the assessment at all. */
  readonly canView: boolean;
  /** The actor may change it (spec onlyView = false). */
  readonly canEdit: boolean;
  /**
   * Spec isSelfCase, "the case is the user's own": in the actor's own caseload (their own case or a case of the
   * workers they supervise), as opposed to one they see through sharing or monitoring. Approval, return and report
   * inclusion need it.
   */
  readonly isOwnCase: boolean;
}

/**
 * Row-access reasons (identity/access/row-access-policy.ts decideRowAccess) that make a case the actor's OWN
 * (spec isSelfCase): their own, a supervisee's, the administrator's everything, and cases they cover under a
 * temporary access assignment. Shared, parent-group and monitored cases are visible but not "own".
 */
export const OWN_CASE_ACCESS_REASONS: readonly string[] = ['owner', 'supervisor', 'administrator', 'temporary-access'];

/** Maps the identity layer's row-access decision ({ view, edit, reason }) to what decisions read. */
export function assessmentRowAccessFrom(decision: { readonly view: boolean; readonly edit: boolean; readonly reason: string }): AssessmentRowAccess {
  return {
    canView: decision.view,
    canEdit: decision.view && decision.edit,
    isOwnCase: decision.view && OWN_CASE_ACCESS_REASONS.includes(decision.reason),
  };
}

export interface AssessmentContext {
  readonly actorId: string;
  readonly privileges: readonly Privilege[];
  readonly rowAccess: AssessmentRowAccess;
  /** Request time (validation of dates). */
  readonly now: Date | string;
  /** Today's date in the deployment's time zone, 'yyyy-MM-dd' (default: UTC date of now). */
  readonly today?: string;
  /**
   * The library version the assessment is answered on (its recorded version; for StartAssessment the current
   * one, which gets recorded). Needed by StartAssessment, rating, comment and completion commands.
   */
  readonly library?: QuestionnaireLibrary;
  /**
   * Spec oldData: a later (not deleted) assessment of the same child (PID) exists, so this one is a superseded
   * record. The handler reads it from the assessments read model (the same fact as the reminders'
   * hasLaterAssessment). Approval and return refuse old data. Not a library-version comparison: an assessment keeps
   * the library version it was started on, and the library's version changes with every library edit.
   */
  readonly oldData?: boolean;
  /** Users the actor may share with or reassign to (spec sibling users: same supervisor). */
  readonly siblingUserIds?: readonly string[];
  /**
   * The actor is above the owner in the supervisor tree (one of the owner's supervisors, up to the top): like the
   * owner, their share may take back shares others granted. Needed by ShareAssessment; absent means no.
   */
  readonly aboveOwner?: boolean;
  /** Label configuration and option lists for the child form. */
  readonly childForm?: Omit<ChildValidationOptions, 'now' | 'today'>;
}

/**
 * The actor may not do this (missing privilege, view-only row, not their case). An AccessDeniedError, so the HTTP
 * layer answers 403 (api-exception.filter.ts).
 */
export class AssessmentAccessDenied extends AccessDeniedError {
  /** No field is at fault: the refusal is about who acts, not what they sent. */
  readonly fieldErrors: FieldErrors = {};
  readonly conflict = false;

  constructor(message: string, readonly requiredPrivileges: readonly Privilege[] = []) {
    super(message);
    this.name = 'AssessmentAccessDenied';
  }
}

const INVALID_INPUT = 'Please correct the highlighted fields.';

function invalid(errors: FieldErrors, message = INVALID_INPUT): never {
  throw new DomainRuleViolation(message, errors);
}

function conflict(message: string, errors: FieldErrors = {}): never {
  throw new DomainRuleViolation(message, errors, true);
}

const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

// ---------------------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------------------

export interface StartAssessment {
  readonly type: 'StartAssessment';
  readonly assessmentId: string;
  readonly child: ChildInformationInput;
  /** The case worker who will own the case: the actor, or the user the actor's new assessments go to. Never from the request body. */
  readonly ownerId?: string;
  readonly agencyId: string | null;
  /** The child's latest approved assessment the form was prefilled from (spec latestApprovedChildId). */
  readonly previousAssessmentId?: string | null;
}
export interface SaveChildInformation {
  readonly type: 'SaveChildInformation';
  readonly child: ChildInformationInput;
}
export interface ChangeAssessmentType {
  readonly type: 'ChangeAssessmentType';
  readonly assessmentType: string;
}
export interface AddCaregiver {
  readonly type: 'AddCaregiver';
  readonly caregiverId: string;
  readonly details: CaregiverInput;
}
export interface EditCaregiver {
  readonly type: 'EditCaregiver';
  readonly caregiverId: string;
  readonly details: CaregiverInput;
}
export interface RemoveCaregiver {
  readonly type: 'RemoveCaregiver';
  readonly caregiverId: string;
}
/** Save the FAMILY ID and load that family's caregivers (the handler reads them from the read model, with new ids). */
export interface BindFamilyCaregivers {
  readonly type: 'BindFamilyCaregivers';
  readonly familyId: string;
  readonly caregivers: readonly Caregiver[];
}
export interface RateItem {
  readonly type: 'RateItem';
  readonly questionCode: string;
  readonly caregiverId: string | null;
  readonly rating: Rating;
}
export interface ClearItemRating {
  readonly type: 'ClearItemRating';
  readonly questionCode: string;
  readonly caregiverId: string | null;
}
export interface SaveQuestionComment {
  readonly type: 'SaveQuestionComment';
  /** New id to add a comment; an existing id to edit it. */
  readonly commentId: string;
  readonly questionCode: string;
  readonly caregiverId: string | null;
  readonly content: string;
}
export interface DeleteQuestionComment {
  readonly type: 'DeleteQuestionComment';
  readonly commentId: string;
}
export interface SaveNarrative {
  readonly type: 'SaveNarrative';
  readonly narrative: NarrativeInput;
}
export interface CompleteAssessment {
  readonly type: 'CompleteAssessment';
}
export interface ApproveAssessment {
  readonly type: 'ApproveAssessment';
}
export interface ReturnAssessment {
  readonly type: 'ReturnAssessment';
  readonly reason: string;
}
export interface CloseAssessment {
  readonly type: 'CloseAssessment';
  readonly reason: string;
}
export interface DeleteAssessment {
  readonly type: 'DeleteAssessment';
}
export interface IncludeInReports {
  readonly type: 'IncludeInReports';
}
export interface ExcludeFromReports {
  readonly type: 'ExcludeFromReports';
}
/** The complete set of users to share with (the dialog's selection); an empty set stops sharing. */
export interface ShareAssessment {
  readonly type: 'ShareAssessment';
  readonly userIds: readonly string[];
}
export interface ReassignAssessment {
  readonly type: 'ReassignAssessment';
  readonly toUserId: string;
  /** The new owner's agency (from the user read model). */
  readonly toUserAgencyId: string | null;
}

export type AssessmentCommand =
  | StartAssessment
  | SaveChildInformation
  | ChangeAssessmentType
  | AddCaregiver
  | EditCaregiver
  | RemoveCaregiver
  | BindFamilyCaregivers
  | RateItem
  | ClearItemRating
  | SaveQuestionComment
  | DeleteQuestionComment
  | SaveNarrative
  | CompleteAssessment
  | ApproveAssessment
  | ReturnAssessment
  | CloseAssessment
  | DeleteAssessment
  | IncludeInReports
  | ExcludeFromReports
  | ShareAssessment
  | ReassignAssessment;

// ---------------------------------------------------------------------------------------------------------
// Gate: existence, row visibility, status, privilege, row access, old data
// ---------------------------------------------------------------------------------------------------------

/** Why a command is refused before its input is looked at, or null when the gate lets it through. */
export type GateRefusal =
  | { readonly kind: 'not-found'; readonly message: string }
  | { readonly kind: 'conflict'; readonly message: string; readonly errors?: FieldErrors }
  | { readonly kind: 'denied'; readonly message: string; readonly privileges: readonly Privilege[] };

export function gateRefusal(
  state: AssessmentState,
  command: Exclude<AssessmentCommandType, 'StartAssessment'>,
  ctx: AssessmentContext,
): GateRefusal | null {
  if (!state.exists || state.status === 'deleted' || !ctx.rowAccess.canView) return { kind: 'not-found', message: RULE_MESSAGES.notFound };
  const action = COMMAND_ACTIONS[command];
  if (command === 'ChangeAssessmentType' && state.status === 'approved') {
    return { kind: 'conflict', message: RULE_MESSAGES.typeLockedWhenApproved, errors: { assessmentType: [RULE_MESSAGES.typeLockedWhenApproved] } };
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
  if (gate.rowAccess === 'ownCase' && !ctx.rowAccess.isOwnCase) return { kind: 'denied', message: RULE_MESSAGES.notOwnCase(action), privileges: [] };
  if (gate.refuseOldData && ctx.oldData === true) return { kind: 'conflict', message: RULE_MESSAGES.oldData(action) };
  return null;
}

/**
 * Sharing and reassigning hand out edit rights: someone other than the owner needs the privilege that edits the
 * record in this status (the workflow row of `command`); where nobody edits (closed), only the owner may.
 */
function editRightsRefusal(state: AssessmentState, command: Exclude<AssessmentCommandType, 'StartAssessment'>, ctx: AssessmentContext, action: string): GateRefusal | null {
  const editGate = WORKFLOW[command][state.status];
  if (!editGate) return { kind: 'denied', message: RULE_MESSAGES.ownerOnly(ASSESSMENT_STATUS_LABELS[state.status], action), privileges: [] };
  if (!editGate.privileges.some((p) => ctx.privileges.includes(p))) {
    return { kind: 'denied', message: RULE_MESSAGES.needsPrivilege(editGate.privileges), privileges: editGate.privileges };
  }
  return null;
}

function passGate(state: AssessmentState, command: Exclude<AssessmentCommandType, 'StartAssessment'>, ctx: AssessmentContext): void {
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

function requireLibrary(ctx: AssessmentContext): QuestionnaireLibrary {
  // A handler bug, not a user error: it must load the assessment's library version for these commands.
  if (!ctx.library) throw new Error('This assessment command needs the library version of the assessment in its context');
  return ctx.library;
}

function childFormOptions(ctx: AssessmentContext): ChildValidationOptions {
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

const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

function caregiversWithoutRelationship(state: AssessmentState): Caregiver[] {
  return state.caregivers.filter((c) => c.relationship === null);
}

function refuseCaregiversWithoutRelationship(state: AssessmentState): void {
  const missing = caregiversWithoutRelationship(state);
  if (missing.length === 0) return;
  invalid(
    { caregivers: missing.map((c) => RULE_MESSAGES.caregiverWithoutRelationship(caregiverDisplayName(c))) },
    CATALOGUE.caregiverRelationshipRequired,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Start and child record
// ---------------------------------------------------------------------------------------------------------

export function decideStartAssessment(state: AssessmentState, command: StartAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  if (state.exists) conflict(RULE_MESSAGES.alreadyExists);
  if (!ctx.privileges.includes('Assessment_New')) throw new AssessmentAccessDenied(RULE_MESSAGES.needsPrivilege(['Assessment_New']), ['Assessment_New']);
  const library = requireLibrary(ctx);
  const parsed = parseChildInformation(command.child, childFormOptions(ctx));
  if (!parsed.ok) invalid(parsed.errors);
  const { assessmentId } = command;
  return [
    assessmentEvent(AssessmentEvents.Started, {
      assessmentId,
      ownerId: command.ownerId ?? ctx.actorId,
      agencyId: command.agencyId,
      assessmentType: parsed.value.assessmentType,
      previousAssessmentId: command.previousAssessmentId ?? null,
    }),
    assessmentEvent(AssessmentEvents.LibraryVersionRecorded, {
      assessmentId,
      instrumentCode: library.instrument.code,
      version: library.instrument.version,
    }),
    assessmentEvent(AssessmentEvents.ChildInformationSaved, { assessmentId, child: parsed.value.child }),
  ];
}

export function decideSaveChildInformation(state: AssessmentState, command: SaveChildInformation, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'SaveChildInformation', ctx);
  refuseCaregiversWithoutRelationship(state);
  const parsed = parseChildInformation(command.child, childFormOptions(ctx));
  if (!parsed.ok) invalid(parsed.errors);
  const { child, assessmentType } = parsed.value;
  const events: AssessmentEvent[] = [];
  if (!sameJson(child, state.child)) {
    events.push(assessmentEvent(AssessmentEvents.ChildInformationSaved, { assessmentId: state.assessmentId, child }));
  }
  if (assessmentType !== state.assessmentType) {
    if (state.status === 'approved') conflict(RULE_MESSAGES.typeLockedWhenApproved, { assessmentType: [RULE_MESSAGES.typeLockedWhenApproved] });
    events.push(assessmentEvent(AssessmentEvents.TypeChanged, { assessmentId: state.assessmentId, from: state.assessmentType, to: assessmentType }));
  }
  return events;
}

export function decideChangeAssessmentType(state: AssessmentState, command: ChangeAssessmentType, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ChangeAssessmentType', ctx);
  const types = ctx.childForm?.assessmentTypes ?? DEFAULT_ASSESSMENT_TYPES;
  const type = typeof command.assessmentType === 'string' ? command.assessmentType.trim() : '';
  if (!types.some((t) => t.id === type)) {
    const label = childFieldLabel('assessmentType', ctx.childForm?.labels);
    invalid({ assessmentType: [type === '' ? FIELD_MESSAGES.required(label) : FIELD_MESSAGES.chooseFromList(label)] });
  }
  if (type === state.assessmentType) return [];
  return [assessmentEvent(AssessmentEvents.TypeChanged, { assessmentId: state.assessmentId, from: state.assessmentType, to: type })];
}

// ---------------------------------------------------------------------------------------------------------
// Caregivers
// ---------------------------------------------------------------------------------------------------------

/**
 * Caregivers need a saved child (spec "Please save child information."). Checked after the gate: an assessment
 * that does not exist answers 404 like one the actor may not see, never this 400.
 */
function refuseWithoutSavedChild(state: AssessmentState): void {
  if (!state.child) invalid({}, CATALOGUE.saveChildFirst);
}

function parseCaregiverOrRefuse(details: CaregiverInput): CaregiverDetails {
  const parsed = parseCaregiverDetails(details);
  if (!parsed.ok) invalid(parsed.errors);
  return parsed.value;
}

export function decideAddCaregiver(state: AssessmentState, command: AddCaregiver, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'AddCaregiver', ctx);
  refuseWithoutSavedChild(state);
  const details = parseCaregiverOrRefuse(command.details);
  const existing = state.caregivers.find((c) => c.caregiverId === command.caregiverId);
  if (existing) {
    // A repeated request with the same id and content changes nothing; another content under that id is a clash.
    if (sameJson(details, stripId(existing))) return [];
    conflict('A caregiver with this id already exists.');
  }
  return [assessmentEvent(AssessmentEvents.CaregiverAdded, { assessmentId: state.assessmentId, caregiver: { caregiverId: command.caregiverId, ...details } })];
}

export function decideEditCaregiver(state: AssessmentState, command: EditCaregiver, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'EditCaregiver', ctx);
  refuseWithoutSavedChild(state);
  const existing = state.caregivers.find((c) => c.caregiverId === command.caregiverId);
  if (!existing) throw new NotFoundError(RULE_MESSAGES.caregiverNotFound);
  const details = parseCaregiverOrRefuse(command.details);
  if (sameJson(details, stripId(existing))) return [];
  return [assessmentEvent(AssessmentEvents.CaregiverEdited, { assessmentId: state.assessmentId, caregiverId: command.caregiverId, details })];
}

/** The details of a caregiver without its id (only the known fields: a stored record may carry no others). */
function stripId(caregiver: Caregiver): CaregiverDetails {
  return {
    firstName: caregiver.firstName,
    lastName: caregiver.lastName,
    relationship: caregiver.relationship,
    gender: caregiver.gender,
    phone: caregiver.phone,
    address: caregiver.address,
    city: caregiver.city,
    zip: caregiver.zip,
    county: caregiver.county,
    cin: caregiver.cin,
  };
}

export function decideRemoveCaregiver(state: AssessmentState, command: RemoveCaregiver, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'RemoveCaregiver', ctx);
  refuseWithoutSavedChild(state);
  if (!state.caregivers.some((c) => c.caregiverId === command.caregiverId)) throw new NotFoundError(RULE_MESSAGES.caregiverNotFound);
  return [assessmentEvent(AssessmentEvents.CaregiverRemoved, { assessmentId: state.assessmentId, caregiverId: command.caregiverId })];
}

export function decideBindFamilyCaregivers(state: AssessmentState, command: BindFamilyCaregivers, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'BindFamilyCaregivers', ctx);
  refuseWithoutSavedChild(state);
  const familyId = typeof command.familyId === 'string' ? command.familyId.trim() : '';
  if (familyId === '') invalid({ familyId: [FIELD_MESSAGES.required('Family ID')] });
  if (familyId.length > MAX_LENGTH.text) invalid({ familyId: [FIELD_MESSAGES.maxLength('Family ID', MAX_LENGTH.text)] });
  const known = new Set(state.caregivers.map((c) => c.caregiverId));
  // The relationship recorded on a sibling's assessment is to THAT child; for this child it is unknown.
  const caregivers = command.caregivers
    .filter((c) => !known.has(c.caregiverId))
    .map((c): Caregiver => ({ ...stripId(c), caregiverId: c.caregiverId, relationship: null }));
  if (caregivers.length === 0) invalid({ familyId: [RULE_MESSAGES.familyHasNoCaregivers] }, RULE_MESSAGES.familyHasNoCaregivers);
  return [assessmentEvent(AssessmentEvents.FamilyCaregiversBound, { assessmentId: state.assessmentId, familyId, caregivers })];
}

// ---------------------------------------------------------------------------------------------------------
// Questionnaire: ratings, comments, narrative
// ---------------------------------------------------------------------------------------------------------

/**
 * Checks that a question can be rated/commented for that caregiver (or the child). Reads only the question in
 * the library and the caregiver list, never another item's rating: ratings of different items never depend on
 * each other (the merge rule, see assessment.concurrency.ts). Visibility is deliberately NOT checked here; it
 * depends on other ratings and is applied when progress and reports are computed.
 */
function questionFor(state: AssessmentState, library: QuestionnaireLibrary, questionCode: string, caregiverId: string | null): Question {
  const entry = indexInstrument(library.instrument).byCode.get(questionCode);
  if (!entry || entry.node.kind !== 'question') invalid({ questionCode: [RULE_MESSAGES.unknownQuestion(String(questionCode))] });
  if (entry.domain.caregiverItem) {
    if (caregiverId === null || caregiverId === undefined) invalid({ caregiverId: [RULE_MESSAGES.caregiverRequiredForItem] });
    if (!state.caregivers.some((c) => c.caregiverId === caregiverId)) invalid({ caregiverId: [RULE_MESSAGES.caregiverNotFound] });
  } else if (caregiverId !== null && caregiverId !== undefined) {
    invalid({ caregiverId: [RULE_MESSAGES.childItemHasNoCaregiver] });
  }
  return entry.node;
}

const RATING_CHOICES = 'Choose a rating: 0, 1, 2, 3, 4 or N/A.';

export function decideRateItem(state: AssessmentState, command: RateItem, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'RateItem', ctx);
  const question = questionFor(state, requireLibrary(ctx), command.questionCode, command.caregiverId);
  if (!isRating(command.rating)) invalid({ rating: [RATING_CHOICES] });
  // '4' is on the scale but optional per question: only a rating the question describes can be chosen.
  if (question.answers[command.rating] === undefined) invalid({ rating: [`This question has no rating ${command.rating}.`] });
  if (ratingOf(state, command.questionCode, command.caregiverId) === command.rating) return [];
  return [
    assessmentEvent(AssessmentEvents.ItemRated, {
      assessmentId: state.assessmentId,
      questionCode: command.questionCode,
      caregiverId: command.caregiverId,
      rating: command.rating,
    }),
  ];
}

export function decideClearItemRating(state: AssessmentState, command: ClearItemRating, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ClearItemRating', ctx);
  questionFor(state, requireLibrary(ctx), command.questionCode, command.caregiverId);
  if (ratingOf(state, command.questionCode, command.caregiverId) === undefined) return [];
  return [
    assessmentEvent(AssessmentEvents.ItemRatingCleared, {
      assessmentId: state.assessmentId,
      questionCode: command.questionCode,
      caregiverId: command.caregiverId,
    }),
  ];
}

export function decideSaveQuestionComment(state: AssessmentState, command: SaveQuestionComment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'SaveQuestionComment', ctx);
  const errors = validateQuestionComment(command.content);
  if (hasErrors(errors)) invalid(errors);
  const content = command.content.trim();
  const existing = state.comments[command.commentId];
  if (existing) {
    // A comment carries its author's name: only the author edits it. It stays on its question.
    if (existing.authorId !== ctx.actorId) throw new AssessmentAccessDenied(RULE_MESSAGES.notAuthorOfComment);
    if (existing.content === content) return [];
    return [
      assessmentEvent(AssessmentEvents.QuestionCommentSaved, {
        assessmentId: state.assessmentId,
        commentId: existing.commentId,
        questionCode: existing.questionCode,
        caregiverId: existing.caregiverId,
        content,
        authorId: existing.authorId,
      }),
    ];
  }
  questionFor(state, requireLibrary(ctx), command.questionCode, command.caregiverId);
  return [
    assessmentEvent(AssessmentEvents.QuestionCommentSaved, {
      assessmentId: state.assessmentId,
      commentId: command.commentId,
      questionCode: command.questionCode,
      caregiverId: command.caregiverId,
      content,
      authorId: ctx.actorId,
    }),
  ];
}

export function decideDeleteQuestionComment(state: AssessmentState, command: DeleteQuestionComment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'DeleteQuestionComment', ctx);
  const existing = state.comments[command.commentId];
  if (!existing) throw new NotFoundError(RULE_MESSAGES.commentNotFound);
  if (existing.authorId !== ctx.actorId) throw new AssessmentAccessDenied(RULE_MESSAGES.notAuthorOfComment);
  return [assessmentEvent(AssessmentEvents.QuestionCommentDeleted, { assessmentId: state.assessmentId, commentId: command.commentId })];
}

export function decideSaveNarrative(state: AssessmentState, command: SaveNarrative, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'SaveNarrative', ctx);
  const parsed = parseNarrative(command.narrative);
  if (!parsed.ok) invalid(parsed.errors);
  if (sameJson(parsed.value, state.narrative)) return [];
  return [assessmentEvent(AssessmentEvents.NarrativeSaved, { assessmentId: state.assessmentId, narrative: parsed.value })];
}

// ---------------------------------------------------------------------------------------------------------
// Transitions
// ---------------------------------------------------------------------------------------------------------

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
  return [assessmentEvent(AssessmentEvents.Returned, { assessmentId: state.assessmentId, returnedBy: ctx.actorId, reason: String(command.reason).trim() })];
}

export function decideCloseAssessment(state: AssessmentState, command: CloseAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'CloseAssessment', ctx);
  const errors = validateReason('close', command.reason);
  if (hasErrors(errors)) invalid(errors, errors.reason[0]);
  return [assessmentEvent(AssessmentEvents.Closed, { assessmentId: state.assessmentId, closedBy: ctx.actorId, reason: String(command.reason).trim() })];
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

// ---------------------------------------------------------------------------------------------------------
// Dispatch, sequences, available actions
// ---------------------------------------------------------------------------------------------------------

/** Decides any assessment command. */
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

/** Folds decided events into a state in memory (what the state will be once they are appended). */
export function applyDecided(state: AssessmentState, events: readonly AssessmentEvent[], ctx: Pick<AssessmentContext, 'actorId' | 'now'>): AssessmentState {
  const recordedAt = typeof ctx.now === 'string' ? ctx.now : ctx.now.toISOString();
  return events.reduce(
    (s, e) => evolveAssessment(s, { type: e.type, data: e.data, recordedAt, metadata: { userId: ctx.actorId } } satisfies FoldableEvent),
    state,
  );
}

/**
 * Decides several commands as one unit (one append): each sees the state left by the previous ones. The spec's
 * Complete "saves the child, then completes the case": [SaveChildInformation, CompleteAssessment].
 */
export function decideSequence(state: AssessmentState, commands: readonly AssessmentCommand[], ctx: AssessmentContext): AssessmentEvent[] {
  const all: AssessmentEvent[] = [];
  let current = state;
  for (const command of commands) {
    const events = decideAssessmentCommand(current, command, ctx);
    current = applyDecided(current, events, ctx);
    all.push(...events);
  }
  return all;
}

/** Commands the screens offer as buttons: those whose gate lets the actor through now (input is not judged). */
export const ACTION_COMMANDS = [
  'SaveChildInformation',
  'ChangeAssessmentType',
  'AddCaregiver',
  'RateItem',
  'SaveNarrative',
  'CompleteAssessment',
  'ApproveAssessment',
  'ReturnAssessment',
  'CloseAssessment',
  'DeleteAssessment',
  'IncludeInReports',
  'ExcludeFromReports',
  'ShareAssessment',
  'ReassignAssessment',
] as const satisfies readonly AssessmentCommandType[];

export type AssessmentAction = (typeof ACTION_COMMANDS)[number];

export function availableActions(state: AssessmentState, ctx: AssessmentContext): AssessmentAction[] {
  return ACTION_COMMANDS.filter((command) => {
    if (gateRefusal(state, command, ctx) !== null) return false;
    if (command === 'IncludeInReports') return !state.includedInReports;
    if (command === 'ExcludeFromReports') return state.includedInReports;
    return true;
  });
}

/** The spec's onlyView for this actor: nothing of the record or questionnaire can be changed by them. */
export function isViewOnlyFor(state: AssessmentState, ctx: AssessmentContext): boolean {
  return gateRefusal(state, 'SaveChildInformation', ctx) !== null && gateRefusal(state, 'RateItem', ctx) !== null;
}
