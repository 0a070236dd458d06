/**
 * The counters of the assessment list. State-wide: status by day of last update and all-time, live rows by next
 * due day, assessments by month of the date of assessment and type. Per owner (the home counts of everyone who
 * does not see everything, who sees the records of a set of owners): the same figures in a few small documents per
 * owner (below). A row change moves each counter it left or entered.
 */
import type { AssessmentStatus } from '@cans/domain/assessments';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView } from '../../engine/projection';
import { ASSESSMENT_COUNTERS_COLLECTION, AssessmentCounterDocument, AssessmentListDocument } from './documents';

type CounterFields = Omit<AssessmentCounterDocument, 'id' | 'count'>;

/** The day ('yyyy-MM-dd', UTC) a row's last update counts in: the status-by-day counters use it. */
export const lastUpdateDayOf = (lastModifiedAt: string): string => lastModifiedAt.slice(0, 10);

function counterKeys(row: AssessmentListDocument | null): Array<{ id: string; fields: CounterFields }> {
  if (!row) return [];
  const day = lastUpdateDayOf(row.lastModifiedAt);
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
  await adjustOwnerCounters(view, before, after);
}

/**
 * One owner's counters: a few small documents per owner, each a map of counts, so the home counts of a supervisor
 * over N case workers read a few documents per worker by id (one getMany) instead of counting their rows.
 * Per owner:
 * - `owner|<owner>|status`: status → live rows (all time);
 * - `owner|<owner>|status|<yyyy-MM>`: `<status>|<day of last update>` → rows (one document per month: a period of
 *   at most 90 days reads four);
 * - `owner|<owner>|due`: `<yyyy-MM>` of the next due day → rows; `owner|<owner>|due|<yyyy-MM>`: due day → rows
 *   (overdue = the whole months before the bound's month plus the days of that month up to the bound);
 * - `owner|<owner>|month`: `<yyyy-MM>` of the date of assessment → rows.
 * The keys mirror the state-wide counters above (same fields of the same rows), so they count what the list counts.
 */
export const OWNER_COUNTS_KIND = 'owner-counts';

export interface AssessmentOwnerCountsDocument extends Document {
  kind: typeof OWNER_COUNTS_KIND;
  ownerId: string;
  counts: Record<string, number>;
}

const ownerDocumentId = (ownerId: string, ...parts: string[]) => ['owner', ownerId, ...parts].join('|');

interface OwnerCounterKey {
  documentId: string;
  ownerId: string;
  field: string;
}

function ownerCounterKeys(row: AssessmentListDocument | null): OwnerCounterKey[] {
  if (!row) return [];
  const ownerId = row.ownerId;
  const key = (field: string, ...parts: string[]) => ({ documentId: ownerDocumentId(ownerId, ...parts), ownerId, field });
  const day = lastUpdateDayOf(row.lastModifiedAt);
  const keys = [key(row.status, 'status'), key(`${row.status}|${day}`, 'status', day.slice(0, 7))];
  if (row.nextAssessmentDueOn) {
    const dueMonth = row.nextAssessmentDueOn.slice(0, 7);
    keys.push(key(dueMonth, 'due'), key(row.nextAssessmentDueOn, 'due', dueMonth));
  }
  if (row.dateOfAssessment) keys.push(key(row.dateOfAssessment.slice(0, 7), 'month'));
  return keys;
}

async function adjustOwnerCounters(
  view: ProjectionView,
  before: AssessmentListDocument | null,
  after: AssessmentListDocument | null,
): Promise<void> {
  const id = (key: OwnerCounterKey) => `${key.documentId}\u0000${key.field}`;
  const old = ownerCounterKeys(before);
  const now = ownerCounterKeys(after);
  const oldIds = new Set(old.map(id));
  const newIds = new Set(now.map(id));
  // Grouped by document: one read and one write per document a row change touches.
  const deltas = new Map<string, { ownerId: string; fields: Map<string, number> }>();
  const add = (key: OwnerCounterKey, delta: number) => {
    const entry = deltas.get(key.documentId) ?? { ownerId: key.ownerId, fields: new Map<string, number>() };
    entry.fields.set(key.field, (entry.fields.get(key.field) ?? 0) + delta);
    deltas.set(key.documentId, entry);
  };
  for (const key of old) if (!newIds.has(id(key))) add(key, -1);
  for (const key of now) if (!oldIds.has(id(key))) add(key, +1);
  for (const [documentId, { ownerId, fields }] of deltas) {
    const current = await view.get<AssessmentOwnerCountsDocument>(ASSESSMENT_COUNTERS_COLLECTION, documentId);
    const counts = { ...current?.counts };
    for (const [field, delta] of fields) {
      const count = (counts[field] ?? 0) + delta;
      if (count <= 0) delete counts[field];
      else counts[field] = count;
    }
    if (Object.keys(counts).length === 0) view.delete(ASSESSMENT_COUNTERS_COLLECTION, documentId);
    else view.upsert(ASSESSMENT_COUNTERS_COLLECTION, { id: documentId, kind: OWNER_COUNTS_KIND, ownerId, counts });
  }
}

