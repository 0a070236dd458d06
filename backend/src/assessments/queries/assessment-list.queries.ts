import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AssessmentListDocument } from '@cans/projections/assessments/assessment-list.projection';
import { reminderFactsOf } from '@cans/projections/assessments/assessment-list/documents';
import {
  ASSESSMENT_LIST_SORT_FIELDS,
  assessmentListTotalFromCounters,
  findAssessmentRows,
} from '@cans/projections/assessments/assessment-list.queries';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { ACCEPTED_DATE_RANGE, isCalendarDate, isCalendarMonth } from '../../platform/http/field-validators';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import {
  ASSESSMENT_STATUS_LABELS,
  AssessmentContext,
  AssessmentStatus,
  addDays,
  remindersFor,
  type ReminderSettings,
  type OptionItem,
  statusFromCode,
  AssessmentActions,
  assessmentActions,
} from '@cans/domain/assessments';
import { findReminderSettings } from '@cans/projections/administration/settings.projection';
import { isPrivilege } from '@cans/domain/identity/privileges';
import { optionItemName } from '@cans/domain/administration/option-lists.decider';
import { ChildFormSettingsService } from '../../administration/child-form/child-form-settings.service';

/** Spec §9: last-updated choices (days). */
export const LAST_UPDATED_DAYS = [7, 14, 30, 45, 90] as const;

// The counters' total lives with the read model; re-exported for the benchmarks that call it from here.
export { assessmentListTotalFromCounters };

export const assessmentListRules: ListRules = {
  sortable: Object.keys(ASSESSMENT_LIST_SORT_FIELDS),
  // Spec default sort -lud.
  defaultSort: { field: 'lud', direction: 'desc' },
  filterable: [
    'q',
    'status',
    'view',
    'scope',
    'period',
    'lud',
    'month',
    'date',
    'ownerId',
    'assessor',
    'agencyId',
    'dateFrom',
    'dateTo',
    'dueFrom',
    'dueTo',
    'latest',
    'id',
  ],
  maxPageSize: 100,
};

export interface AssessmentListRow {
  id: string;
  cin: string;
  fullName: string;
  firstName: string;
  lastName: string;
  assessmentType: string;
  assessmentTypeName: string;
  status: AssessmentStatus;
  statusCode: string;
  statusLabel: string;
  /** Incomplete: days since creation; Returned: days since last change; overdue view: days overdue; else null. */
  dayCount: number | null;
  dateOfAssessment: string;
  ownerId: string;
  ownerName: string;
  assessorFirstName: string;
  assessorLastName: string;
  agencyId: string | null;
  agencyName?: string | null;
  createdAt: string;
  updatedAt: string;
  nextDueDate: string | null;
  includedInReports: boolean;
  /** Spec onlyView: the row offers View only. */
  onlyView: boolean;
  actions: AssessmentActions;
}

