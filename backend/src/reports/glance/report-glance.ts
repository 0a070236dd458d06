/**
 * The Quick Glance of each report (spec 001 §2 "Quick Glance panel", §3 "Glance data"), pure functions over the
 * report rows the report is about. Glance types as in the old system: 1 One Child One CANS, 2 One Child Many CANS,
 * 3 Many Children One CANS, 4 Many Children Many CANS.
 *
 * - The pie is the Rating Overview (ratings of the chosen domains' items, N/A 0 1 2 3) for types 1-2 and the Gender
 *   Overview (children by gender, N/A when none is recorded) for types 3-4.
 * - Base infos, Total Actionable Items and the Domain Overview are those of `glance()` (report-statistics.ts).
 * - Type 1 shows only the average of the Range of Needs (one assessment: the other figures equal it anyway).
 */
import { GENDERS, isGenderCode } from '@cans/domain/assessments';
import type { ReportKind } from '@cans/domain/reports/saved-report-query.events';
import type { RatingCodebook, GlanceFacts } from '@cans/projections/reports/report-rows.queries';
import type { ReportDomain } from '../report-library.service';
import { glance, Glance } from '../report-statistics';
import { inSeriesOrder } from '../time-points/time-points';

export type GlanceType = 1 | 2 | 3 | 4;

export const GLANCE_TYPES: Readonly<Record<ReportKind, GlanceType>> = {
  'one-child-one-cans': 1,
  'one-child-many-cans': 2,
  'many-children-one-cans': 3,
  'many-children-many-cans': 4,
};

export const RATING_OVERVIEW_TITLE = 'Rating Overview';
export const GENDER_OVERVIEW_TITLE = 'Gender Overview';
const NOT_RECORDED = 'N/A';

export interface GlancePie {
  readonly kind: 'rating' | 'gender';
  readonly title: string;
  /** Every category in a fixed order, zeros included (the pie leaves those out, its table shows them). */
  readonly slices: ReadonlyArray<{ name: string; value: number }>;
}

export interface ReportGlance {
  readonly glanceType: GlanceType;
  /** Type 1: the Range of Needs shows only the average. */
  readonly averageOnly: boolean;
  readonly baseInfos: Glance['baseInfos'];
  readonly pie: GlancePie;
  readonly actionableItems: Glance['actionableItems'];
  readonly domainOverview: Glance['domainOverview'];
}

/** Children (PIDs) by the gender of their most recent row (series order); N/A for none recorded. */
export function genderOverview(rows: readonly GlanceFacts[]): GlancePie {
  // One pass keeping each child's latest row: a glance of 50,000 rows builds no per-child series.
  const latest = new Map<string, GlanceFacts>();
  for (const row of rows) {
    const kept = latest.get(row.cin);
    if (!kept || inSeriesOrder(kept, row) < 0) latest.set(row.cin, row);
  }
  const counts = new Map<string, number>();
  for (const { gender } of latest.values()) {
    const name = isGenderCode(gender) ? GENDERS[gender] : NOT_RECORDED;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const names = [...Object.values(GENDERS), NOT_RECORDED];
  return { kind: 'gender', title: GENDER_OVERVIEW_TITLE, slices: names.map((name) => ({ name, value: counts.get(name) ?? 0 })) };
}

/**
 * The glance of one report. `rows`: the assessments the report shows (type 4: each child's first and last);
 * `classChildren`: the children (PIDs) of the assessments the user's reports cover without any filter.
 */
export function reportGlance(
  report: ReportKind,
  rows: readonly GlanceFacts[],
  domains: readonly ReportDomain[],
  codebook: RatingCodebook,
  classChildren: number,
): ReportGlance {
  const glanceType = GLANCE_TYPES[report];
  const { ratingOverview, ...figures } = glance(rows, domains, codebook, classChildren);
  const pie: GlancePie = glanceType <= 2 ? { kind: 'rating', title: RATING_OVERVIEW_TITLE, slices: ratingOverview } : genderOverview(rows);
  return { glanceType, averageOnly: glanceType === 1, ...figures, pie };
}
