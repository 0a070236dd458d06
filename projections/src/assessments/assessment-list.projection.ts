/**
 * The assessment list read models (spec 000 "Assessment list", "Overdue and follow-up screen", spec 001 home
 * counts). One projection, because its collections change together on every assessment event:
 *
 * - assessment_list: one document per live assessment with everything the list, the overdue / follow-up tabs and
 *   the row actions need, plus the row-access fields (ownerId, sharedWith / sharedWithKey, agencyId, createdAt) the
 *   list query filters on. Deleted assessments are removed.
 * - assessment_children: the assessments of one child (PID), to know which is the latest: every other one is
 *   "old data" (hasLaterAssessment), which closes approval and the follow-up reminder of the earlier ones.
 * - assessment_assessors: the assessor (owner) names, from the user events, and which assessments each owns, so a
 *   renamed user's rows are renamed too (the list sorts by assessor name, so it is stored on the row).
 * - assessment_shares: one document per (assessment, user it is shared with), so "shared with me" is an indexed
 *   lookup rather than a text search over every row.
 * - assessment_counters: state-wide counters for the home page and the list totals (status by day of last
 *   update, and all-time; live rows by next due day; assessments by month of the date of assessment and type), so the
 *   administrator's dashboard and list do not count 100k rows.
 *
 * Deterministic: only event data and recordedAt are used; the due dates use the reminder constants of
 * backend/src/assessments/reminder-settings.ts.
 */
import type { RecordedEvent } from '../../../backend/src/storage/event-store/event-store.port';
import type { Document } from '../../../backend/src/storage/read-store/read-store.port';
import {
  ASSESSMENT_STATUS_CODES,
  AssessmentEventDataMap,
  AssessmentEvents,
  AssessmentStatus,
  isAssessmentEventType,
  nextAssessmentDueOn,
} from '../../../backend/src/assessments/domain';
import { DEFAULT_REMINDER_SETTINGS } from '../../../backend/src/assessments/reminder-settings';
import { UserCreatedData, UserEvents, UserProfileUpdatedData, UserUpdatedData } from '../../../backend/src/identity/users/user.events';
import { defineProjection, ProjectionView } from '../engine/projection';

export const ASSESSMENT_LIST_COLLECTION = 'assessment_list';
export const ASSESSMENT_CHILDREN_COLLECTION = 'assessment_children';
export const ASSESSMENT_ASSESSORS_COLLECTION = 'assessment_assessors';
export const ASSESSMENT_SHARES_COLLECTION = 'assessment_shares';
export const ASSESSMENT_COUNTERS_COLLECTION = 'assessment_counters';

export interface AssessmentListDocument extends Document {
  /** Stream revision of the last event. */
  revision: number;
  cin: string;
  firstName: string;
  lastName: string;
  /** "First Last" (spec fullName column and search). */
  fullName: string;
  familyId: string | null;
  dateOfAssessment: string;
  daysToNextAssessment: number | null;
  assessmentType: string;
  /** The case worker (assessor) whose case it is. */
  ownerId: string;
  assessorFirstName: string;
  assessorLastName: string;
  assessorName: string;
  agencyId: string | null;
  sharedWith: string[];
  /** "|id1|id2|": the sharedWith ids between bars (the identity policy's ScopedFields.sharedWithKey). */
  sharedWithKey: string;
  status: AssessmentStatus;
  /** The spec's one-letter code (i, r, c, a, e). */
  statusCode: string;
  includedInReports: boolean;
  previousAssessmentId: string | null;
  libraryVersion: string | null;
  caregiverCount: number;
  createdAt: string;
  createdBy: string | null;
  lastModifiedAt: string;
  completedAt: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  /** A later (not deleted) assessment of the same child exists (spec oldData). */
  hasLaterAssessment: boolean;
  /** Approved and latest: the day the next assessment is due (reminders.ts); null otherwise. */
  nextAssessmentDueOn: string | null;
}

interface ChildGroupMember {
  id: string;
  dateOfAssessment: string;
  createdAt: string;
}

export interface AssessmentChildDocument extends Document {
  cin: string;
  members: ChildGroupMember[];
  latestId: string | null;
}

export interface AssessmentAssessorDocument extends Document {
  firstName: string;
  lastName: string;
  assessmentIds: string[];
}