export class ListAssessmentsQuery {
  constructor(
    readonly principal: AssessmentPrincipal,
    readonly list: ListRequest,
    readonly now: Date = new Date(),
  ) {}
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The list filter (besides row access). Every field it filters or sorts on is an index of assessment_list
 * (assessment-list.projection.ts), so a page of 20 stays an index scan at 100k rows.
 */
export function assessmentListFilter(
  filter: Record<string, unknown>,
  today: string,
  daysOfTimeoutAlert: number,
): { filter: Filter; view: 'all' | 'overdue' | 'followUp' } {
  const errors: Record<string, string[]> = {};
  const clauses: Filter[] = [];
  const view = filter.view === undefined || filter.view === 'all' ? 'all' : filter.view;
  if (view !== 'all' && view !== 'overdue' && view !== 'followUp') errors.view = ['must be all, overdue or followUp'];

  if (filter.status !== undefined && filter.status !== 'all' && filter.status !== '') {
    const codes = Array.isArray(filter.status) ? filter.status : [filter.status];
    const statuses = codes.map((c) => (typeof c === 'string' ? statusFromCode(c) : undefined));
    if (statuses.some((s) => s === undefined || s === 'deleted')) errors.status = ['must be all, i, r, c, a or e'];
    else clauses.push({ status: { $in: statuses as string[] } });
  }
  // Global search scope (spec §9: 1 All, 0 Open, -1 Closed).
  if (filter.scope !== undefined && String(filter.scope) !== '1') {
    if (String(filter.scope) === '0') clauses.push({ status: { $ne: 'closed' } });
    else if (String(filter.scope) === '-1') clauses.push({ status: 'closed' });
    else errors.scope = ['must be 1 (All), 0 (Open) or -1 (Closed)'];
  }
  if (filter.q !== undefined && filter.q !== null && typeof filter.q !== 'string') errors.q = ['must be text'];
  else if (isText(filter.q)) {
    const q = filter.q.trim();
    clauses.push({ $or: [{ cin: { $contains: q } }, { fullName: { $contains: q } }] });
  }
  const days = filter.lud ?? filter.period;
  if (days !== undefined && days !== '' && days !== null) {
    const n = Number(days);
    if (!(LAST_UPDATED_DAYS as readonly number[]).includes(n))
      errors[filter.lud !== undefined ? 'lud' : 'period'] = [`must be one of ${LAST_UPDATED_DAYS.join(', ')}`];
    else clauses.push({ lastModifiedAt: { $gte: `${addDays(today, -n)}T00:00:00.000Z` } });
  }
  const month = filter.month ?? filter.date;
  if (month !== undefined && month !== '') {
    if (!isCalendarMonth(month)) errors[filter.month !== undefined ? 'month' : 'date'] = ['must be yyyy-MM from 1900-01 to 9999-12'];
    else {
      const { from, to } = monthRange(month);
      clauses.push({ dateOfAssessment: { $gte: from, $lte: to } });
    }
  }
  for (const [key, op] of [
    ['dateFrom', '$gte'],
    ['dateTo', '$lte'],
  ] as const) {
    const value = filter[key];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !isCalendarDate(value.slice(0, 10))) errors[key] = [`must be yyyy-MM-dd ${ACCEPTED_DATE_RANGE}`];
    else clauses.push({ dateOfAssessment: { [op]: value.slice(0, 10) } });
  }
  // Next assessment due in a range of days (the supervisor table's "due within 30 days" and "past due"); the '' lower
  // bound keeps the range off the null due dates, as the tabs below.
  const due: Record<string, string> = {};
  for (const [key, op] of [
    ['dueFrom', '$gte'],
    ['dueTo', '$lte'],
  ] as const) {
    const value = filter[key];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !isCalendarDate(value)) errors[key] = [`must be yyyy-MM-dd ${ACCEPTED_DATE_RANGE}`];
    else due[op] = value;
  }
  if (Object.keys(due).length) clauses.push({ nextAssessmentDueOn: { $gt: '', ...due } });
  // Each child's latest assessment only (the supervisor table's "total children").
  if (filter.latest !== undefined && filter.latest !== '') {
    if (filter.latest !== true && filter.latest !== 'true') errors.latest = ['must be true'];
    else clauses.push({ hasLaterAssessment: false });
  }
  const owner = filter.ownerId ?? filter.assessor;
  if (owner !== undefined && owner !== '') {
    if (!isText(owner)) errors.ownerId = ['must be a user id'];
    else clauses.push({ ownerId: owner });
  }
  if (filter.agencyId !== undefined && filter.agencyId !== '') {
    if (!isText(filter.agencyId)) errors.agencyId = ['must be an agency id'];
    else clauses.push({ agencyId: filter.agencyId });
  }
  if (filter.id !== undefined) {
    const ids: unknown[] = Array.isArray(filter.id) ? filter.id : [filter.id];
    if (!ids.every((id) => typeof id === 'string')) errors.id = ['must be an assessment id or a list of them'];
    else clauses.push({ id: { $in: ids as string[] } });
  }
  // Overdue / follow-up (spec "Overdue and follow-up screen", reminders.ts): approved, latest, due date reached.
  const timeout = Math.max(0, daysOfTimeoutAlert);
  const overdueBefore = addDays(today, -timeout);
  // Only an approved assessment that is its child's latest has a due date (the projection computes it), so the
  // tabs are one range over the indexed due date.
  // The '' lower bound keeps the range off the null due dates (jsonb null sorts before every string), so it stays
  // a narrow index range instead of a scan of every row without a due date.
  if (view === 'overdue') clauses.push({ nextAssessmentDueOn: { $gt: '', $lte: overdueBefore } });
  if (view === 'followUp') clauses.push({ nextAssessmentDueOn: { $lte: today, $gt: overdueBefore } });

  if (Object.keys(errors).length)
    throw new FieldValidationException(
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [`filter.${k}`, v])),
      'Invalid list parameters.',
    );
  return { filter: clauses.length ? { $and: clauses } : {}, view: view as 'all' | 'overdue' | 'followUp' };
}

