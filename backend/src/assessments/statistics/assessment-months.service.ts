import { Inject, Injectable } from '@nestjs/common';
import { countAssessmentRows, findAssessmentRows } from '@cans/projections/assessments/assessment-list.queries';
import {
  monthsBetween,
  MonthTypeCounts,
  monthTypeCountsOfOwners,
  stateWideMonthTypeCounts,
} from '@cans/projections/assessments/assessment-list/counters';
import { optionItemName } from '@cans/domain/administration/option-lists.decider';
import { getOptionList } from '@cans/projections/administration/option-lists.queries';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentListScope, AssessmentPrincipal } from '../access/assessment-access.service';

/** Months the home charts show (spec 001 "Bar chart of assessments per month", getLastYearPerMonthCase). */
export const CHART_MONTHS = 12;

/**
 * Rows of a scope beyond its owners (shared, agency, temporary access) are read and tallied when there are at most
 * this many in the window; more (an agency monitor's whole agency) are counted per month and type instead.
 */
export const MAX_ROWS_TO_TALLY = 2000;

export interface MonthlyAssessmentCounts {
  /** The last 12 months ('yyyy-MM', UTC), oldest first, the current month last. */
  readonly months: string[];
  /** Assessments per month by date of assessment, aligned with `months` (what the list's `date` preset shows). */
  readonly totals: number[];
  /** The configured assessment types and any other type counted, each with its counts aligned with `months`. */
  readonly types: Array<{ id: string; name: string; counts: number[] }>;
}

/** 'yyyy-MM' → the month `n` months before it. */
function monthsBefore(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 - n, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * The home charts (spec 001 §2 "Bar chart of assessments per month", "Line chart of assessments per month per
 * assessment type"): assessments of the last 12 months by month of the date of assessment and by type, over the rows
 * the caller may see — the same scope and the same rows as the assessment list with `date=yyyy-MM`. Like the home
 * counts (assessment-counts.service.ts) it reads counters, never the rows of the owners in scope: state-wide counters
 * for who sees everything; otherwise the owners' month counters plus the scope's other rows, which are few.
 */
@Injectable()
export class AssessmentMonthsService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly access: AssessmentAccessService,
  ) {}

  async monthlyFor(
    principal: AssessmentPrincipal,
    now: Date = new Date(),
    maxRowsToTally = MAX_ROWS_TO_TALLY,
  ): Promise<MonthlyAssessmentCounts> {
    const to = now.toISOString().slice(0, 7);
    const from = monthsBefore(to, CHART_MONTHS - 1);
    const months = monthsBetween(from, to);
    const scope = await this.access.listScope(principal);
    const [counts, { items: types }] = await Promise.all([
      scope.scope.everything ? stateWideMonthTypeCounts(this.readStore, from, to) : this.ofScope(scope, from, to, maxRowsToTally),
      // The configured "Initialized" list (read here, not through ChildFormSettingsService, so the benchmark can
      // build this service from the read store alone).
      getOptionList(this.readStore, 'initialized'),
    ]);
    const typeIds = types.map((type) => type.id);
    for (const byType of counts.values()) for (const id of byType.keys()) if (!typeIds.includes(id)) typeIds.push(id);
    const countOf = (month: string, type: string) => counts.get(month)?.get(type) ?? 0;
    return {
      months,
      totals: months.map((month) => [...(counts.get(month)?.values() ?? [])].reduce((sum, n) => sum + n, 0)),
      types: typeIds.map((id) => ({ id, name: optionItemName(types, id), counts: months.map((month) => countOf(month, id)) })),
    };
  }

  /** The owners' counters plus the scope's other rows in the window (none of the owners' rows: no overlap). */
  private async ofScope(scope: AssessmentListScope, from: string, to: string, maxRowsToTally: number): Promise<MonthTypeCounts> {
    const owners = [...new Set([scope.scope.actorId, ...scope.scope.editableOwnerIds, ...scope.scope.viewableOwnerIds])];
    const owned = await monthTypeCountsOfOwners(this.readStore, owners, from, to);
    const scopeClauses = (scope.filter.$or as Filter[] | undefined) ?? [scope.filter];
    if (scopeClauses.length <= 1) return owned;
    const window: Filter = { dateOfAssessment: { $gte: `${from}-01`, $lte: `${to}-31` } };
    const others: Filter = { $and: [scope.filter, { ownerId: { $nin: owners } }, window] };
    const extra = await countAssessmentRows(this.readStore, others);
    if (extra === 0) return owned;
    const add = (month: string, type: string, n: number) => {
      const byType = owned.get(month) ?? new Map<string, number>();
      byType.set(type, (byType.get(type) ?? 0) + n);
      owned.set(month, byType);
    };
    if (extra <= maxRowsToTally) {
      const { rows } = await findAssessmentRows(this.readStore, others, { sort: [], skip: 0, limit: extra }, async () => extra);
      for (const row of rows) add(row.dateOfAssessment.slice(0, 7), row.assessmentType, 1);
      return owned;
    }
    // Many: one count per month and type present state-wide in the window (a type nobody used has no rows here).
    const present = await stateWideMonthTypeCounts(this.readStore, from, to);
    const cells = [...present].flatMap(([month, byType]) => [...byType.keys()].map((type) => ({ month, type })));
    const counted = await Promise.all(
      cells.map(({ month, type }) =>
        countAssessmentRows(this.readStore, {
          $and: [
            scope.filter,
            { ownerId: { $nin: owners } },
            { dateOfAssessment: { $gte: `${month}-01`, $lte: `${month}-31` } },
            { assessmentType: type },
          ],
        }),
      ),
    );
    cells.forEach(({ month, type }, index) => counted[index] && add(month, type, counted[index]));
    return owned;
  }
}
