/** Decisions about the child record and its caregivers: start, save the child, change the type, caregivers, family binding. */
import { NotFoundError } from '../domain-errors';
import type { AssessmentState } from './assessment.aggregate';
import { AssessmentAccessDenied } from './assessment.commands';
import type {
  AddCaregiver,
  AssessmentContext,
  BindFamilyCaregivers,
  ChangeAssessmentType,
  EditCaregiver,
  RemoveCaregiver,
  SaveChildInformation,
  StartAssessment,
} from './assessment.commands';
import { AssessmentEvent, AssessmentEvents, assessmentEvent } from './assessment.events';
import {
  childFormOptions,
  conflict,
  invalid,
  passGate,
  refuseCaregiversWithoutRelationship,
  requireLibrary,
  sameJson,
} from './assessment.gate';
import { CATALOGUE, FIELD_MESSAGES, RULE_MESSAGES } from './assessment.messages';
import { Caregiver, CaregiverDetails, DEFAULT_ASSESSMENT_TYPES, MAX_LENGTH } from './assessment.values';
import { CaregiverInput, childFieldLabel, parseCaregiverDetails, parseChildInformation } from './child-information.validation';

export function decideStartAssessment(state: AssessmentState, command: StartAssessment, ctx: AssessmentContext): AssessmentEvent[] {
  if (state.exists) conflict(RULE_MESSAGES.alreadyExists);
  if (!ctx.privileges.includes('Assessment_New'))
    throw new AssessmentAccessDenied(RULE_MESSAGES.needsPrivilege(['Assessment_New']), ['Assessment_New']);
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

export function decideSaveChildInformation(
  state: AssessmentState,
  command: SaveChildInformation,
  ctx: AssessmentContext,
): AssessmentEvent[] {
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
    if (state.status === 'approved')
      conflict(RULE_MESSAGES.typeLockedWhenApproved, { assessmentType: [RULE_MESSAGES.typeLockedWhenApproved] });
    events.push(
      assessmentEvent(AssessmentEvents.TypeChanged, { assessmentId: state.assessmentId, from: state.assessmentType, to: assessmentType }),
    );
  }
  return events;
}

export function decideChangeAssessmentType(
  state: AssessmentState,
  command: ChangeAssessmentType,
  ctx: AssessmentContext,
): AssessmentEvent[] {
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
  return [
    assessmentEvent(AssessmentEvents.CaregiverAdded, {
      assessmentId: state.assessmentId,
      caregiver: { caregiverId: command.caregiverId, ...details },
    }),
  ];
}

export function decideEditCaregiver(state: AssessmentState, command: EditCaregiver, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'EditCaregiver', ctx);
  refuseWithoutSavedChild(state);
  const existing = state.caregivers.find((c) => c.caregiverId === command.caregiverId);
  if (!existing) throw new NotFoundError(RULE_MESSAGES.caregiverNotFound);
  const details = parseCaregiverOrRefuse(command.details);
  if (sameJson(details, stripId(existing))) return [];
  return [
    assessmentEvent(AssessmentEvents.CaregiverEdited, { assessmentId: state.assessmentId, caregiverId: command.caregiverId, details }),
  ];
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

export function decideBindFamilyCaregivers(
  state: AssessmentState,
  command: BindFamilyCaregivers,
  ctx: AssessmentContext,
): AssessmentEvent[] {
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
