import { Inject, Injectable } from '@nestjs/common';
import {
  assessmentListTotalFromCounters,
  countAssessmentRows,
  statusCountsSince,
} from '@cans/projections/assessments/assessment-list.queries';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import { ASSESSMENT_STATUS_CODES, addDays } from '@cans/domain/assessments';
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
  /** The current month (yyyy-MM, UTC) and its assessments by date of assessment (the list's `date` preset). */
  readonly month: string;
  readonly assessedThisMonth: number;
}

const STATUS_CODES = ['i', 'r', 'c', 'a', 'e'] as const;

/**
 * Home counts (spec 001 "Five count cards … Each links to the assessment list with the status and the period", the
 * overdue and follow-up links). Every count is the total the assessment list would show for the same filter —
 * it runs the list's own filter (assessmentListFilter) and row-access scope (AssessmentAccessService.listScope)
 * over the same read model, so a card and the list it links to never disagree. For users who see everything the
 * status counts come from the list projection's status-per-day counters (same rows, same last-update day bound),
 * which stays a few hundred small documents however many assessments there are, and the overdue / follow-up
 * counts from its due-day counters (assessmentListTotalFromCounters).
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
    const scope = await this.access.listScope(principal);
    const count = (listFilter: Record<string, unknown>) => {
      const { filter } = assessmentListFilter(listFilter, today);
      const where: Filter = Object.keys(scope.filter).length ? { $and: [scope.filter, filter] } : filter;
      return countAssessmentRows(this.readStore, where);
    };
    const period = days === null ? {} : { period: days };
    // Who sees everything (administrator, state-level monitor, API client) reads the state-wide status counters
    // the list projection keeps per day of last update, instead of counting up to every row of the list.
    const byStatus = scope.scope.everything
      ? this.statusCountersSince(days === null ? null : addDays(today, -days))
      : Promise.all(STATUS_CODES.map((status) => count({ status, ...period })));
    const tab = async (view: 'overdue' | 'followUp') =>
      (scope.scope.everything ? await assessmentListTotalFromCounters(this.readStore, { view }, today) : null) ?? (await count({ view }));
    const month = today.slice(0, 7);
    const [[i, r, c, a, e], overdue, followUp, assessedThisMonth] = await Promise.all([
      byStatus,
      tab('overdue'),
      tab('followUp'),
      count({ month }),
    ]);
    return {
      days,
      byStatus: { i, r, c, a, e },
      pendingApproval: c,
      incomplete: i,
      returned: r,
      approved: a,
      closed: e,
      overdue,
      followUp,
      month,
      assessedThisMonth,
    };
  }

  /** Live assessments per status code (i, r, c, a, e), last updated on or after `sinceDay` (null: ever). */
  private async statusCountersSince(sinceDay: string | null): Promise<number[]> {
    const totals = new Map<string, number>();
    for (const [status, count] of await statusCountsSince(this.readStore, sinceDay)) {
      const code = ASSESSMENT_STATUS_CODES[status];
      totals.set(code, (totals.get(code) ?? 0) + count);
    }
    return STATUS_CODES.map((code) => totals.get(code) ?? 0);
  }
}