export interface AssessmentShareDocument extends Document {
  assessmentId: string;
  userId: string;
}

export interface AssessmentCounterDocument extends Document {
  kind: 'status-day' | 'status-total' | 'month-type' | 'due-day';
  status?: AssessmentStatus;
  /** 'yyyy-MM-dd' of the last update (status-day) or of nextAssessmentDueOn (due-day). */
  day?: string;
  /** 'yyyy-MM' of the date of assessment (month-type). */
  month?: string;
  assessmentType?: string;
  count: number;
}

const USER_EVENT_TYPES: string[] = [UserEvents.Created, UserEvents.Updated, UserEvents.ProfileUpdated];

/** "Later" between two assessments of one child: later date of assessment, then later creation, then id. */
export function isLaterThan(a: ChildGroupMember, b: ChildGroupMember): boolean {
  if (a.dateOfAssessment !== b.dateOfAssessment) return a.dateOfAssessment > b.dateOfAssessment;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

export const childKeyOf = (cin: string): string => cin.trim().toLowerCase();

const shareId = (assessmentId: string, userId: string) => `${assessmentId}|${userId}`;

function withDerived(doc: AssessmentListDocument): AssessmentListDocument {
  const dueOn = nextAssessmentDueOn(
    {
      status: doc.status,
      createdAt: doc.createdAt,
      lastModifiedAt: doc.lastModifiedAt,
      dateOfAssessment: doc.dateOfAssessment,
      daysToNextAssessment: doc.daysToNextAssessment,
      hasLaterAssessment: doc.hasLaterAssessment,
    },
    DEFAULT_REMINDER_SETTINGS,
  );
  return {
    ...doc,
    statusCode: ASSESSMENT_STATUS_CODES[doc.status],
    fullName: `${doc.firstName} ${doc.lastName}`.trim(),
    assessorName: `${doc.assessorFirstName} ${doc.assessorLastName}`.trim(),
    sharedWithKey: `|${doc.sharedWith.join('|')}|`,
    nextAssessmentDueOn: dueOn,
  };
}

async function assessorOf(view: ProjectionView, userId: string): Promise<AssessmentAssessorDocument> {
  return (await view.get<AssessmentAssessorDocument>(ASSESSMENT_ASSESSORS_COLLECTION, userId)) ?? { id: userId, firstName: '', lastName: '', assessmentIds: [] };
}

async function addOwned(view: ProjectionView, userId: string, assessmentId: string): Promise<AssessmentAssessorDocument> {
  const assessor = await assessorOf(view, userId);
  if (!assessor.assessmentIds.includes(assessmentId)) assessor.assessmentIds = [...assessor.assessmentIds, assessmentId];
  view.upsert(ASSESSMENT_ASSESSORS_COLLECTION, assessor);
  return assessor;
}

async function removeOwned(view: ProjectionView, userId: string, assessmentId: string): Promise<void> {
  const assessor = await view.get<AssessmentAssessorDocument>(ASSESSMENT_ASSESSORS_COLLECTION, userId);
  if (assessor) view.upsert(ASSESSMENT_ASSESSORS_COLLECTION, { ...assessor, assessmentIds: assessor.assessmentIds.filter((id) => id !== assessmentId) });
}

/** The row after one event (the assessor names are filled in by the caller on Started and Reassigned). */
function evolveRow(row: AssessmentListDocument, event: RecordedEvent): AssessmentListDocument {
  const next: AssessmentListDocument = { ...row, revision: event.revision, lastModifiedAt: event.recordedAt };
  switch (event.type) {
    case AssessmentEvents.LibraryVersionRecorded:
      return { ...next, libraryVersion: (event.data as AssessmentEventDataMap['AssessmentLibraryVersionRecorded']).version };
    case AssessmentEvents.ChildInformationSaved: {
      const { child } = event.data as AssessmentEventDataMap['ChildInformationSaved'];
      return {
        ...next,
        cin: child.cin,
        firstName: child.firstName,
        lastName: child.lastName,
        familyId: child.familyId,
        dateOfAssessment: child.dateOfAssessment,
        daysToNextAssessment: child.daysToNextAssessment,
      };
    }
    case AssessmentEvents.TypeChanged:
      return { ...next, assessmentType: (event.data as AssessmentEventDataMap['AssessmentTypeChanged']).to };
    case AssessmentEvents.CaregiverAdded:
      return { ...next, caregiverCount: row.caregiverCount + 1 };
    case AssessmentEvents.CaregiverRemoved:
      return { ...next, caregiverCount: Math.max(0, row.caregiverCount - 1) };
    case AssessmentEvents.FamilyCaregiversBound: {
      const d = event.data as AssessmentEventDataMap['FamilyCaregiversBound'];
      return { ...next, familyId: d.familyId, caregiverCount: row.caregiverCount + d.caregivers.length };
    }
    case AssessmentEvents.Completed:
      return { ...next, status: 'pendingApproval', completedAt: event.recordedAt };
    case AssessmentEvents.Returned:
      return { ...next, status: 'returned' };
    case AssessmentEvents.Approved:
      return { ...next, status: 'approved', approvedAt: event.recordedAt, approvedBy: (event.data as AssessmentEventDataMap['AssessmentApproved']).approvedBy };
    case AssessmentEvents.Closed:
      return { ...next, status: 'closed' };
    case AssessmentEvents.IncludedInReports:
      return { ...next, includedInReports: true };
    case AssessmentEvents.ExcludedFromReports:
      return { ...next, includedInReports: false };
    case AssessmentEvents.SharedWithUsers:
      return { ...next, sharedWith: [...(event.data as AssessmentEventDataMap['AssessmentSharedWithUsers']).userIds] };
    case AssessmentEvents.Reassigned: {
      const d = event.data as AssessmentEventDataMap['AssessmentReassigned'];
      return { ...next, ownerId: d.toUserId, agencyId: d.agencyId, sharedWith: row.sharedWith.filter((u) => u !== d.toUserId) };
    }
    default:
      return next;
  }
}

function startedRow(event: RecordedEvent, assessor: AssessmentAssessorDocument): AssessmentListDocument {
  const d = event.data as AssessmentEventDataMap['AssessmentStarted'];
  return {
    id: d.assessmentId,
    revision: event.revision,
    cin: '',
    firstName: '',
    lastName: '',
    fullName: '',
    familyId: null,
    dateOfAssessment: '',
    daysToNextAssessment: null,
    assessmentType: d.assessmentType,
    ownerId: d.ownerId,
    assessorFirstName: assessor.firstName,
    assessorLastName: assessor.lastName,
    assessorName: '',
    agencyId: d.agencyId,
    sharedWith: [],
    sharedWithKey: '||',
    status: 'incomplete',
    statusCode: 'i',
    includedInReports: true,
    previousAssessmentId: d.previousAssessmentId,
    libraryVersion: null,
    caregiverCount: 0,
    createdAt: event.recordedAt,
    createdBy: event.metadata.userId,
    lastModifiedAt: event.recordedAt,
    completedAt: null,
    approvedAt: null,
    approvedBy: null,
    hasLaterAssessment: false,
    nextAssessmentDueOn: null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Child groups: which assessment of a PID is the latest
// ---------------------------------------------------------------------------------------------------------

const memberOf = (row: AssessmentListDocument): ChildGroupMember => ({ id: row.id, dateOfAssessment: row.dateOfAssessment, createdAt: row.createdAt });

function latestOf(members: readonly ChildGroupMember[]): string | null {
  let latest: ChildGroupMember | null = null;
  for (const m of members) if (!latest || isLaterThan(m, latest)) latest = m;
  return latest?.id ?? null;
}

/**
 * Moves the row between child groups when its PID, date of assessment or existence changed, and returns the
 * row's own hasLaterAssessment. Other members whose flag changes are rewritten here.
 */
async function regroup(view: ProjectionView, before: AssessmentListDocument | null, after: AssessmentListDocument | null): Promise<boolean> {
  const beforeKey = before && before.cin ? childKeyOf(before.cin) : null;
  const afterKey = after && after.cin ? childKeyOf(after.cin) : null;
  const moved = beforeKey !== afterKey || before?.dateOfAssessment !== after?.dateOfAssessment;
  const selfId = (after ?? before)!.id;
  if (!moved) {
    if (!afterKey) return false;
    const group = await view.get<AssessmentChildDocument>(ASSESSMENT_CHILDREN_COLLECTION, afterKey);
    return group ? group.latestId !== selfId : false;
  }
  const touched = new Set([beforeKey, afterKey].filter((k): k is string => k !== null));
  let ownFlag = false;
  for (const key of touched) {
    const group = (await view.get<AssessmentChildDocument>(ASSESSMENT_CHILDREN_COLLECTION, key)) ?? { id: key, cin: after?.cin ?? before?.cin ?? key, members: [], latestId: null };
    const members = group.members.filter((m) => m.id !== selfId);
    if (key === afterKey && after) members.push(memberOf(after));
    const latestId = latestOf(members);
    if (members.length === 0) view.delete(ASSESSMENT_CHILDREN_COLLECTION, key);
    else view.upsert(ASSESSMENT_CHILDREN_COLLECTION, { ...group, cin: key === afterKey && after ? after.cin : group.cin, members, latestId });
    // Every other member's flag is "not the latest"; rewrite those whose flag changed.
    for (const member of members) {
      if (member.id === selfId) continue;
      const other = await view.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, member.id);
      if (!other) continue;
      const hasLater = latestId !== member.id;
      if (other.hasLaterAssessment !== hasLater) {
        const updated = withDerived({ ...other, hasLaterAssessment: hasLater });
        view.upsert(ASSESSMENT_LIST_COLLECTION, updated);
        // Its due date (and so its due-day counter) goes or comes back with the flag.
        await adjustCounters(view, other, updated);
      }
    }
    if (key === afterKey) ownFlag = latestId !== selfId;
  }
  return ownFlag;
}

// ---------------------------------------------------------------------------------------------------------
// Counters
// ---------------------------------------------------------------------------------------------------------

function counterKeys(row: AssessmentListDocument | null): Array<{ id: string; fields: Omit<AssessmentCounterDocument, 'id' | 'count'> }> {
  if (!row) return [];
  const day = row.lastModifiedAt.slice(0, 10);
  const keys: Array<{ id: string; fields: Omit<AssessmentCounterDocument, 'id' | 'count'> }> = [
    { id: `status|${row.status}|${day}`, fields: { kind: 'status-day', status: row.status, day } },
    // All-time totals: five documents, where summing the per-day counters would read one per status and day.
    { id: `status|${row.status}`, fields: { kind: 'status-total', status: row.status } },
  ];
  // The overdue / follow-up tabs are ranges of due days: their totals sum these instead of counting rows.
  if (row.nextAssessmentDueOn) keys.push({ id: `due|${row.nextAssessmentDueOn}`, fields: { kind: 'due-day', day: row.nextAssessmentDueOn } });
  if (row.dateOfAssessment) {
    const month = row.dateOfAssessment.slice(0, 7);
    keys.push({ id: `month|${month}|${row.assessmentType}`, fields: { kind: 'month-type', month, assessmentType: row.assessmentType } });
  }
  return keys;
}

async function bump(view: ProjectionView, id: string, fields: Omit<AssessmentCounterDocument, 'id' | 'count'>, delta: number): Promise<void> {
  const current = await view.get<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, id);
  const count = (current?.count ?? 0) + delta;
  if (count <= 0) view.delete(ASSESSMENT_COUNTERS_COLLECTION, id);
  else view.upsert(ASSESSMENT_COUNTERS_COLLECTION, { ...fields, id, count });
}

async function adjustCounters(view: ProjectionView, before: AssessmentListDocument | null, after: AssessmentListDocument | null): Promise<void> {
  const old = counterKeys(before);
  const now = counterKeys(after);
  const oldIds = new Set(old.map((k) => k.id));
  const newIds = new Set(now.map((k) => k.id));
  for (const key of old) if (!newIds.has(key.id)) await bump(view, key.id, key.fields, -1);
  for (const key of now) if (!oldIds.has(key.id)) await bump(view, key.id, key.fields, +1);
}

// ---------------------------------------------------------------------------------------------------------
// Shares
// ---------------------------------------------------------------------------------------------------------

function syncShares(view: ProjectionView, assessmentId: string, before: readonly string[], after: readonly string[]): void {
  for (const userId of before) if (!after.includes(userId)) view.delete(ASSESSMENT_SHARES_COLLECTION, shareId(assessmentId, userId));
  for (const userId of after) if (!before.includes(userId)) view.upsert(ASSESSMENT_SHARES_COLLECTION, { id: shareId(assessmentId, userId), assessmentId, userId });
}

// ---------------------------------------------------------------------------------------------------------
// Users: assessor names
// ---------------------------------------------------------------------------------------------------------

async function applyUserEvent(event: RecordedEvent, view: ProjectionView): Promise<void> {
  const data = event.data as UserCreatedData | UserUpdatedData | UserProfileUpdatedData;
  const assessor = await assessorOf(view, data.userId);
  if (assessor.firstName === data.firstName && assessor.lastName === data.lastName && event.type !== UserEvents.Created) return;
  view.upsert(ASSESSMENT_ASSESSORS_COLLECTION, { ...assessor, firstName: data.firstName, lastName: data.lastName });
  for (const assessmentId of assessor.assessmentIds) {
    const row = await view.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, assessmentId);
    if (row) view.upsert(ASSESSMENT_LIST_COLLECTION, withDerived({ ...row, assessorFirstName: data.firstName, assessorLastName: data.lastName }));
  }
}

