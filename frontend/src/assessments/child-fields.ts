/*
 * The child-information form's fields: labels (renamed or hidden by the label configuration, spec 002), and what
 * helps typing (required marks, max lengths, kinds of input). The rules themselves are the server's: its 400 field
 * messages are shown on the fields.
 */
import { useApiQuery } from '../providers/useApi';
import { optionId, optionName, type AssessmentOptions, type ChildInformation, type OptionItem } from './assessment-types';

export type ChildField = keyof ChildInformation;

export interface ChildFieldDef {
  field: ChildField;
  label: string;
  /** Label configuration field name (spec 000 §3 "Field names used in this area"). */
  labelKey?: string;
  maxLength?: number;
  required?: boolean;
  kind: 'text' | 'date' | 'number' | 'select';
}

export const CHILD_FIELDS: Record<ChildField, ChildFieldDef> = {
  cin: { field: 'cin', label: 'PID', labelKey: 'LocalAuthority', maxLength: 50, required: true, kind: 'text' },
  familyId: { field: 'familyId', label: 'Family ID', maxLength: 50, kind: 'text' },
  firstName: { field: 'firstName', label: 'First Name', labelKey: 'Name', maxLength: 50, required: true, kind: 'text' },
  lastName: { field: 'lastName', label: 'Last Name', maxLength: 50, required: true, kind: 'text' },
  gender: { field: 'gender', label: 'Gender', labelKey: 'GENDER', required: true, kind: 'select' },
  raceEthnicity: { field: 'raceEthnicity', label: 'Race/Ethnicity', labelKey: 'RACEETHNICITY', required: true, kind: 'select' },
  primaryLanguage: { field: 'primaryLanguage', label: 'Primary Language', kind: 'select' },
  medicaidNumber: { field: 'medicaidNumber', label: 'Unique ID', labelKey: 'UniqueID', maxLength: 10, required: true, kind: 'text' },
  age: { field: 'age', label: 'Age', labelKey: 'Age', required: true, kind: 'number' },
  dateOfBirth: { field: 'dateOfBirth', label: 'Date of Birth', required: true, kind: 'date' },
  address: { field: 'address', label: 'Address', labelKey: 'ADDRESS', maxLength: 50, kind: 'text' },
  city: { field: 'city', label: 'City', labelKey: 'CITY', maxLength: 50, kind: 'text' },
  zip: { field: 'zip', label: 'Zip', labelKey: 'ZIP', maxLength: 50, kind: 'text' },
  county: { field: 'county', label: 'County', labelKey: 'COUNTY', maxLength: 50, kind: 'text' },
  dateOfAssessment: { field: 'dateOfAssessment', label: 'Date of Assessment', labelKey: 'DateOfAssessment', required: true, kind: 'date' },
  caseOpeningDate: { field: 'caseOpeningDate', label: 'Removal Date', labelKey: 'ASSESSMENTOPENINGDATE', required: true, kind: 'date' },
  assessmentType: { field: 'assessmentType', label: 'Assessment Type', labelKey: 'INITIALIZED', required: true, kind: 'select' },
  assessorPhoneNumber: { field: 'assessorPhoneNumber', label: 'Phone Number', labelKey: 'PHONENUMBER', maxLength: 50, kind: 'text' },
  daysToNextAssessment: {
    field: 'daysToNextAssessment',
    label: 'Days of Next Assessment',
    labelKey: 'DAYSOFNEXTASSESSMENT',
    maxLength: 9,
    kind: 'text',
  },
  lookedAfterChild: { field: 'lookedAfterChild', label: 'Looked after Child', kind: 'select' },
  lookedAfterStatus: { field: 'lookedAfterStatus', label: 'Looked after Status', kind: 'select' },
  involvement: { field: 'involvement', label: 'Involvement', kind: 'select' },
  assessmentScope: { field: 'assessmentScope', label: 'Assessment Scope', kind: 'select' },
  recommendationsNote: { field: 'recommendationsNote', label: 'Recommendations', maxLength: 10000, kind: 'text' },
};

