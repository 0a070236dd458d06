import { Inject, Injectable } from '@nestjs/common';
import { caseloadsOfOwners } from '@cans/projections/assessments/assessment-list/counters';
import { addDays } from '@cans/domain/assessments';
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
  /** Next assessment due from today to 30 days ahead. */
  readonly dueSoon: number;
  /** Next assessment due before today. */
  readonly pastDue: number;
  /** For each number, the list filter that shows exactly those rows. */
  readonly filters: Record<'children' | 'inProgress' | 'pendingApproval' | 'completed' | 'dueSoon' | 'pastDue', ListFilter>;
}

export interface SupervisorCaseloads {
  /** 'yyyy-MM-dd' (UTC): "due soon" is due from `today` to `dueUntil`, "past due" before `today`. */
  readonly today: string;
  readonly dueUntil: string;
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
    const supervisor = await this.access.user(principal.id);
    const workerIds = [...new Set(supervisor?.superviseeIds ?? [])].filter((id) => id !== principal.id);
    if (workerIds.length === 0) return { today, dueUntil, workers: [] };
    const [names, caseloads] = await Promise.all([
      this.access.userNames(workerIds),
      caseloadsOfOwners(this.readStore, workerIds, { today, dueUntil }),
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
        pastDue: caseload.pastDue,
        filters: {
          children: { ownerId, latest: 'true' },
          inProgress: { ownerId, status: ['i', 'r'] },
          pendingApproval: { ownerId, status: 'c' },
          completed: { ownerId, status: 'a' },
          dueSoon: { ownerId, dueFrom: today, dueTo: dueUntil },
          pastDue: { ownerId, dueTo: addDays(today, -1) },
        },
      };
    });
    return { today, dueUntil, workers: workers.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) };
  }
}