// ---------------------------------------------------------------------------------------------------------

export const assessmentListProjection = defineProjection({
  name: 'assessment-list',
  // 2: status-total and due-day counters, trigram search indexes.
  version: 2,
  collections: [
    {
      name: ASSESSMENT_LIST_COLLECTION,
      indexes: [
        'id',
        'ownerId',
        'agencyId',
        'status',
        'cin',
        'fullName',
        'assessorName',
        'dateOfAssessment',
        'lastModifiedAt',
        'createdAt',
        'familyId',
        'nextAssessmentDueOn',
      ],
      // Global search: case-insensitive substring on PID and child name.
      searchIndexes: ['cin', 'fullName'],
    },
    { name: ASSESSMENT_CHILDREN_COLLECTION },
    { name: ASSESSMENT_ASSESSORS_COLLECTION },
    { name: ASSESSMENT_SHARES_COLLECTION, indexes: ['userId', 'assessmentId'] },
    { name: ASSESSMENT_COUNTERS_COLLECTION, indexes: ['kind', 'day', 'month'] },
  ],
  eventTypes: [...Object.values(AssessmentEvents), ...USER_EVENT_TYPES],
  async apply(event, view) {
    if (USER_EVENT_TYPES.includes(event.type)) return applyUserEvent(event, view);
    if (!isAssessmentEventType(event.type)) return;
    const assessmentId = (event.data as { assessmentId: string }).assessmentId;
    const before = await view.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, assessmentId);

    let after: AssessmentListDocument | null;
    if (event.type === AssessmentEvents.Started) {
      if (before) return; // a stream starts once; a repeated Started changes nothing
      const ownerId = (event.data as AssessmentEventDataMap['AssessmentStarted']).ownerId;
      after = startedRow(event, await addOwned(view, ownerId, assessmentId));
    } else if (!before) {
      return;
    } else if (event.type === AssessmentEvents.Deleted) {
      after = null;
      await removeOwned(view, before.ownerId, assessmentId);
    } else {
      after = evolveRow(before, event);
      if (event.type === AssessmentEvents.Reassigned && after.ownerId !== before.ownerId) {
        await removeOwned(view, before.ownerId, assessmentId);
        const assessor = await addOwned(view, after.ownerId, assessmentId);
        after = { ...after, assessorFirstName: assessor.firstName, assessorLastName: assessor.lastName };
      }
    }

    syncShares(view, assessmentId, before?.sharedWith ?? [], after?.sharedWith ?? []);
    // Only a new assessment, a changed PID or date of assessment, or a deletion can move a row between child
    // groups; every other event (an answer, a comment …) keeps the row's flag, so it costs no group read.
    const canMove = event.type === AssessmentEvents.Started || event.type === AssessmentEvents.ChildInformationSaved || event.type === AssessmentEvents.Deleted;
    const hasLater = canMove || !before ? await regroup(view, before, after) : before.hasLaterAssessment;
    if (after) {
      after = withDerived({ ...after, hasLaterAssessment: hasLater });
      view.upsert(ASSESSMENT_LIST_COLLECTION, after);
    } else {
      view.delete(ASSESSMENT_LIST_COLLECTION, assessmentId);
    }
    await adjustCounters(view, before, after);
  },
});
