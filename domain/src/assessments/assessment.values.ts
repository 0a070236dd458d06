/**
 * Value types and business constants of an assessment (spec 000 §3 "Entities and their fields", §9 "Business
 * constants and limits"). Field names are our own clean names; where they differ from the spec's wire names the
 * comment gives the spec name, so the mapping stays traceable.
 */

// ---------------------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------------------

/** Assessment statuses (spec 000 §4: i Incomplete, r Returned, c Pending Approval, a Approved, e Closed, d Deleted). */
export type AssessmentStatus = 'incomplete' | 'returned' | 'pendingApproval' | 'approved' | 'closed' | 'deleted';

export const ASSESSMENT_STATUSES: readonly AssessmentStatus[] = [
  'incomplete',
  'returned',
  'pendingApproval',
  'approved',
  'closed',
  'deleted',
];

/** The spec's one-letter status codes (list filters and dashboard links use them). */
export const ASSESSMENT_STATUS_CODES: Readonly<Record<AssessmentStatus, 'i' | 'r' | 'c' | 'a' | 'e' | 'd'>> = {
  incomplete: 'i',
  returned: 'r',
  pendingApproval: 'c',
  approved: 'a',
  closed: 'e',
  deleted: 'd',
};

export const ASSESSMENT_STATUS_LABELS: Readonly<Record<AssessmentStatus, string>> = {
  incomplete: 'Incomplete',
  returned: 'Returned',
  pendingApproval: 'Pending Approval',
  approved: 'Approved',
  closed: 'Closed',
  deleted: 'Deleted',
};

export function statusFromCode(code: string): AssessmentStatus | undefined {
  return ASSESSMENT_STATUSES.find((status) => ASSESSMENT_STATUS_CODES[status] === code);
}

// ---------------------------------------------------------------------------------------------------------
// Option lists
// ---------------------------------------------------------------------------------------------------------

/** An item of an administrator-editable option value list (spec 002 "Option value lists": id and name). */
export interface OptionItem {
  readonly id: string;
  readonly name: string;
}

/**
 * Assessment types (spec 000 §9: "62 Initial Assessment, 63 Re-assessment, 64 Closing Assessment"). They are the
 * default content of the option list "Initialized"; a deployment may edit the list, so validation takes the
 * current list when the caller has it.
 */
export const DEFAULT_ASSESSMENT_TYPES: readonly OptionItem[] = [
  { id: '62', name: 'Initial Assessment' },
  { id: '63', name: 'Re-assessment' },
  { id: '64', name: 'Closing Assessment' },
];

/**
 * Looked-after (legal) statuses (spec 000 §9 "Legal status options: Section 20, Section 31, Emergency protection
 * order, DoLO"), the default content of the option list "Foster Care Status". The spec gives no ids, so the
 * default items use their names as ids.
 */
export const DEFAULT_LOOKED_AFTER_STATUSES: readonly OptionItem[] = [
  { id: 'Section 20', name: 'Section 20' },
  { id: 'Section 31', name: 'Section 31' },
  { id: 'Emergency protection order', name: 'Emergency protection order' },
  { id: 'DoLO', name: 'DoLO' },
];

/** Gender codes (spec 000 §9 "Gender options M, F, G, N, O"). */
export type GenderCode = 'M' | 'F' | 'G' | 'N' | 'O';
export const GENDERS: Readonly<Record<GenderCode, string>> = {
  M: 'Male',
  F: 'Female',
  G: 'Gender Fluid',
  N: 'Non-binary Gender',
  O: 'Other',
};
export const isGenderCode = (value: unknown): value is GenderCode => typeof value === 'string' && value in GENDERS;

/** Looked after Child (spec lac): "Looked-after options N and Y". */
export type LookedAfterChild = 'Y' | 'N';

/** Involvement options (spec 000 §9). */
export const INVOLVEMENT_OPTIONS = ['Looking to transition home', 'In the care of biological parents', 'Others'] as const;
export type Involvement = (typeof INVOLVEMENT_OPTIONS)[number];

