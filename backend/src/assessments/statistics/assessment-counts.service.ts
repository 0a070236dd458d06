import { Inject, Injectable } from '@nestjs/common';
import {
  assessmentListTotalFromCounters,
  countAssessmentRows,
  statusCountsSince,
} from '@cans/projections/assessments/assessment-list.queries';
import { countsOfOwners, stateWideMonthCount } from '@cans/projections/assessments/assessment-list/counters';
import { findReminderSettings } from '@cans/projections/administration/settings.projection';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentListScope, AssessmentPrincipal } from '../access/assessment-access.service';
import { ASSESSMENT_STATUS_CODES, AssessmentStatus, addDays } from '@cans/domain/assessments';
import { assessmentListFilter, LAST_UPDATED_DAYS } from '../queries/assessment-list.queries';
import { FieldValidationException } from '../../platform/http/validation';

/** The home page's period choices (spec 001 "Period radio: Last 7, 30 or 90 days (default 7)"). */
export const HOME_PERIOD_DAYS = [7, 30, 90] as const;

export interface AssessmentCounts {
  /** The period applied to the status counts, in days of last update; null: all time. */
  readonly days: number | null;
  /** Counts per status code (i Incomplete, r Returned, c Pending Approval, a Approved, e Closed). */
  readonly byStatus: { readonly i: number; readonly r: number; readonly c: number; readonly a: number; readonly e: number };
  /** The spec's home counts by name (pendingApprovalVal, incompleteVal, returnedVal, approvedVal, closedVal). */
  readonly pendingApproval: number;
  readonly incomplete: number;
  readonly returned: number;
  readonly approved: number;
  readonly closed: number;
  /** Overdue and Follow up tabs (not limited by the period: a due date is not an update). */
  readonly overdue: number;
  readonly followUp: number;
  /** Days after its due date from which a next assessment is overdue (before that, Follow up): the cards' tooltips. */
  readonly overdueAfterDays: number;
  /** The current month (yyyy-MM, UTC) and its assessments by date of assessment (the list's `date` preset). */
  readonly month: string;
  readonly assessedThisMonth: number;
}

const STATUS_CODES = ['i', 'r', 'c', 'a', 'e'] as const;

/**
 * Home counts (spec 001 "Five count cards … Each links to the assessment list with the status and the period", the
 * overdue and follow-up links). Every count is the total the assessment list would show for the same filter and
 * row-access scope (AssessmentAccessService.listScope), so a card and the list it links to never disagree — but
 * none of them counts rows of the list one by one:
 * - who sees everything (administrator, state-level monitor, API client) reads the list projection's state-wide
 *   counters (status per day of last update, due day, month of assessment);
 * - everyone else sees the rows of a set of owners (self, supervisees, parent group) — read from those owners'
 *   counters (counters.ts, countsOfOwners) — plus, for some, other rows (shared with them, their agencies',
 *   temporary access): those are counted exactly, leaving out the owners' rows already counted.
 */
@Injectable()
export class AssessmentCountsService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly access: AssessmentAccessService,
  ) {}

  async countsFor(principal: AssessmentPrincipal, days: number | null, now: Date = new Date()): Promise<AssessmentCounts> {
    if (days !== null && !(LAST_UPDATED_DAYS as readonly number[]).includes(days)) {
      throw new FieldValidationException({ days: [`must be one of ${HOME_PERIOD_DAYS.join(', ')}`] });
    }
    const today = now.toISOString().slice(0, 10);
    const month = today.slice(0, 7);
    const [scope, { daysOfTimeoutAlert }] = await Promise.all([this.access.listScope(principal), findReminderSettings(this.readStore)]);
    const counts = scope.scope.everything
      ? await this.stateWide(today, days, daysOfTimeoutAlert)
      : await this.ofScope(scope, today, days, daysOfTimeoutAlert);
    const [i, r, c, a, e] = STATUS_CODES.map((code) => counts.byStatus.get(code) ?? 0);
    return {
      days,
      byStatus: { i, r, c, a, e },
      pendingApproval: c,
      incomplete: i,
      returned: r,
      approved: a,
      closed: e,
      overdue: counts.overdue,
      followUp: counts.followUp,
      overdueAfterDays: Math.max(0, daysOfTimeoutAlert),
      month,
      assessedThisMonth: counts.month,
    };
  }

  /** From the state-wide counters. */
  private async stateWide(today: string, days: number | null, daysOfTimeoutAlert: number): Promise<CodeCounts> {
    const tab = (view: 'overdue' | 'followUp') =>
      assessmentListTotalFromCounters(this.readStore, { view }, today, daysOfTimeoutAlert).then((n) => n ?? 0);
    const [statuses, overdue, followUp, month] = await Promise.all([
      statusCountsSince(this.readStore, days === null ? null : addDays(today, -days)),
      tab('overdue'),
      tab('followUp'),
      stateWideMonthCount(this.readStore, today.slice(0, 7)),
    ]);
    return { byStatus: byCode(statuses), overdue, followUp, month };
  }

  /**
   * Rows of the scope's owners from their counters, plus the scope's other rows (shared, agency, temporary) that
   * none of those owners owns, counted. Every row an owner of the scope owns is in the scope (the policy's filter
   * starts with `ownerId in owners`), so the two parts add up to the scope without overlap.
   */
  private async ofScope(scope: AssessmentListScope, today: string, days: number | null, daysOfTimeoutAlert: number): Promise<CodeCounts> {
    const owners = [...new Set([scope.scope.actorId, ...scope.scope.editableOwnerIds, ...scope.scope.viewableOwnerIds])];
    const overdueBefore = addDays(today, -Math.max(0, daysOfTimeoutAlert));
    const owned = countsOfOwners(this.readStore, owners, {
      since: days === null ? null : addDays(today, -days),
      overdueBefore,
      today,
      month: today.slice(0, 7),
    });
    const scopeClauses = (scope.filter.$or as Filter[] | undefined) ?? [scope.filter];
    if (scopeClauses.length <= 1) {
      const counts = await owned;
      return { ...counts, byStatus: byCode(counts.byStatus) };
    }
    const others: Filter = { $and: [scope.filter, { ownerId: { $nin: owners } }] };
    const count = (listFilter: Record<string, unknown>) =>
      countAssessmentRows(this.readStore, { $and: [others, assessmentListFilter(listFilter, today, daysOfTimeoutAlert).filter] });
    const period = days === null ? {} : { period: days };
    const [counts, statuses, overdue, followUp, month] = await Promise.all([
      owned,
      Promise.all(STATUS_CODES.map((status) => count({ status, ...period }))),
      count({ view: 'overdue' }),
      count({ view: 'followUp' }),
      count({ month: today.slice(0, 7) }),
    ]);
    const byStatus = byCode(counts.byStatus);
    STATUS_CODES.forEach((code, index) => byStatus.set(code, (byStatus.get(code) ?? 0) + statuses[index]));
    return { byStatus, overdue: counts.overdue + overdue, followUp: counts.followUp + followUp, month: counts.month + month };
  }
}

interface CodeCounts {
  /** By status code (i, r, c, a, e). */
  byStatus: Map<string, number>;
  overdue: number;
  followUp: number;
  month: number;
}

function byCode(statuses: Map<AssessmentStatus, number>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [status, count] of statuses) {
    const code = ASSESSMENT_STATUS_CODES[status];
    totals.set(code, (totals.get(code) ?? 0) + count);
  }
  return totals;
}
