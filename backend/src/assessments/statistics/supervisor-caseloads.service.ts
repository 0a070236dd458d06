import { Inject, Injectable } from '@nestjs/common';
import { caseloadsOfOwners } from '@cans/projections/assessments/assessment-list/counters';
import { addDays } from '@cans/domain/assessments';
import { findReminderSettings } from '@cans/projections/administration/settings.projection';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';

/** "Reassessments due within 30 days" (the California CANS supervisor dashboard). */
export const DUE_SOON_DAYS = 30;

/** The assessment list filter (GET /api/assessments `filter`) that shows the rows behind one number. */
export type ListFilter = Record<string, string | string[]>;

export interface WorkerCaseload {
  /** The supervised worker (user id) and their name. */
  readonly id: string;
  readonly name: string;
  /** Children whose latest assessment is the worker's (each child once). */
  readonly children: number;
  /** Incomplete and returned. */
  readonly inProgress: number;
  readonly pendingApproval: number;
  /** Approved. */
  readonly completed: number;
  /** Next assessment due from tomorrow to 30 days ahead. */
  readonly dueSoon: number;
  /**
   * The overdue list's two tabs, by the same rule (reminders.ts): Follow up is due (the day has come) and fewer than
   * `overdueAfterDays` days late; Overdue is that many days late or more.
   */
  readonly followUp: number;
  readonly overdue: number;
  /** For each number, the list filter that shows exactly those rows. */
  readonly filters: Record<'children' | 'inProgress' | 'pendingApproval' | 'completed' | 'dueSoon' | 'followUp' | 'overdue', ListFilter>;
}

export interface SupervisorCaseloads {
  /** 'yyyy-MM-dd' (UTC): "due soon" is due after `today` up to `dueUntil`. */
  readonly today: string;
  readonly dueUntil: string;
  /** Days after its due date from which a next assessment is overdue (the reminder settings' days of timeout alert). */
  readonly overdueAfterDays: number;
  /** One row per worker the caller supervises directly, by name; [] for who supervises nobody. */
  readonly workers: WorkerCaseload[];
}

/**
 * The supervisor table of the home page (issue 13: "a table per supervised worker with total children, in progress,
 * pending approval, completed, reassessments due within 30 days and past due, each number a link to the filtered
 * list"). Rows: the caller's direct supervisees — every one of their assessments is in the caller's row access (the
 * supervisor tree), so each number is what the list linked to shows. The numbers come from each worker's counters
 * (counters.ts, caseloadsOfOwners): a handful of documents per worker, whatever the size of the caseload.
 */
@Injectable()
export class SupervisorCaseloadsService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly access: AssessmentAccessService,
  ) {}

  async caseloadsFor(principal: AssessmentPrincipal, now: Date = new Date()): Promise<SupervisorCaseloads> {
    const today = now.toISOString().slice(0, 10);
    const dueUntil = addDays(today, DUE_SOON_DAYS);
    const [supervisor, { daysOfTimeoutAlert }] = await Promise.all([this.access.user(principal.id), findReminderSettings(this.readStore)]);
    const overdueAfterDays = Math.max(0, daysOfTimeoutAlert);
    const overdueBefore = addDays(today, -overdueAfterDays);
    const workerIds = [...new Set(supervisor?.superviseeIds ?? [])].filter((id) => id !== principal.id);
    if (workerIds.length === 0) return { today, dueUntil, overdueAfterDays, workers: [] };
    const [names, caseloads] = await Promise.all([
      this.access.userNames(workerIds),
      caseloadsOfOwners(this.readStore, workerIds, { today, dueUntil, overdueBefore }),
    ]);
    const workers = workerIds.map((id): WorkerCaseload => {
      const caseload = caseloads.get(id)!;
      const status = (name: 'incomplete' | 'returned' | 'pendingApproval' | 'approved') => caseload.byStatus.get(name) ?? 0;
      const ownerId = id;
      return {
        id,
        name: names.get(id) ?? id,
        children: caseload.children,
        inProgress: status('incomplete') + status('returned'),
        pendingApproval: status('pendingApproval'),
        completed: status('approved'),
        dueSoon: caseload.dueSoon,
        followUp: caseload.followUp,
        overdue: caseload.overdue,
        filters: {
          children: { ownerId, latest: 'true' },
          inProgress: { ownerId, status: ['i', 'r'] },
          pendingApproval: { ownerId, status: 'c' },
          completed: { ownerId, status: 'a' },
          dueSoon: { ownerId, dueFrom: addDays(today, 1), dueTo: dueUntil },
          followUp: { ownerId, dueFrom: addDays(overdueBefore, 1), dueTo: today },
          overdue: { ownerId, dueTo: overdueBefore },
        },
      };
    });
    return { today, dueUntil, overdueAfterDays, workers: workers.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) };
  }
}
