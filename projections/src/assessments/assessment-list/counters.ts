/**
 * The counters of the assessment list. State-wide: status by day of last update and all-time, live rows by next
 * due day, assessments by month of the date of assessment and type. Per owner (the home counts of everyone who
 * does not see everything, who sees the records of a set of owners): the same figures in a few small documents per
 * owner (below). A row change moves each counter it left or entered.
 */
import type { AssessmentStatus } from '@cans/domain/assessments';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView } from '../../engine/projection';
import { ASSESSMENT_COUNTERS_COLLECTION, ASSESSMENT_LIST_COLLECTION, AssessmentCounterDocument, AssessmentListDocument } from './documents';

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
  const current = await view.get<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, id, { readOnly: true });
  const count = (current?.count ?? 0) + delta;
  if (count <= 0) view.delete(ASSESSMENT_COUNTERS_COLLECTION, id);
  else view.upsert(ASSESSMENT_COUNTERS_COLLECTION, { ...fields, id, count });
}

/**
 * Whether two versions of a row count in the same counters: equal on every field counterKeys and ownerCounterKeys
 * read (keep the three in step). Most row changes (a library version, a caregiver, a share) move none.
 */
function countedAlike(a: AssessmentListDocument, b: AssessmentListDocument): boolean {
  return (
    a.ownerId === b.ownerId &&
    a.status === b.status &&
    a.nextAssessmentDueOn === b.nextAssessmentDueOn &&
    a.dateOfAssessment === b.dateOfAssessment &&
    a.assessmentType === b.assessmentType &&
    a.hasLaterAssessment === b.hasLaterAssessment &&
    lastUpdateDayOf(a.lastModifiedAt) === lastUpdateDayOf(b.lastModifiedAt)
  );
}

/**
 * Moves a row's counters once per batch, however many of its events the batch holds: from the row as it was before
 * the batch (`before`, null: new — the first request of the batch is the one kept) to the row as the batch leaves it
 * (null: deleted). A batch often holds several events of one assessment, and a rebuild's flush thousands.
 */
export function moveCountersAfterBatch(view: ProjectionView, assessmentId: string, before: AssessmentListDocument | null): void {
  view.afterBatch(`counters|${assessmentId}`, async (settled) =>
    adjustCounters(
      settled,
      before,
      await settled.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, assessmentId, { readOnly: true }),
    ),
  );
}

/** Moves the counters from the row as it was (null: new) to the row as it is (null: deleted). */
async function adjustCounters(
  view: ProjectionView,
  before: AssessmentListDocument | null,
  after: AssessmentListDocument | null,
): Promise<void> {
  if (before && after && countedAlike(before, after)) return;
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
 * - `owner|<owner>|month|<yyyy>`: `<yyyy-MM>|<assessment type>` of the date of assessment → rows (the home charts;
 *   one document per year, since a row change copies the document it moves: a rebuild touches them 200k times);
 * - `owner|<owner>|children`: `latest` → rows that are their child's latest assessment (the supervisor table's
 *   "total children": each child counted once, with the worker who holds its latest assessment).
 * The keys mirror the state-wide counters above (same fields of the same rows), so they count what the list counts.
 */
export const OWNER_COUNTS_KIND = 'owner-counts';

export interface AssessmentOwnerCountsDocument extends Document {
  kind: typeof OWNER_COUNTS_KIND;
  ownerId: string;
  counts: Record<string, number>;
}

const ownerDocumentId = (ownerId: string, ...parts: string[]) => ['owner', ownerId, ...parts].join('|');

/** The field of `owner|<owner>|children`: rows that are their child's latest assessment. */
const LATEST_FIELD = 'latest';

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
  if (row.dateOfAssessment)
    keys.push(key(`${row.dateOfAssessment.slice(0, 7)}|${row.assessmentType}`, 'month', row.dateOfAssessment.slice(0, 4)));
  if (!row.hasLaterAssessment) keys.push(key(LATEST_FIELD, 'children'));
  return keys;
}

