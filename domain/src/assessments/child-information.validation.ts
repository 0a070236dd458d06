/**
 * Field rules of the child record (spec 000 §3 lengths, §5 "Validation rules", §8 messages); caregivers are in
 * caregiver.validation.ts, comments, reasons and the narrative in narrative.validation.ts (re-exported here). Every function returns field → messages (empty object = valid), the shape a
 * 400 answer carries, and the parse functions also return the normalised value to store.
 *
 * Normalisation: text is trimmed and empty optional text becomes null; dates become 'yyyy-MM-dd'; choosing a
 * Looked after Child value other than Y clears the Looked after Status (spec "Choosing lac other than Y clears
 * las").
 */
import type { FieldErrors } from '../domain-errors';
import { isAcceptedCalendarDate } from '../input-rules/accepted-dates';
import { hasControlCharacter, personNameControlCharacterMessage } from '../input-rules/person-names';
import { FIELD_MESSAGES } from './assessment.messages';
import {
  ASSESSMENT_SCOPES,
  AssessmentScope,
  ChildInformation,
  DEFAULT_ASSESSMENT_TYPES,
  DEFAULT_LOOKED_AFTER_STATUSES,
  GenderCode,
  INVOLVEMENT_OPTIONS,
  Involvement,
  MAX_LENGTH,
  MEDICAID_NUMBER_LENGTH,
  OptionItem,
  isGenderCode,
} from './assessment.values';
import { ParseResult, add, dateOf, isMissing, textOf, wholeNumberOf } from './field-readers';

export type { ParseResult } from './field-readers';
export * from './caregiver.validation';
export * from './narrative.validation';

// ---------------------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------------------

/** What the child form sends: the child record plus the assessment type (spec initialized). */
export interface ChildInformationInput {
  cin?: unknown;
  familyId?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  gender?: unknown;
  raceEthnicity?: unknown;
  primaryLanguage?: unknown;
  medicaidNumber?: unknown;
  age?: unknown;
  dateOfBirth?: unknown;
  address?: unknown;
  city?: unknown;
  zip?: unknown;
  county?: unknown;
  dateOfAssessment?: unknown;
  caseOpeningDate?: unknown;
  assessmentType?: unknown;
  assessorPhoneNumber?: unknown;
  daysToNextAssessment?: unknown;
  lookedAfterChild?: unknown;
  lookedAfterStatus?: unknown;
  involvement?: unknown;
  assessmentScope?: unknown;
  recommendationsNote?: unknown;
}

export type ChildField = keyof ChildInformationInput;

/** Label configuration field names of spec 000 §3 / 002 §3, per child field. */
export const CHILD_FIELD_LABEL_KEYS: Partial<Record<ChildField, string>> = {
  cin: 'LocalAuthority',
  firstName: 'Name',
  age: 'Age',
  medicaidNumber: 'UniqueID',
  gender: 'GENDER',
  raceEthnicity: 'RACEETHNICITY',
  address: 'ADDRESS',
  city: 'CITY',
  zip: 'ZIP',
  county: 'COUNTY',
  dateOfAssessment: 'DateOfAssessment',
  caseOpeningDate: 'ASSESSMENTOPENINGDATE',
  assessmentType: 'INITIALIZED',
  assessorPhoneNumber: 'PHONENUMBER',
  daysToNextAssessment: 'DAYSOFNEXTASSESSMENT',
};

