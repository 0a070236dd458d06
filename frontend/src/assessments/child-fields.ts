/*
 * The child-information form's fields: labels (renamed or hidden by the label configuration, spec 002), max
 * lengths and the client-side hints that mirror the server's rules (backend domain child-information.validation.ts).
 * The server stays the authority: its 400 field messages replace these hints.
 */
import { useQuery } from '@tanstack/react-query';
import { apiGet, optionId, optionName, type AssessmentOptions, type ChildInformation, type OptionItem } from './api';

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
  daysToNextAssessment: { field: 'daysToNextAssessment', label: 'Days of Next Assessment', labelKey: 'DAYSOFNEXTASSESSMENT', maxLength: 9, kind: 'text' },
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
  assessmentTypes: [
    { id: '62', name: 'Initial Assessment' },
    { id: '63', name: 'Re-assessment' },
    { id: '64', name: 'Closing Assessment' },
  ],
  lookedAfterStatuses: ['Section 20', 'Section 31', 'Emergency protection order', 'DoLO'].map((name) => ({ id: name, name })),
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
    'Parent/Guardian': ['Mother', 'Father', 'Step-parent', 'Adoptive Parent', 'Legal Guardian', 'Special Guardian', 'Other Parent/Guardian'],
    'Substitute Caregiver': ['Foster Carer', 'Kinship Carer', 'Residential Care Worker', 'Other Substitute Caregiver'],
  },
  labels: {},
};

/** GET /api/assessment-options, cached for the session (labels and option lists change rarely). */
export const useAssessmentOptions = (): AssessmentOptions => {
  const { data } = useQuery({
    queryKey: ['assessment-options'],
    queryFn: () => apiGet<AssessmentOptions>('/assessment-options'),
    staleTime: 5 * 60_000,
  });
  return { ...DEFAULT_OPTIONS, ...(data ?? {}) } as AssessmentOptions;
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

const isoToday = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** Client-side hints mirroring the server's rules (spec 000 §5). */
export function validateChild(child: ChildInformation, options: AssessmentOptions, addMode: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const today = isoToday();
  for (const def of Object.values(CHILD_FIELDS)) {
    const { label, visible } = labelOf(options, def.field);
    const value = child[def.field];
    if (def.required && visible && blank(value)) {
      errors[def.field] = `${label} is required.`;
      continue;
    }
    if (def.maxLength && !blank(value) && String(value).trim().length > def.maxLength) {
      errors[def.field] = `${label} cannot be longer than ${def.maxLength} characters.`;
    }
  }
  const label = (field: ChildField) => labelOf(options, field).label;
  if (!errors.medicaidNumber && !blank(child.medicaidNumber)) {
    const value = String(child.medicaidNumber).trim();
    if (!/^\d+$/.test(value)) errors.medicaidNumber = `${label('medicaidNumber')} must contain only digits.`;
    else if (value.length < 9) errors.medicaidNumber = `${label('medicaidNumber')} must contain 9 or 10 digits.`;
  }
  if (!errors.age && !blank(child.age) && (addMode || true) && !/^\d+$/.test(String(child.age).trim())) {
    errors.age = `${label('age')} must be a whole number of 0 or more.`;
  }
  if (!errors.daysToNextAssessment && !blank(child.daysToNextAssessment) && !/^\d+$/.test(String(child.daysToNextAssessment).trim())) {
    errors.daysToNextAssessment = `${label('daysToNextAssessment')} must be a whole number of days.`;
  }
  for (const field of ['dateOfBirth', 'dateOfAssessment', 'caseOpeningDate'] as const) {
    if (!errors[field] && !blank(child[field]) && String(child[field]) > today) errors[field] = `${label(field)} cannot be in the future.`;
  }
  if (!errors.dateOfAssessment && !errors.dateOfBirth && child.dateOfAssessment && child.dateOfBirth && child.dateOfAssessment <= child.dateOfBirth) {
    errors.dateOfAssessment = `${label('dateOfAssessment')} must be later than the ${label('dateOfBirth')}.`;
    errors.dateOfBirth = `${label('dateOfBirth')} must be earlier than the ${label('dateOfAssessment')}.`;
  }
  return errors;
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
  if (out.daysToNextAssessment !== null && /^\d+$/.test(String(out.daysToNextAssessment))) out.daysToNextAssessment = Number(out.daysToNextAssessment);
  if (out.lookedAfterChild !== 'Y') out.lookedAfterStatus = null;
  return out;
}

/** The server's child record into form values (nulls as empty strings, dates as yyyy-MM-dd). */
export function childFormValues(child: Partial<ChildInformation> | undefined, assessmentType?: string | null): ChildInformation {
  const out = { ...EMPTY_CHILD } as Record<string, unknown>;
  for (const [key, value] of Object.entries(child ?? {})) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
  }
  if (assessmentType) out.assessmentType = assessmentType;
  return out as unknown as ChildInformation;
}