export const EMPTY_CHILD: ChildInformation = {
  cin: '',
  familyId: '',
  firstName: '',
  lastName: '',
  gender: '',
  raceEthnicity: '',
  primaryLanguage: '',
  medicaidNumber: '',
  age: '',
  dateOfBirth: '',
  address: '',
  city: '',
  zip: '',
  county: '',
  dateOfAssessment: '',
  caseOpeningDate: '',
  assessmentType: '',
  assessorPhoneNumber: '',
  daysToNextAssessment: '',
  lookedAfterChild: null,
  lookedAfterStatus: null,
  involvement: '',
  assessmentScope: '',
  recommendationsNote: '',
};

export const DEFAULT_OPTIONS: AssessmentOptions = {
  // The option value lists are the deployment's (Option Lists screen): none is offered before the server's arrive.
  assessmentTypes: [],
  lookedAfterStatuses: [],
  genders: [
    { id: 'M', name: 'Male' },
    { id: 'F', name: 'Female' },
    { id: 'G', name: 'Gender Fluid' },
    { id: 'N', name: 'Non-binary Gender' },
    { id: 'O', name: 'Other' },
  ],
  races: [],
  languages: [],
  involvements: ['Looking to transition home', 'In the care of biological parents', 'Others'],
  scopes: ['Child assessment only', 'Child and parent assessment'],
  caregiverRelationships: {
    'Parent/Guardian': [
      'Mother',
      'Father',
      'Step-parent',
      'Adoptive Parent',
      'Legal Guardian',
      'Special Guardian',
      'Other Parent/Guardian',
    ],
    'Substitute Caregiver': ['Foster Carer', 'Kinship Carer', 'Residential Care Worker', 'Other Substitute Caregiver'],
  },
  labels: {},
};

/** GET /api/assessment-options, cached for the session (labels and option lists change rarely). */
export const useAssessmentOptions = (): AssessmentOptions => {
  const { data } = useApiQuery<AssessmentOptions>('/assessment-options', { staleTime: 5 * 60_000 });
  return { ...DEFAULT_OPTIONS, ...(data ?? {}) };
};

/** The configured label of a field, and whether the configuration hides it (status 0). */
export function labelOf(options: AssessmentOptions, field: ChildField): { label: string; visible: boolean } {
  const def = CHILD_FIELDS[field];
  const entry = (def.labelKey && options.labels?.[def.labelKey]) || options.labels?.[field];
  return { label: entry?.displayName?.trim() || def.label, visible: entry ? entry.visible !== false : true };
}

/** Label config by config key only (list columns Assessor / AGENCY). */
export function labelByKey(options: AssessmentOptions, key: string, fallback: string): { label: string; visible: boolean } {
  const entry = options.labels?.[key];
  return { label: entry?.displayName?.trim() || fallback, visible: entry ? entry.visible !== false : true };
}

export function choicesOf(list: AssessmentOptions['races'] | OptionItem[] | Record<string, string> | undefined): OptionItem[] {
  if (!list) return [];
  if (Array.isArray(list)) return list.map((item) => ({ id: optionId(item), name: optionName(item) }));
  return Object.entries(list).map(([id, name]) => ({ id, name }));
}

/** What the server takes: trimmed text, empty optional values as null, numbers as numbers. */
export function childPayload(child: ChildInformation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(child)) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      out[key] = trimmed === '' ? null : trimmed;
    } else out[key] = value ?? null;
  }
  if (out.age !== null && /^\d+$/.test(String(out.age))) out.age = Number(out.age);
  if (out.daysToNextAssessment !== null && /^\d+$/.test(String(out.daysToNextAssessment)))
    out.daysToNextAssessment = Number(out.daysToNextAssessment);
  if (out.lookedAfterChild !== 'Y') out.lookedAfterStatus = null;
  return out;
}

/** The server's child record into form values (nulls as empty strings, dates as yyyy-MM-dd). */
export function childFormValues(child: Partial<ChildInformation> | undefined, assessmentType?: string | null): ChildInformation {
  const given = Object.entries(child ?? {})
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => [key, typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value]);
  return { ...EMPTY_CHILD, ...Object.fromEntries(given), ...(assessmentType ? { assessmentType } : {}) };
}