@QueryHandler(ListAssessmentsQuery)
export class ListAssessmentsHandler implements IQueryHandler<ListAssessmentsQuery, { rows: AssessmentListRow[]; total: number }> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly access: AssessmentAccessService,
    private readonly childForm: ChildFormSettingsService,
  ) {}

  async execute({ principal, list, now }: ListAssessmentsQuery) {
    const today = now.toISOString().slice(0, 10);
    // The saved reminder settings, read per request: a save changes the tabs and day counts at once.
    const reminders = await findReminderSettings(this.readStore);
    const { filter, view } = assessmentListFilter(list.filter, today, reminders.daysOfTimeoutAlert);
    const scope = await this.access.listScope(principal);
    const where: Filter = Object.keys(scope.filter).length ? { $and: [scope.filter, filter] } : filter;
    // Who sees everything may be answered from the counters; everyone else's total is counted.
    const countersTotal = async () =>
      Object.keys(scope.filter).length === 0
        ? assessmentListTotalFromCounters(this.readStore, list.filter, today, reminders.daysOfTimeoutAlert)
        : null;
    const { rows: docs, total: count } = await findAssessmentRows(this.readStore, where, list, countersTotal);
    const [agencies, { assessmentTypes }] = await Promise.all([
      this.access.agencyNames(docs.map((d) => d.agencyId)),
      this.childForm.optionLists(),
    ]);
    const rows = docs.map((doc) => ({
      ...this.row(doc, principal, scope.scope, view, now, reminders, assessmentTypes),
      agencyName: doc.agencyId ? (agencies.get(doc.agencyId) ?? null) : null,
    }));
    return { rows, total: count };
  }

  private row(
    doc: AssessmentListDocument,
    principal: AssessmentPrincipal,
    scope: Awaited<ReturnType<AssessmentAccessService['listScope']>>['scope'],
    view: 'all' | 'overdue' | 'followUp',
    now: Date,
    settings: ReminderSettings,
    assessmentTypes: readonly OptionItem[],
  ): AssessmentListRow {
    const { rowAccess } = this.access.rowAccessInScope(scope, doc);
    const ctx: AssessmentContext = {
      actorId: principal.id,
      privileges: principal.privileges.filter(isPrivilege),
      rowAccess,
      now,
      oldData: doc.hasLaterAssessment,
    };
    const actions = assessmentActions(
      { exists: true, status: doc.status, includedInReports: doc.includedInReports, ownerId: doc.ownerId },
      ctx,
    );
    const reminders = remindersFor(reminderFactsOf(doc), settings, now);
    const overdueDays =
      reminders.overdueFrom && reminders.daysPastDue !== null ? Math.max(0, reminders.daysPastDue - settings.daysOfTimeoutAlert) : null;
    return {
      id: doc.id,
      cin: doc.cin,
      fullName: doc.fullName,
      firstName: doc.firstName,
      lastName: doc.lastName,
      assessmentType: doc.assessmentType,
      // The configured "Initialized" list: rows store the id, so a renamed type shows its new name.
      assessmentTypeName: optionItemName(assessmentTypes, doc.assessmentType),
      status: doc.status,
      statusCode: doc.statusCode,
      statusLabel: ASSESSMENT_STATUS_LABELS[doc.status],
      dayCount: view === 'overdue' ? overdueDays : view === 'followUp' ? reminders.daysPastDue : reminders.statusDays,
      dateOfAssessment: doc.dateOfAssessment,
      ownerId: doc.ownerId,
      ownerName: doc.assessorName,
      assessorFirstName: doc.assessorFirstName,
      assessorLastName: doc.assessorLastName,
      agencyId: doc.agencyId,
      createdAt: doc.createdAt,
      updatedAt: doc.lastModifiedAt,
      nextDueDate: doc.nextAssessmentDueOn,
      includedInReports: doc.includedInReports,
      onlyView: !actions.edit,
      actions,
    };
  }
}
