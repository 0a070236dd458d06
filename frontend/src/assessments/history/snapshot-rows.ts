/*
 * The side-by-side comparison's rows: every field a reader checks (status, case worker, the child record, each
 * rating, the narrative) of two views of one assessment, keyed as the server names changes (child.<field>,
 * rating.<code>[.<caregiverId>], narrative.<field>), so the server's list of changes marks the changed rows.
 */
import type { AssessmentOptions, AssessmentView, DomainView, ModuleView, QuestionView } from '../assessment-types';
import { CHILD_FIELDS, childFormValues, choicesOf, labelOf, type ChildField } from '../child-fields';
import { ratingLabel } from '../../shared/ratings';
import { formatDate } from '../../shared/format';
import { EMPTY_NARRATIVE } from '../NarrativeCard';
import type { FieldChange } from './history-types';

/** The UI strings' lookup (react-admin's useTranslate). */
type Translate = (key: string) => string;

export interface ComparisonRow {
  field: string;
  label: string;
  section: 'assessment' | 'child' | 'ratings' | 'narrative';
  before: string;
  after: string;
  changed: boolean;
}

/** The option list each select field shows its choices from (ids stored, names shown). */
const SELECT_LISTS: Partial<Record<ChildField, (options: AssessmentOptions) => Parameters<typeof choicesOf>[0]>> = {
  gender: (options) => options.genders,
  raceEthnicity: (options) => options.races,
  primaryLanguage: (options) => options.languages,
  lookedAfterStatus: (options) => options.lookedAfterStatuses,
  involvement: (options) => options.involvements,
  assessmentScope: (options) => options.scopes,
};

const questionsOf = (domain: DomainView): QuestionView[] => {
  const fromModules = (modules: ModuleView[] | undefined): QuestionView[] =>
    (modules ?? []).flatMap((module) => [...module.questions, ...fromModules(module.modules)]);
  return [...(domain.questions ?? []), ...fromModules(domain.modules)];
};

/** field → [label, display value] of one view. */
function valuesOf(
  view: AssessmentView,
  options: AssessmentOptions,
  translate: Translate,
): Map<string, { label: string; section: ComparisonRow['section']; value: string }> {
  const values = new Map<string, { label: string; section: ComparisonRow['section']; value: string }>();
  values.set('status', { label: translate('cans.assessments.compare.status'), section: 'assessment', value: view.statusLabel });
  values.set('owner', { label: translate('cans.assessments.compare.owner'), section: 'assessment', value: view.ownerName });
  values.set('assessmentType', {
    label: labelOf(options, 'assessmentType').label,
    section: 'assessment',
    value: view.assessmentTypeName ?? view.assessmentType,
  });
  const child = childFormValues(view.child ?? undefined, view.assessmentType);
  for (const field of Object.keys(CHILD_FIELDS) as ChildField[]) {
    if (field === 'assessmentType') continue;
    const { label, visible } = labelOf(options, field);
    if (!visible) continue;
    const raw = child[field] as unknown;
    let value = raw === null || raw === undefined ? '' : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
    if (CHILD_FIELDS[field].kind === 'date') value = formatDate(value);
    const list = SELECT_LISTS[field];
    if (list && value) value = choicesOf(list(options)).find((item) => item.id === value)?.name ?? value;
    values.set(`child.${field}`, { label, section: 'child', value });
  }
  for (const domain of view.questionnaire?.domains ?? []) {
    for (const question of questionsOf(domain)) {
      const key = domain.caregiverId ? `rating.${question.code}.${domain.caregiverId}` : `rating.${question.code}`;
      const who = domain.caregiverName ? ` (${domain.caregiverName})` : '';
      values.set(key, { label: `${question.name}${who}`, section: 'ratings', value: ratingLabel(question.rating) });
    }
  }
  const narrativeTitle = translate('cans.assessments.narrative.title');
  for (const field of Object.keys(EMPTY_NARRATIVE)) {
    const label = translate(`cans.assessments.narrative.${field}`);
    const text = (view.narrative as unknown as Record<string, string> | undefined)?.[field] ?? '';
    values.set(`narrative.${field}`, { label: `${narrativeTitle}: ${label}`, section: 'narrative', value: text });
  }
  return values;
}

/** Both views' rows, in reading order; a row is changed when its values differ or the server lists it. */
export function comparisonRows(
  before: AssessmentView,
  after: AssessmentView,
  changes: FieldChange[],
  options: AssessmentOptions,
  translate: Translate,
): ComparisonRow[] {
  const a = valuesOf(before, options, translate);
  const b = valuesOf(after, options, translate);
  const listed = new Set(changes.map((change) => change.field));
  const fields = [...b.keys(), ...[...a.keys()].filter((key) => !b.has(key))];
  return fields.map((field) => {
    const left = a.get(field);
    const right = b.get(field);
    const before = left?.value ?? '';
    const after = right?.value ?? '';
    return {
      field,
      label: right?.label ?? left?.label ?? field,
      section: right?.section ?? left?.section ?? 'assessment',
      before,
      after,
      changed: before !== after || listed.has(field),
    };
  });
}

/** The server's changes that no row shows (caregivers, comments, sharing …), listed under the table. */
export const otherChanges = (rows: ComparisonRow[], changes: FieldChange[]): FieldChange[] => {
  const shown = new Set(rows.map((row) => row.field));
  return changes.filter((change) => !shown.has(change.field));
};