/** Display names when the deployment has not renamed a field. */
export const DEFAULT_CHILD_FIELD_LABELS: Readonly<Record<ChildField, string>> = {
  cin: 'PID',
  familyId: 'Family ID',
  firstName: 'First Name',
  lastName: 'Last Name',
  gender: 'Gender',
  raceEthnicity: 'Race/Ethnicity',
  primaryLanguage: 'Primary Language',
  medicaidNumber: 'Unique ID',
  age: 'Age',
  dateOfBirth: 'Date of Birth',
  address: 'Address',
  city: 'City',
  zip: 'Zip',
  county: 'County',
  dateOfAssessment: 'Date of Assessment',
  caseOpeningDate: 'Removal Date',
  assessmentType: 'Assessment Type',
  assessorPhoneNumber: 'Phone Number',
  daysToNextAssessment: 'Days of Next Assessment',
  lookedAfterChild: 'Looked after Child',
  lookedAfterStatus: 'Looked after Status',
  involvement: 'Involvement',
  assessmentScope: 'Assessment Scope',
  recommendationsNote: 'Recommendations',
};

/** A label configuration entry (spec "Label config entry": fieldName, displayName, status 0 hides). */
export interface LabelConfigEntry {
  readonly fieldName: string;
  readonly displayName: string;
  readonly status: number;
}

/** Required fields (spec 000 §5 "Child required: …, initialized, and date of birth"). */
export const REQUIRED_CHILD_FIELDS: readonly ChildField[] = [
  'cin',
  'firstName',
  'lastName',
  'gender',
  'raceEthnicity',
  'medicaidNumber',
  'age',
  'dateOfAssessment',
  'caseOpeningDate',
  'assessmentType',
  'dateOfBirth',
];

export interface ChildValidationOptions {
  /** The request time; today's date is its UTC date unless `today` is given. */
  readonly now: Date | string;
  /** Today's date in the deployment's time zone ('yyyy-MM-dd'); dates after it are "in the future". */
  readonly today?: string;
  /** Label configuration: renamed fields are named so in messages; a hidden field (status 0) is not required. */
  readonly labels?: readonly LabelConfigEntry[];
  /** The current "Initialized" option list; default the spec's 62/63/64. */
  readonly assessmentTypes?: readonly OptionItem[];
  /** The current "Foster Care Status" option list; default the spec's four legal statuses. */
  readonly lookedAfterStatuses?: readonly OptionItem[];
  /** The deployment's race/ethnicity and language options (not in the spec); when given, values must be one of them. */
  readonly raceEthnicityOptions?: readonly string[];
  readonly primaryLanguageOptions?: readonly string[];
}

export function childFieldLabel(field: ChildField, labels?: readonly LabelConfigEntry[]): string {
  const key = CHILD_FIELD_LABEL_KEYS[field];
  const configured = key === undefined ? undefined : labels?.find((l) => l.fieldName === key)?.displayName?.trim();
  return configured || DEFAULT_CHILD_FIELD_LABELS[field];
}

function fieldHidden(field: ChildField, labels?: readonly LabelConfigEntry[]): boolean {
  const key = CHILD_FIELD_LABEL_KEYS[field];
  return key !== undefined && labels?.some((l) => l.fieldName === key && l.status === 0) === true;
}

