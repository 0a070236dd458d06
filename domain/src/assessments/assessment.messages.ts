/**
 * Every message of the assessment area. The texts quoted in spec 000 §5/§8 are kept verbatim (including the
 * catalogue's spelling "requreid"); where the spec gives only a catalogue key, the key is named and the wording is
 * ours. Field labels come from the label configuration when the caller passes it (spec 002 "Child Info Label
 * Configuration"), so messages name fields the way the deployment's form does.
 */
import { ACCEPTED_DATE_RANGE } from '../input-rules/accepted-dates';

/** Catalogue texts quoted by spec 000 §8. */
export const CATALOGUE = {
  /** key child_no_approved */
  childNotApproved: "There is currently an assessment which hasn't been approved for this Client ID. Do you want to edit this assessment?",
  caseCannotBeCompleted: 'This case cannot be completed until all its domains and narrative are completed.',
  /** keys caregiver_relationship_tip, caregiver_message_relationship_required */
  caregiverRelationshipRequired: 'Please add the caregiver relationship for the current child or you can remove unwanted caregivers.',
  /** key caregiver_bind_familyId */
  caregiverBindFamilyId:
    'There is currently some caregivers for this FAMILY ID. Do you want to save this FAMILY ID and load caregivers for the Child?',
  saveChildFirst: 'Please save child information.',
  uploadTooLarge: 'Please do not upload files larger than 1M in size.',
  caregiverDomainOnlyForTransitionHome:
    'The caregiver needs and resources domain is only relevant for children with a plan to transition home.',
  commentRequired: 'Comment is requreid.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  relationshipRequired: 'Relationship to Child is required.',
  /** Spec 001 §8, the assessment-area wording of the comparison warning (used by reports). */
  comparisonTooFewCases:
    'Unable to generate a comparison report due to there being fewer than 10 cases which meet report criteria. Please try again using different criteria.',
} as const;

/** Catalogue keys whose wording the spec does not show: our wording. */
export const KEYED_MESSAGES = {
  assessment_return_reason_required: 'A reason is required to return the assessment.',
  assessment_close_reason_required: 'A reason is required to close the assessment.',
  assessment_delete_confrim_alert: 'Are you sure you want to delete this assessment?',
} as const;

/** Success messages (spec 000 §8 "Caregiver was saved or deleted successfully; Assessment was completed, …"). */
export const SUCCESS_MESSAGES = {
  child_save_success: 'Assessment was saved successfully.',
  caregiver_save_success: 'Caregiver was saved successfully.',
  caregiver_delete_success: 'Caregiver was deleted successfully.',
  assessment_complete_success: 'Assessment was completed successfully.',
  assessment_approve_success: 'Assessment was approved successfully.',
  assessment_flag_success: 'Assessment was flagged successfully.',
  assessment_reassign_success: 'Assessment was reassigned successfully.',
  assessment_return_success: 'Assessment was returned successfully.',
  assessment_close_success: 'Assessment was closed successfully.',
  assessment_delete_success: 'Assessment was deleted successfully.',
} as const;

/** Field validation messages (our wording; the spec says only "catalogue strings whose wording is not shown"). */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  maxLength: (label: string, max: number) => `${label} cannot be longer than ${max} characters.`,
  invalidDate: (label: string) => `${label} must be a valid date (yyyy-MM-dd).`,
  dateOutOfRange: (label: string) => `${label} must be a date ${ACCEPTED_DATE_RANGE}.`,
  notInFuture: (label: string) => `${label} cannot be in the future.`,
  mustBeLaterThan: (label: string, other: string) => `${label} must be later than the ${other}.`,
  mustBeEarlierThan: (label: string, other: string) => `${label} must be earlier than the ${other}.`,
  wholeNumberMin0: (label: string) => `${label} must be a whole number of 0 or more.`,
  digitsOnly: (label: string) => `${label} must contain only digits.`,
  digitCount: (label: string, min: number, max: number) =>
    min === max ? `${label} must contain ${min} digits.` : `${label} must contain ${min} or ${max} digits.`,
  wholeNumberOfDays: (label: string) => `${label} must be a whole number of days.`,
  chooseFromList: (label: string) => `${label} must be chosen from the list.`,
  lookedAfterChildYesNo: (label: string) => `${label} must be Y or N.`,
  relationshipNotInList: 'Choose a relationship and a role from the list.',
} as const;

/** Refusals of commands (state, access and input rules). */
export const RULE_MESSAGES = {
  notFound: 'The assessment does not exist.',
  alreadyExists: 'The assessment already exists.',
  caregiverNotFound: 'The caregiver does not exist.',
  commentNotFound: 'The comment does not exist.',
  illegalTransition: (statusLabel: string, action: string) => `An assessment that is ${statusLabel} cannot be ${action}.`,
  needsPrivilege: (privileges: readonly string[]) => `You do not have permission to do this (needs ${privileges.join(' or ')}).`,
  viewOnly: 'This assessment is view only for you.',
  notOwnCase: (action: string) => `Only an assessment of your own caseload can be ${action}.`,
  oldData: (action: string) => `A later assessment of this child exists, so this one can no longer be ${action}.`,
  typeLockedWhenApproved: 'The assessment type cannot be changed once the assessment is approved.',
  unknownQuestion: (code: string) => `Question ${code} is not part of this assessment's library version.`,
  caregiverRequiredForItem: 'Choose the caregiver this rating is for.',
  childItemHasNoCaregiver: 'This question is rated for the child, not for a caregiver.',
  notAuthorOfComment: 'Only the author of a comment can change or delete it.',
  notSiblingUser: (userId: string) => `User ${userId} is not one of the users you can share or reassign assessments to.`,
  alreadyAssignedTo: 'The assessment is already assigned to this user.',
  reassignNeedsOwnerOrUserActions: 'Only the case worker of the assessment or a user administrator can reassign it.',
  ownerOnly: (statusLabel: string, action: string) => `An assessment that is ${statusLabel} can be ${action} only by its case worker.`,
  familyHasNoCaregivers: 'There are no caregivers to load for this Family ID.',
  incompleteDomain: (name: string, percentage: number) => `${name}: ${percentage}% Completed`,
  caregiverWithoutRelationship: (name: string) => `${name} has no relationship to the child.`,
} as const;
