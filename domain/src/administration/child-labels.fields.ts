/**
 * The 17 label field names of spec 002 §3 "Label config", with the display name each has until an administrator
 * renames it and whether it is `necessary` (its Enabled switch locked on). The names shown come from the child
 * form's own defaults, so an unconfigured deployment reads exactly as before; Assessor and AGENCY name list columns,
 * not child fields.
 */
import {
  CHILD_FIELD_LABEL_KEYS,
  ChildField,
  DEFAULT_CHILD_FIELD_LABELS,
  REQUIRED_CHILD_FIELDS,
} from '../assessments/child-information.validation';

/** In the spec's order (the table lists them so). */
export const CHILD_LABEL_FIELD_NAMES = [
  'INITIALIZED',
  'AGENCY',
  'DateOfAssessment',
  'COUNTY',
  'Assessor',
  'GENDER',
  'RACEETHNICITY',
  'LocalAuthority',
  'Name',
  'Age',
  'ASSESSMENTOPENINGDATE',
  'UniqueID',
  'CITY',
  'ZIP',
  'ADDRESS',
  'PHONENUMBER',
  'DAYSOFNEXTASSESSMENT',
] as const;

export type ChildLabelFieldName = (typeof CHILD_LABEL_FIELD_NAMES)[number];

export interface ChildLabelField {
  readonly fieldName: ChildLabelFieldName;
  readonly defaultDisplayName: string;
  /** The child form requires the field, so hiding it would make a required field impossible to fill in. */
  readonly necessary: boolean;
  /** The child form's field it names; null for the list columns Assessor and AGENCY. */
  readonly childField: ChildField | null;
}

/** The labels that name list columns rather than child fields. */
const COLUMN_DEFAULTS: Partial<Record<ChildLabelFieldName, string>> = { AGENCY: 'Agency', Assessor: 'Assessor' };

const childFieldOf = (fieldName: string): ChildField | null =>
  (Object.keys(CHILD_FIELD_LABEL_KEYS) as ChildField[]).find((field) => CHILD_FIELD_LABEL_KEYS[field] === fieldName) ?? null;

export const CHILD_LABEL_FIELDS: readonly ChildLabelField[] = CHILD_LABEL_FIELD_NAMES.map((fieldName) => {
  const childField = childFieldOf(fieldName);
  const defaultDisplayName = childField ? DEFAULT_CHILD_FIELD_LABELS[childField] : COLUMN_DEFAULTS[fieldName];
  if (defaultDisplayName === undefined) throw new Error(`Label field ${fieldName} names neither a child field nor a list column`);
  return { fieldName, defaultDisplayName, necessary: childField !== null && REQUIRED_CHILD_FIELDS.includes(childField), childField };
});

const BY_NAME: ReadonlyMap<string, ChildLabelField> = new Map(CHILD_LABEL_FIELDS.map((field) => [field.fieldName, field]));

/** The field of this name; undefined for any other string (the names are case-sensitive, as the spec writes them). */
export const childLabelField = (fieldName: string): ChildLabelField | undefined => BY_NAME.get(fieldName);

/** Spec 002 §3: display names are at most 1000 characters (as agency names). */
export const CHILD_LABEL_DISPLAY_NAME_MAX_LENGTH = 1000;

export const CHILD_LABEL_MESSAGES = {
  notFound: 'There is no label with this field name.',
  displayNameRequired: 'Display Name is required.',
  displayNameTooLong: `Display Name can be at most ${CHILD_LABEL_DISPLAY_NAME_MAX_LENGTH} characters.`,
  displayNameText: 'Display Name must be text.',
  status: 'Enabled must be 1 (enabled) or 0 (hidden).',
  necessary: (field: ChildLabelField) => `${field.defaultDisplayName} is required on the child form, so its label cannot be disabled.`,
} as const;

/** A label as the screens and documents use it: its name, and whether its field (or column) shows. */
export interface ResolvedChildLabel {
  readonly displayName: string;
  readonly visible: boolean;
  /** Screens with their own wording for a field (e.g. "PIDs" for a list of them) keep it until the field is renamed. */
  readonly defaultDisplayName: string;
}

export type ResolvedChildLabels = Readonly<Record<ChildLabelFieldName, ResolvedChildLabel>>;

/**
 * The 17 labels from the configured entries (the read model's, or none): a field not configured has its default
 * name and shows; a necessary field always shows (whatever an entry says).
 */
export function resolveChildLabels(
  entries: readonly { fieldName: string; displayName: string; status: number }[] = [],
): ResolvedChildLabels {
  const configured = new Map(entries.map((entry) => [entry.fieldName, entry]));
  return Object.fromEntries(
    CHILD_LABEL_FIELDS.map(({ fieldName, defaultDisplayName, necessary }) => {
      const entry = configured.get(fieldName);
      const displayName = entry?.displayName.trim() || defaultDisplayName;
      return [fieldName, { displayName, visible: necessary || entry?.status !== 0, defaultDisplayName }];
    }),
  ) as Record<ChildLabelFieldName, ResolvedChildLabel>;
}