/** Today's calendar date as 'yyyy-MM-dd'. */
export function todayOf(options: Pick<ChildValidationOptions, 'now' | 'today'>): string {
  if (options.today !== undefined) {
    const today = dateOf(options.today);
    if (today === undefined) throw new RangeError(`today must be yyyy-MM-dd, got ${options.today}`);
    return today;
  }
  const now = typeof options.now === 'string' ? new Date(options.now) : options.now;
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');
  return now.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// Child information
// ---------------------------------------------------------------------------------------------------------

export interface ParsedChildInformation {
  readonly child: ChildInformation;
  readonly assessmentType: string;
}

/** Validates and normalises the child form. */
export function parseChildInformation(input: ChildInformationInput, options: ChildValidationOptions): ParseResult<ParsedChildInformation> {
  const errors: FieldErrors = {};
  const labels = options.labels;
  const label = (field: ChildField) => childFieldLabel(field, labels);
  const today = todayOf(options);

  for (const field of REQUIRED_CHILD_FIELDS) {
    if (isMissing(input[field]) && !fieldHidden(field, labels)) add(errors, field, FIELD_MESSAGES.required(label(field)));
  }

  const text = (field: ChildField, max: number = MAX_LENGTH.text): string | null => {
    const value = textOf(input[field]);
    if (value !== null && value.length > max) add(errors, field, FIELD_MESSAGES.maxLength(label(field), max));
    return value;
  };

  const cin = text('cin');
  const familyId = text('familyId');
  const firstName = text('firstName');
  const lastName = text('lastName');
  for (const [field, value] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const) {
    if (value !== null && hasControlCharacter(value)) add(errors, field, personNameControlCharacterMessage(label(field)));
  }
  const raceEthnicity = text('raceEthnicity');
  const primaryLanguage = text('primaryLanguage');
  const address = text('address');
  const city = text('city');
  const zip = text('zip');
  const county = text('county');
  const assessorPhoneNumber = text('assessorPhoneNumber');
  const recommendationsNote = text('recommendationsNote', MAX_LENGTH.longText);

  if (raceEthnicity !== null && options.raceEthnicityOptions && !options.raceEthnicityOptions.includes(raceEthnicity)) {
    add(errors, 'raceEthnicity', FIELD_MESSAGES.chooseFromList(label('raceEthnicity')));
  }
  if (primaryLanguage !== null && options.primaryLanguageOptions && !options.primaryLanguageOptions.includes(primaryLanguage)) {
    add(errors, 'primaryLanguage', FIELD_MESSAGES.chooseFromList(label('primaryLanguage')));
  }

  const genderText = textOf(input.gender);
  if (genderText !== null && !isGenderCode(genderText)) add(errors, 'gender', FIELD_MESSAGES.chooseFromList(label('gender')));

  // Medicaid number ("Unique ID"): digits only, 9 or 10 of them (see MEDICAID_NUMBER_LENGTH for the two readings).
  const medicaidNumber = textOf(input.medicaidNumber);
  if (medicaidNumber !== null) {
    const l = label('medicaidNumber');
    if (medicaidNumber.length > MEDICAID_NUMBER_LENGTH.max)
      add(errors, 'medicaidNumber', FIELD_MESSAGES.maxLength(l, MEDICAID_NUMBER_LENGTH.max));
    if (!/^\d+$/.test(medicaidNumber)) add(errors, 'medicaidNumber', FIELD_MESSAGES.digitsOnly(l));
    else if (medicaidNumber.length < MEDICAID_NUMBER_LENGTH.min) {
      add(errors, 'medicaidNumber', FIELD_MESSAGES.digitCount(l, MEDICAID_NUMBER_LENGTH.min, MEDICAID_NUMBER_LENGTH.max));
    }
  }

  // Age: "numeric, minimum 0".
  const age = wholeNumberOf(input.age);
  if (!isMissing(input.age) && (age === undefined || age < 0)) add(errors, 'age', FIELD_MESSAGES.wholeNumberMin0(label('age')));

  // Dates: valid, not in the future, date of assessment later than date of birth (both fields say so).
  const date = (field: 'dateOfBirth' | 'dateOfAssessment' | 'caseOpeningDate'): string | null => {
    if (isMissing(input[field])) return null;
    const value = dateOf(input[field]);
    if (value === undefined) {
      add(errors, field, FIELD_MESSAGES.invalidDate(label(field)));
      return null;
    }
    if (!isAcceptedCalendarDate(value)) {
      add(errors, field, FIELD_MESSAGES.dateOutOfRange(label(field)));
      return null;
    }
    if (value > today) add(errors, field, FIELD_MESSAGES.notInFuture(label(field)));
    return value;
  };
  const dateOfBirth = date('dateOfBirth');
  const dateOfAssessment = date('dateOfAssessment');
  const caseOpeningDate = date('caseOpeningDate');
  if (dateOfBirth !== null && dateOfAssessment !== null && dateOfAssessment <= dateOfBirth) {
    add(errors, 'dateOfAssessment', FIELD_MESSAGES.mustBeLaterThan(label('dateOfAssessment'), label('dateOfBirth')));
    add(errors, 'dateOfBirth', FIELD_MESSAGES.mustBeEarlierThan(label('dateOfBirth'), label('dateOfAssessment')));
  }

  const assessmentType = textOf(input.assessmentType);
  const types = options.assessmentTypes ?? DEFAULT_ASSESSMENT_TYPES;
  if (assessmentType !== null && !types.some((t) => t.id === assessmentType)) {
    add(errors, 'assessmentType', FIELD_MESSAGES.chooseFromList(label('assessmentType')));
  }

  // Days of next assessment: at most 9 characters, and a whole number of days (the reminders count with it).
  let daysToNextAssessment: number | null = null;
  const daysText = textOf(input.daysToNextAssessment);
  if (daysText !== null) {
    const l = label('daysToNextAssessment');
    if (daysText.length > MAX_LENGTH.daysToNextAssessment)
      add(errors, 'daysToNextAssessment', FIELD_MESSAGES.maxLength(l, MAX_LENGTH.daysToNextAssessment));
    if (!/^\d+$/.test(daysText)) add(errors, 'daysToNextAssessment', FIELD_MESSAGES.wholeNumberOfDays(l));
    else daysToNextAssessment = Number(daysText);
  }

  const lacText = textOf(input.lookedAfterChild);
  if (lacText !== null && lacText !== 'Y' && lacText !== 'N') {
    add(errors, 'lookedAfterChild', FIELD_MESSAGES.lookedAfterChildYesNo(label('lookedAfterChild')));
  }
  const lookedAfterChild = lacText === 'Y' || lacText === 'N' ? lacText : null;
  let lookedAfterStatus: string | null = null;
  if (lookedAfterChild === 'Y') {
    lookedAfterStatus = textOf(input.lookedAfterStatus);
    const statuses = options.lookedAfterStatuses ?? DEFAULT_LOOKED_AFTER_STATUSES;
    if (lookedAfterStatus !== null && !statuses.some((s) => s.id === lookedAfterStatus)) {
      add(errors, 'lookedAfterStatus', FIELD_MESSAGES.chooseFromList(label('lookedAfterStatus')));
    }
  }

  const involvement = textOf(input.involvement);
  if (involvement !== null && !(INVOLVEMENT_OPTIONS as readonly string[]).includes(involvement)) {
    add(errors, 'involvement', FIELD_MESSAGES.chooseFromList(label('involvement')));
  }
  const assessmentScope = textOf(input.assessmentScope);
  if (assessmentScope !== null && !(ASSESSMENT_SCOPES as readonly string[]).includes(assessmentScope)) {
    add(errors, 'assessmentScope', FIELD_MESSAGES.chooseFromList(label('assessmentScope')));
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    errors,
    value: {
      assessmentType: assessmentType ?? '',
      child: {
        cin: cin ?? '',
        familyId,
        firstName: firstName ?? '',
        lastName: lastName ?? '',
        gender: (genderText ?? '') as GenderCode,
        raceEthnicity: raceEthnicity ?? '',
        primaryLanguage,
        medicaidNumber: medicaidNumber ?? '',
        age: age ?? 0,
        dateOfBirth: dateOfBirth ?? '',
        address,
        city,
        zip,
        county,
        dateOfAssessment: dateOfAssessment ?? '',
        caseOpeningDate: caseOpeningDate ?? '',
        assessorPhoneNumber,
        daysToNextAssessment,
        lookedAfterChild,
        lookedAfterStatus,
        involvement: involvement as Involvement | null,
        assessmentScope: assessmentScope as AssessmentScope | null,
        recommendationsNote,
      },
    },
  };
}

export function validateChildInformation(input: ChildInformationInput, options: ChildValidationOptions): FieldErrors {
  return parseChildInformation(input, options).errors;
}