/** What the home counts need of a set of owners' rows. Days are 'yyyy-MM-dd' (UTC). */
export interface OwnerCountsQuery {
  /** Status counts of rows last updated on or after this day; null: all time. */
  since: string | null;
  /** Overdue: next due day on or before this day; follow-up: after it, up to `today`. */
  overdueBefore: string;
  today: string;
  /** 'yyyy-MM': rows whose date of assessment is in this month. */
  month: string;
}

export interface OwnerCounts {
  byStatus: Map<AssessmentStatus, number>;
  overdue: number;
  followUp: number;
  month: number;
}

/** 'yyyy-MM' → the month after it. */
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The months from `from` to `to` ('yyyy-MM', inclusive). */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

/**
 * The home counts over every live row owned by one of `ownerIds`, from their counters (one getMany by id): equal
 * to counting those rows with the list's filters (status and last-update day, the overdue and follow-up due-day
 * ranges, the month of the date of assessment).
 */
export async function countsOfOwners(readStore: ReadStore, ownerIds: readonly string[], query: OwnerCountsQuery): Promise<OwnerCounts> {
  const todayMonth = query.today.slice(0, 7);
  const boundMonth = query.overdueBefore.slice(0, 7);
  // A last update after today (a clock ahead) would still be in the period: read next month too.
  const statusMonths = query.since === null ? [] : monthsBetween(query.since.slice(0, 7), nextMonth(todayMonth));
  const dueMonths = monthsBetween(boundMonth, todayMonth);
  const owners = [...new Set(ownerIds)];
  const ids = owners.flatMap((ownerId) => [
    ...(query.since === null ? [ownerDocumentId(ownerId, 'status')] : statusMonths.map((m) => ownerDocumentId(ownerId, 'status', m))),
    ownerDocumentId(ownerId, 'due'),
    ...dueMonths.map((m) => ownerDocumentId(ownerId, 'due', m)),
    ownerDocumentId(ownerId, 'month'),
  ]);
  const documents = ids.length ? await readStore.getMany<AssessmentOwnerCountsDocument>(ASSESSMENT_COUNTERS_COLLECTION, ids) : [];
  const result: OwnerCounts = { byStatus: new Map(), overdue: 0, followUp: 0, month: 0 };
  const addStatus = (status: string, count: number) =>
    result.byStatus.set(status as AssessmentStatus, (result.byStatus.get(status as AssessmentStatus) ?? 0) + count);
  for (const document of documents) {
    const [, , part, month] = splitOwnerDocumentId(document.id, document.ownerId);
    for (const [field, count] of Object.entries(document.counts)) {
      if (part === 'status' && month === undefined) addStatus(field, count);
      else if (part === 'status') {
        const [status, day] = field.split('|');
        if (query.since !== null && day >= query.since) addStatus(status, count);
      } else if (part === 'due' && month === undefined) {
        if (field < boundMonth) result.overdue += count;
      } else if (part === 'due') {
        // Only the bound's month holds days on or before the bound: earlier months are whole in `due`.
        if (field <= query.overdueBefore) result.overdue += count;
        else if (field <= query.today) result.followUp += count;
      } else if (part === 'month' && field === query.month) result.month += count;
    }
  }
  return result;
}

/** ['owner', ownerId, part, month?] of an owner document id (the owner id is known: it may contain anything). */
function splitOwnerDocumentId(id: string, ownerId: string): [string, string, string, string | undefined] {
  const [part, month] = id.slice(`owner|${ownerId}|`.length).split('|');
  return ['owner', ownerId, part, month];
}

/** Assessments whose date of assessment is in `month` ('yyyy-MM'), state-wide, from the month-type counters. */
export async function stateWideMonthCount(readStore: ReadStore, month: string): Promise<number> {
  const counters = await readStore.find<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, { kind: 'month-type', month });
  return counters.reduce((sum, counter) => sum + counter.count, 0);
}