/** Assessment scope (spec 000 §9 "Child assessment only, or Child and parent assessment"). */
export const ASSESSMENT_SCOPES = ['Child assessment only', 'Child and parent assessment'] as const;
export type AssessmentScope = (typeof ASSESSMENT_SCOPES)[number];

/**
 * Caregiver relationship tree (spec 000 §9 "Caregiver relationship tree with two groups, Parent/Guardian and
 * Substitute Caregiver"; the caregiver's roleRelation is a "two-level pick of relationship then role"). The spec
 * names the two groups but not their roles; the roles below are our choice, in the product's UK vocabulary
 * (looked-after children, carers), each group ending with an "Other" role so every situation can be recorded.
 */
export const CAREGIVER_RELATIONSHIPS = {
  'Parent/Guardian': ['Mother', 'Father', 'Step-parent', 'Adoptive Parent', 'Legal Guardian', 'Special Guardian', 'Other Parent/Guardian'],
  'Substitute Caregiver': ['Foster Carer', 'Kinship Carer', 'Residential Care Worker', 'Other Substitute Caregiver'],
} as const satisfies Record<string, readonly string[]>;

export type CaregiverRelationshipGroup = keyof typeof CAREGIVER_RELATIONSHIPS;
export const CAREGIVER_RELATIONSHIP_GROUPS = Object.keys(CAREGIVER_RELATIONSHIPS) as CaregiverRelationshipGroup[];

/** A caregiver's relationship to the child: the group (spec relationship) and the role (spec otherRole). */
export interface CaregiverRelationship {
  readonly group: CaregiverRelationshipGroup;
  readonly role: string;
}

export function isCaregiverRelationship(value: unknown): value is CaregiverRelationship {
  if (typeof value !== 'object' || value === null) return false;
  const { group, role } = value as { group?: unknown; role?: unknown };
  if (typeof group !== 'string' || !(group in CAREGIVER_RELATIONSHIPS)) return false;
  return (CAREGIVER_RELATIONSHIPS[group as CaregiverRelationshipGroup] as readonly string[]).includes(role as string);
}

// ---------------------------------------------------------------------------------------------------------
// Child information
// ---------------------------------------------------------------------------------------------------------

/**
 * The child's record on an assessment (spec 000 §3 "Child / assessment info"), after validation and
 * normalisation (trimmed; empty optional text is null; dates are 'yyyy-MM-dd').
 *
 * Not here, because they are facts of the assessment rather than of the child's record: the assessment type
 * (spec initialized: AssessmentStarted / AssessmentTypeChanged), status, agency (ownership), displayFlag (report
 * inclusion) and latestApprovedChildId (AssessmentStarted.previousAssessmentId).
 */
