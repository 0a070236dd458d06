/**
 * The state-wide counters of the assessment list: status by day of last update and all-time, live rows by next due
 * day, assessments by month of the date of assessment and type. A row change moves each counter it left or entered.
 */
import type { ProjectionView } from '../../engine/projection';
import { ASSESSMENT_COUNTERS_COLLECTION, AssessmentCounterDocument, AssessmentListDocument } from './documents';

type CounterFields = Omit<AssessmentCounterDocument, 'id' | 'count'>;

function counterKeys(row: AssessmentListDocument | null): Array<{ id: string; fields: CounterFields }> {
  if (!row) return [];
  const day = row.lastModifiedAt.slice(0, 10);
  const keys: Array<{ id: string; fields: CounterFields }> = [
    { id: `status|${row.status}|${day}`, fields: { kind: 'status-day', status: row.status, day } },
    // All-time totals: five documents, where summing the per-day counters would read one per status and day.
    { id: `status|${row.status}`, fields: { kind: 'status-total', status: row.status } },
  ];
  // The overdue / follow-up tabs are ranges of due days: their totals sum these instead of counting rows.
  if (row.nextAssessmentDueOn)
    keys.push({ id: `due|${row.nextAssessmentDueOn}`, fields: { kind: 'due-day', day: row.nextAssessmentDueOn } });
  if (row.dateOfAssessment) {
    const month = row.dateOfAssessment.slice(0, 7);
    keys.push({ id: `month|${month}|${row.assessmentType}`, fields: { kind: 'month-type', month, assessmentType: row.assessmentType } });
  }
  return keys;
}

async function bump(view: ProjectionView, id: string, fields: CounterFields, delta: number): Promise<void> {
  const current = await view.get<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, id);
  const count = (current?.count ?? 0) + delta;
  if (count <= 0) view.delete(ASSESSMENT_COUNTERS_COLLECTION, id);
  else view.upsert(ASSESSMENT_COUNTERS_COLLECTION, { ...fields, id, count });
}

/** Moves the counters from the row as it was (null: new) to the row as it is (null: deleted). */
export async function adjustCounters(
  view: ProjectionView,
  before: AssessmentListDocument | null,
  after: AssessmentListDocument | null,
): Promise<void> {
  const old = counterKeys(before);
  const now = counterKeys(after);
  const oldIds = new Set(old.map((k) => k.id));
  const newIds = new Set(now.map((k) => k.id));
  for (const key of old) if (!newIds.has(key.id)) await bump(view, key.id, key.fields, -1);
  for (const key of now) if (!oldIds.has(key.id)) await bump(view, key.id, key.fields, +1);
}