async function adjustOwnerCounters(
  view: ProjectionView,
  before: AssessmentListDocument | null,
  after: AssessmentListDocument | null,
): Promise<void> {
  const old = ownerCounterKeys(before);
  const now = ownerCounterKeys(after);
  const same = (a: OwnerCounterKey, b: OwnerCounterKey) => a.documentId === b.documentId && a.field === b.field;
  // Grouped by document: one read and one write per document a row change touches. A handful of keys per row:
  // linear scans cost less than building sets.
  const deltas = new Map<string, { ownerId: string; fields: Array<[string, number]> }>();
  const add = (key: OwnerCounterKey, delta: number) => {
    const entry = deltas.get(key.documentId);
    if (entry) entry.fields.push([key.field, delta]);
    else deltas.set(key.documentId, { ownerId: key.ownerId, fields: [[key.field, delta]] });
  };
  for (const key of old) if (!now.some((other) => same(key, other))) add(key, -1);
  for (const key of now) if (!old.some((other) => same(key, other))) add(key, +1);
  for (const [documentId, { ownerId, fields }] of deltas) {
    const current = await view.get<AssessmentOwnerCountsDocument>(ASSESSMENT_COUNTERS_COLLECTION, documentId, { readOnly: true });
    const counts = { ...current?.counts };
    let emptied = false;
    for (const [field, delta] of fields) {
      const count = (counts[field] ?? 0) + delta;
      if (count > 0) counts[field] = count;
      else {
        delete counts[field];
        emptied = true;
      }
    }
    if (emptied && Object.keys(counts).length === 0) view.delete(ASSESSMENT_COUNTERS_COLLECTION, documentId);
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
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The months from `from` to `to` ('yyyy-MM', inclusive). */
export function monthsBetween(from: string, to: string): string[] {
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
    ownerDocumentId(ownerId, 'month', query.month.slice(0, 4)),
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
      } else if (part === 'month' && field.startsWith(`${query.month}|`)) result.month += count;
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

/** Assessments by month of the date of assessment ('yyyy-MM') and assessment type: month → type → rows. */
export type MonthTypeCounts = Map<string, Map<string, number>>;

function addMonthType(counts: MonthTypeCounts, month: string, type: string, count: number): void {
  const byType = counts.get(month) ?? new Map<string, number>();
  byType.set(type, (byType.get(type) ?? 0) + count);
  counts.set(month, byType);
}

/** The months `from`..`to` ('yyyy-MM', inclusive) per type, state-wide, from the month-type counters. */
export async function stateWideMonthTypeCounts(readStore: ReadStore, from: string, to: string): Promise<MonthTypeCounts> {
  const counters = await readStore.find<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, {
    kind: 'month-type',
    month: { $gte: from, $lte: to },
  });
  const counts: MonthTypeCounts = new Map();
  for (const counter of counters) addMonthType(counts, counter.month!, counter.assessmentType ?? '', counter.count);
  return counts;
}

/** The same over every live row owned by one of `ownerIds` (one document per owner and year). */
export async function monthTypeCountsOfOwners(
  readStore: ReadStore,
  ownerIds: readonly string[],
  from: string,
  to: string,
): Promise<MonthTypeCounts> {
  const years: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) years.push(String(year).padStart(4, '0'));
  const ids = [...new Set(ownerIds)].flatMap((ownerId) => years.map((year) => ownerDocumentId(ownerId, 'month', year)));
  const documents = ids.length ? await readStore.getMany<AssessmentOwnerCountsDocument>(ASSESSMENT_COUNTERS_COLLECTION, ids) : [];
  const counts: MonthTypeCounts = new Map();
  for (const document of documents)
    for (const [field, count] of Object.entries(document.counts)) {
      const separator = field.indexOf('|');
      const month = field.slice(0, separator);
      if (month >= from && month <= to) addMonthType(counts, month, field.slice(separator + 1), count);
    }
  return counts;
}

/** One worker's caseload (the supervisor table), over the live rows they own. */
export interface OwnerCaseload {
  /** Rows that are their child's latest assessment: each child once. */
  children: number;
  byStatus: Map<AssessmentStatus, number>;
  /** Next assessment due (its day has come) but not yet overdue: due after `overdueBefore`, up to `today`. */
  followUp: number;
  /** Next assessment overdue: due on or before `overdueBefore` (the overdue list's tab). */
  overdue: number;
  /** Next assessment due from `today` to `dueUntil` (inclusive). */
  dueSoon: number;
}

/** Days are 'yyyy-MM-dd' (UTC). */
export interface CaseloadQuery {
  today: string;
  dueUntil: string;
  /** The last due day that is overdue today (today minus the reminder settings' days of timeout alert). */
  overdueBefore: string;
}

/**
 * Each owner's caseload from their counters (one getMany by id, a handful of documents per owner): equal to counting
 * their rows with the list's filters (ownerId with latest, status, the due-day ranges).
 */
export async function caseloadsOfOwners(
  readStore: ReadStore,
  ownerIds: readonly string[],
  query: CaseloadQuery,
): Promise<Map<string, OwnerCaseload>> {
  const boundMonth = query.overdueBefore.slice(0, 7);
  const dueMonths = monthsBetween(boundMonth, query.dueUntil.slice(0, 7));
  const owners = [...new Set(ownerIds)];
  const ids = owners.flatMap((ownerId) => [
    ownerDocumentId(ownerId, 'status'),
    ownerDocumentId(ownerId, 'children'),
    ownerDocumentId(ownerId, 'due'),
    ...dueMonths.map((m) => ownerDocumentId(ownerId, 'due', m)),
  ]);
  const documents = ids.length ? await readStore.getMany<AssessmentOwnerCountsDocument>(ASSESSMENT_COUNTERS_COLLECTION, ids) : [];
  const result = new Map<string, OwnerCaseload>(
    owners.map((ownerId) => [ownerId, { children: 0, byStatus: new Map(), followUp: 0, overdue: 0, dueSoon: 0 }]),
  );
  for (const document of documents) {
    const caseload = result.get(document.ownerId);
    if (!caseload) continue;
    const [, , part, month] = splitOwnerDocumentId(document.id, document.ownerId);
    for (const [field, count] of Object.entries(document.counts)) {
      if (part === 'status' && month === undefined) caseload.byStatus.set(field as AssessmentStatus, count);
      else if (part === 'children' && field === LATEST_FIELD) caseload.children += count;
      else if (part === 'due' && month === undefined) {
        // Whole months before the bound's month are overdue; the months read by day are counted below.
        if (field < boundMonth) caseload.overdue += count;
      } else if (part === 'due') {
        if (field <= query.overdueBefore) caseload.overdue += count;
        else if (field <= query.today) caseload.followUp += count;
        else if (field <= query.dueUntil) caseload.dueSoon += count;
      }
    }
  }
  return result;
}