export interface ChildInformation {
  /** PID, the local-authority identifier of the child (spec cin), max 50. */
  readonly cin: string;
  /** Family identifier binding siblings' caregivers (spec familyId), max 50. */
  readonly familyId: string | null;
  /** First name (spec fullName, "first name"), max 50. */
  readonly firstName: string;
  /** Last name (spec lastName), max 50. */
  readonly lastName: string;
  readonly gender: GenderCode;
  /** One of the deployment's 18 race/ethnicity options (the list is not in the spec), max 50. */
  readonly raceEthnicity: string;
  /** One of the deployment's 10 language options including Other (the list is not in the spec), max 50. */
  readonly primaryLanguage: string | null;
  /** Labelled "Unique ID" (spec medicaidNumber): digits, see MEDICAID_NUMBER_LENGTH. */
  readonly medicaidNumber: string;
  /** Age in whole years as entered (spec age); the questionnaire uses the age at the date of assessment. */
  readonly age: number;
  /** Date of birth (spec dob), 'yyyy-MM-dd'. */
  readonly dateOfBirth: string;
  readonly address: string | null;
  readonly city: string | null;
  readonly zip: string | null;
  readonly county: string | null;
  /** 'yyyy-MM-dd'. */
  readonly dateOfAssessment: string;
  /** Labelled "Removal Date" (spec caseOpeningDate), 'yyyy-MM-dd'. */
  readonly caseOpeningDate: string;
  /** The assessor's phone (spec phoneNumber), max 50. */
  readonly assessorPhoneNumber: string | null;
  /** Days until the next assessment is due (spec daysNextCase, at most 9 characters). */
  readonly daysToNextAssessment: number | null;
  /** Looked after Child (spec lac). */
  readonly lookedAfterChild: LookedAfterChild | null;
  /** Looked after Status (spec las): an id of the "Foster Care Status" list; only when lookedAfterChild is Y. */
  readonly lookedAfterStatus: string | null;
  readonly involvement: Involvement | null;
  readonly assessmentScope: AssessmentScope | null;
  /** Free-text recommendations box of the child record (spec thirdBox). */
  readonly recommendationsNote: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// Caregivers
// ---------------------------------------------------------------------------------------------------------

/** What a user enters for a caregiver (spec 000 §3 "Caregiver"). */
export interface CaregiverDetails {
  readonly firstName: string;
  readonly lastName: string;
  /**
   * Null only for caregivers loaded from the family (their relationship to THIS child is unknown until a user
   * sets it: spec "Please add the caregiver relationship for the current child …").
   */
  readonly relationship: CaregiverRelationship | null;
  readonly gender: GenderCode | null;
  readonly phone: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly zip: string | null;
  readonly county: string | null;
  /** The caregiver's own PID, when known (spec caregiver cin). */
  readonly cin: string | null;
}

export interface Caregiver extends CaregiverDetails {
  readonly caregiverId: string;
}

// ---------------------------------------------------------------------------------------------------------
// Narrative, comments, ratings
// ---------------------------------------------------------------------------------------------------------

/** The narrative of an assessment (spec 000 §3 "Narrative"). */
export interface Narrative {
  readonly impressions: string;
  readonly needs: string;
  readonly targets: string;
  readonly outcomes: string;
  readonly plan: string;
  readonly recommendations: string;
}

export const NARRATIVE_FIELDS: readonly (keyof Narrative)[] = ['impressions', 'needs', 'targets', 'outcomes', 'plan', 'recommendations'];

export const NARRATIVE_LABELS: Readonly<Record<keyof Narrative, string>> = {
  impressions: 'Impressions',
  needs: 'Needs',
  targets: 'Targets',
  outcomes: 'Outcomes',
  plan: 'Plan',
  recommendations: 'Recommendations',
};

export const EMPTY_NARRATIVE: Narrative = { impressions: '', needs: '', targets: '', outcomes: '', plan: '', recommendations: '' };

/** The library version an assessment was started on; its questions and rules stay those of this version. */
export interface LibraryVersionRef {
  readonly instrumentCode: string;
  readonly version: string;
}

// ---------------------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------------------

/** Max lengths of spec 000 §3/§5 ("50, 10, 9"); fields without a stated length use 50 like their neighbours. */
export const MAX_LENGTH = {
  text: 50,
  medicaidNumber: 10,
  daysToNextAssessment: 9,
  /** Not in the spec: a bound for free text (comments, reasons, narrative fields) so a request cannot be huge. */
  longText: 10000,
} as const;

/**
 * Medicaid number ("Unique ID"). The spec gives two readings: "it contains 9 numerical digits" and "max length
 * 10". We accept digits only, 9 or 10 of them: every value of the 9-digit reading is valid, the 10-character
 * maximum is never exceeded, and a deployment whose unique id has 10 digits (the label is configurable, the
 * product is also used where the national health number has 10 digits) is not locked out.
 */
export const MEDICAID_NUMBER_LENGTH = { min: 9, max: 10 } as const;

/** Picture uploads must be under 1M (spec 000 §5); 1M read as 1 MiB. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;
