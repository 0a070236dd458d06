/**
 * Queries of the assessment list read models (assessment-list.projection.ts). Row access is the caller's: every
 * query over rows takes the filter to apply (the list's filter and the actor's scope, already combined).
 */
import { addDays, AssessmentStatus, statusFromCode } from '@cans/domain/assessments';
import type { Filter, ReadStore, SortField } from '@cans/storage/read-store/read-store.port';
import { findPage, ListPageResult } from '../engine/list-page';
import {
  ASSESSMENT_ASSESSORS_COLLECTION,
  ASSESSMENT_CHILDREN_COLLECTION,
  ASSESSMENT_COUNTERS_COLLECTION,
  ASSESSMENT_LIST_COLLECTION,
  ASSESSMENT_SHARES_COLLECTION,
  AssessmentAssessorDocument,
  AssessmentChildDocument,
  AssessmentCounterDocument,
  AssessmentListDocument,
  AssessmentShareDocument,
  childKeyOf,
} from './assessment-list/documents';

/** Sort names the screens use (spec sortable columns cin, doa, lud, fullname, assessor, status) → read-model fields. */
export const ASSESSMENT_LIST_SORT_FIELDS: Readonly<Record<string, string>> = {
  cin: 'cin',
  doa: 'dateOfAssessment',
  dateOfAssessment: 'dateOfAssessment',
  lud: 'lastModifiedAt',
  updatedAt: 'lastModifiedAt',
  lastModifiedAt: 'lastModifiedAt',
  fullname: 'fullName',
  fullName: 'fullName',
  assessor: 'assessorName',
  assessorName: 'assessorName',
  ownerName: 'assessorName',
  status: 'status',
  createdAt: 'createdAt',
  nextDueDate: 'nextAssessmentDueOn',
};

/** The most rows a lookup by user reads (shares of one user, assessors). */
const MANY = 10_000;

/**
 * A page of list rows matching `where`. `total` replaces the count when the caller knows it (the counters below),
 * so the administrator's big sets are not counted row by row.
 */
export async function findAssessmentRows(
  readStore: ReadStore,
  where: Filter,
  page: { sort: SortField[]; skip: number; limit: number },
  total?: () => Promise<number | null>,
): Promise<ListPageResult<AssessmentListDocument>> {
  const sort = page.sort.map((s) => ({ field: ASSESSMENT_LIST_SORT_FIELDS[s.field] ?? s.field, direction: s.direction }));
  if (!total) return findPage<AssessmentListDocument>(readStore, ASSESSMENT_LIST_COLLECTION, where, { ...page, sort });
  const [rows, known] = await Promise.all([
    readStore.find<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, where, { sort, skip: page.skip, limit: page.limit }),
    total().then((counted) => counted ?? readStore.count(ASSESSMENT_LIST_COLLECTION, where)),
  ]);
  return { rows, total: known };
}

export function countAssessmentRows(readStore: ReadStore, where: Filter): Promise<number> {
  return readStore.count(ASSESSMENT_LIST_COLLECTION, where);
}

export function getAssessmentRow(readStore: ReadStore, assessmentId: string): Promise<AssessmentListDocument | null> {
  return readStore.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, assessmentId);
}

export function getAssessmentRows(readStore: ReadStore, assessmentIds: readonly string[]): Promise<AssessmentListDocument[]> {
  return assessmentIds.length
    ? readStore.getMany<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, [...assessmentIds])
    : Promise.resolve([]);
}

/** Other live assessments of a FAMILY ID, newest first. */
export function findFamilyAssessmentRows(
  readStore: ReadStore,
  familyId: string,
  exceptAssessmentId: string,
  limit: number,
): Promise<AssessmentListDocument[]> {
  return readStore.find<AssessmentListDocument>(
    ASSESSMENT_LIST_COLLECTION,
    { familyId, id: { $ne: exceptAssessmentId } },
    { sort: [{ field: 'createdAt', direction: 'desc' }], limit },
  );
}

/** The live assessments of one child (PID), unordered; [] when none. */
export async function childAssessmentRows(readStore: ReadStore, cin: string): Promise<AssessmentListDocument[]> {
  const key = childKeyOf(cin);
  if (!key) return [];
  const group = await readStore.get<AssessmentChildDocument>(ASSESSMENT_CHILDREN_COLLECTION, key);
  return group
    ? getAssessmentRows(
        readStore,
        group.members.map((m) => m.id),
      )
    : [];
}

/** The ids of the assessments shared with a user (at most `limit`). */
export async function assessmentIdsSharedWith(readStore: ReadStore, userId: string, limit = MANY): Promise<string[]> {
  const shares = await readStore.find<AssessmentShareDocument>(ASSESSMENT_SHARES_COLLECTION, { userId }, { limit });
  return shares.map((share) => share.assessmentId);
}

/** Every user who has owned an assessment, with their name and how many they own now. */
export function allAssessors(readStore: ReadStore): Promise<AssessmentAssessorDocument[]> {
  return readStore.find<AssessmentAssessorDocument>(ASSESSMENT_ASSESSORS_COLLECTION, {}, { limit: MANY });
}

const isUnset = (value: unknown) => value === undefined || value === null || value === '' || value === 'all';

/**
 * The list total from the projection's counters, exactly what count() would return, when the request is one the
 * counters describe: a user who sees everything, filtering on nothing but status, last-update days and the tab.
 * Those are the administrator's big sets (tens of thousands of rows), where an exact COUNT costs 100+ ms; every other
 * request returns null and is counted. The filter must already be validated (the backend's assessmentListFilter).
 */
export async function assessmentListTotalFromCounters(
  readStore: ReadStore,
  filter: Record<string, unknown>,
  today: string,
  daysOfTimeoutAlert: number,
): Promise<number | null> {
  const used = Object.entries(filter).filter(([, value]) => !isUnset(value));
  if (used.some(([key, value]) => !['status', 'lud', 'period', 'view'].includes(key) || (key === 'status' && Array.isArray(value))))
    return null;
  const view = isUnset(filter.view) ? 'all' : filter.view;
  const days = filter.lud ?? filter.period;
  if (view !== 'all') {
    if (!isUnset(filter.status) || !isUnset(days)) return null;
    const overdueBefore = addDays(today, -Math.max(0, daysOfTimeoutAlert));
    return sumCounters(readStore, {
      kind: 'due-day',
      day: view === 'overdue' ? { $lte: overdueBefore } : { $gt: overdueBefore, $lte: today },
    });
  }
  const status = isUnset(filter.status) ? undefined : statusFromCode(String(filter.status));
  return sumCounters(readStore, {
    ...(isUnset(days) ? { kind: 'status-total' } : { kind: 'status-day', day: { $gte: addDays(today, -Number(days)) } }),
    ...(status ? { status } : {}),
  });
}

async function sumCounters(readStore: ReadStore, filter: Filter): Promise<number> {
  const counters = await readStore.find<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, filter);
  return counters.reduce((sum, counter) => sum + counter.count, 0);
}

/** Live assessments per status, state-wide, last updated on or after `sinceDay` (null: ever). */
export async function statusCountsSince(readStore: ReadStore, sinceDay: string | null): Promise<Map<AssessmentStatus, number>> {
  const counters = await readStore.find<AssessmentCounterDocument>(
    ASSESSMENT_COUNTERS_COLLECTION,
    sinceDay === null ? { kind: 'status-total' } : { kind: 'status-day', day: { $gte: sinceDay } },
  );
  const totals = new Map<AssessmentStatus, number>();
  for (const counter of counters) if (counter.status) totals.set(counter.status, (totals.get(counter.status) ?? 0) + counter.count);
  return totals;
}
