/** Field rules of the Add/Edit Caregiver dialog (spec 000 §5: first name, last name and relationship are required). */
import type { FieldErrors } from '../domain-errors';
import { hasControlCharacter, personNameControlCharacterMessage } from '../input-rules/person-names';
import { CATALOGUE, FIELD_MESSAGES } from './assessment.messages';
import { CaregiverDetails, CaregiverRelationship, MAX_LENGTH, isCaregiverRelationship, isGenderCode } from './assessment.values';
import { ParseResult, add, isBlank, textOf } from './field-readers';

export interface CaregiverInput {
  firstName?: unknown;
  lastName?: unknown;
  relationship?: unknown;
  gender?: unknown;
  phone?: unknown;
  address?: unknown;
  city?: unknown;
  zip?: unknown;
  county?: unknown;
  cin?: unknown;
}

const CAREGIVER_LABELS: Readonly<Record<keyof CaregiverInput, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  relationship: 'Relationship to Child',
  gender: 'Gender',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  zip: 'Zip',
  county: 'County',
  cin: 'PID',
};

/** Validates the Add/Edit Caregiver dialog (spec: first name, last name and relationship are required). */
export function parseCaregiverDetails(input: CaregiverInput): ParseResult<CaregiverDetails> {
  const errors: FieldErrors = {};
  const text = (field: Exclude<keyof CaregiverInput, 'relationship' | 'gender'>): string | null => {
    const value = textOf(input[field]);
    if (value !== null && value.length > MAX_LENGTH.text)
      add(errors, field, FIELD_MESSAGES.maxLength(CAREGIVER_LABELS[field], MAX_LENGTH.text));
    return value;
  };
  const firstName = text('firstName');
  const lastName = text('lastName');
  if (firstName === null) add(errors, 'firstName', CATALOGUE.firstNameRequired);
  if (lastName === null) add(errors, 'lastName', CATALOGUE.lastNameRequired);
  for (const field of ['firstName', 'lastName'] as const) {
    const name = field === 'firstName' ? firstName : lastName;
    if (name !== null && hasControlCharacter(name)) add(errors, field, personNameControlCharacterMessage(CAREGIVER_LABELS[field]));
  }

  let relationship: CaregiverRelationship | null = null;
  const raw = input.relationship as { group?: unknown; role?: unknown } | null | undefined;
  if (raw === null || raw === undefined || typeof raw !== 'object' || (isBlank(raw.group) && isBlank(raw.role))) {
    add(errors, 'relationship', CATALOGUE.relationshipRequired);
  } else {
    const candidate = { group: textOf(raw.group), role: textOf(raw.role) };
    if (isCaregiverRelationship(candidate)) relationship = candidate;
    else add(errors, 'relationship', FIELD_MESSAGES.relationshipNotInList);
  }

  const genderText = textOf(input.gender);
  if (genderText !== null && !isGenderCode(genderText)) add(errors, 'gender', FIELD_MESSAGES.chooseFromList(CAREGIVER_LABELS.gender));

  const details: CaregiverDetails = {
    firstName: firstName ?? '',
    lastName: lastName ?? '',
    relationship,
    gender: genderText !== null && isGenderCode(genderText) ? genderText : null,
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    zip: text('zip'),
    county: text('county'),
    cin: text('cin'),
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: details, errors };
}

export function validateCaregiver(input: CaregiverInput): FieldErrors {
  return parseCaregiverDetails(input).errors;
}

/** A ten-digit phone is shown as xxx-xxx-xxxx (spec "a ten-digit phone is displayed with dashes on view"). */
export function formatPhoneForDisplay(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  return /^\d{10}$/.test(phone.trim()) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}
