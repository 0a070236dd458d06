/**
 * Time-points of the multi-assessment reports (spec 001 §1, §9): a child's covered assessments in date order and
 * the label each gets. Pure functions over report rows.
 *
 * - A child is a PID (cin); its series is its rows sorted by date of assessment (then creation, then id, so equal
 *   dates have a stable order). A child needs at least 2 assessments in the series (MINIMUM_TIME_POINTS).
 * - Labels: the first is 'Initial Assessment', the last 'Most Recent'; one in between is labelled by its gap from the
 *   initial assessment in 30-day months: under 3 months '<03 Month', under 6 '<06 Month', … under 36 '<36 Month',
 *   36 months or more '>36 Month'.
 */
import type { GlanceFacts } from '@cans/projections/reports/report-rows.queries';

export const MINIMUM_TIME_POINTS = 2;
export const INITIAL_LABEL = 'Initial Assessment';
export const MOST_RECENT_LABEL = 'Most Recent';
const MONTH_DAYS = 30;
const STEP_MONTHS = 3;
const LAST_STEP_MONTHS = 36;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to` (yyyy-MM-dd). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The gap label of an assessment `days` after the initial one. */
export function gapLabel(days: number): string {
  for (let months = STEP_MONTHS; months <= LAST_STEP_MONTHS; months += STEP_MONTHS)
    if (days < months * MONTH_DAYS) return `<${String(months).padStart(2, '0')} Month`;
  return `>${LAST_STEP_MONTHS} Month`;
}

/** The label of position `index` in a series of `length` dated assessments whose first is on `initialDay`. */
export function timePointLabel(index: number, length: number, initialDay: string, day: string): string {
  if (index === 0) return INITIAL_LABEL;
  if (index === length - 1) return MOST_RECENT_LABEL;
  return gapLabel(daysBetween(initialDay, day));
}

/** Ordinal comparison: the keys are ISO dates and ids (ASCII), and localeCompare costs ~10x in a 50,000-row sort. */
const ordinal = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const inSeriesOrder = (a: GlanceFacts, b: GlanceFacts): number =>
  ordinal(a.dateOfAssessment, b.dateOfAssessment) || ordinal(a.createdAt, b.createdAt) || ordinal(a.id, b.id);

/** Each child's rows in series order, children in first-seen order. */
export function seriesByChild<R extends GlanceFacts>(rows: readonly R[]): Map<string, R[]> {
  const byChild = new Map<string, R[]>();
  for (const row of rows) {
    const series = byChild.get(row.cin);
    if (series) series.push(row);
    else byChild.set(row.cin, [row]);
  }
  for (const series of byChild.values()) series.sort(inSeriesOrder);
  return byChild;
}

/** The series of children with at least MINIMUM_TIME_POINTS assessments. */
export function multiAssessmentSeries<R extends GlanceFacts>(rows: readonly R[]): R[][] {
  return [...seriesByChild(rows).values()].filter((series) => series.length >= MINIMUM_TIME_POINTS);
}

/** The series with each assessment's label. */
export function labelled<R extends GlanceFacts>(series: readonly R[]): Array<{ row: R; timePoint: string }> {
  const initial = series[0]?.dateOfAssessment ?? '';
  return series.map((row, index) => ({ row, timePoint: timePointLabel(index, series.length, initial, row.dateOfAssessment) }));
}
