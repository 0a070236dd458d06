/**
 * Small cells in the analytics answers (docs/security.md "Small cells"): a published count below the minimum cell
 * size (MINIMUM_CELL_SIZE, the comparison report's too) — but 0 — describes so few children that a reader who knows
 * some of them learns about the rest, so it is not published. The collection's fields say which are counts
 * (`count`) and which figures are computed from them (`derivedFrom`: means, medians, percentages of the row); both
 * are suppressed together, in every answer (list page and CSV), here and nowhere else. A suppressed value is null in
 * the JSON (the row's `suppressedFields` names it) and `< 5` in the CSV. Counts and derived figures can be neither
 * filtered nor sorted on, which would find out the hidden values.
 */
import { AnalyticsCollection, AnalyticsField, SUPPRESSED_FIELDS } from '@cans/projections/analytics/analytics-projection';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { MINIMUM_CELL_SIZE } from '../reports/small-cells';

/** How a suppressed cell reads in a CSV. */
export const SUPPRESSED_CELL = `< ${MINIMUM_CELL_SIZE}`;

export type SuppressedRow = Document & { [SUPPRESSED_FIELDS]: string[] };

const isSmallCount = (value: unknown): boolean => typeof value === 'number' && value > 0 && value < MINIMUM_CELL_SIZE;

const countOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

/**
 * The row's fields to suppress: its small counts, the counts that differ by a small number from the same row in
 * another version of the collection (the live one and each replay `?until=` serves: two versions subtract to what
 * happened between their moments, so a difference of 1 to 4 would single out that many children), and every figure
 * derived from one of them. `others`: the same row (same id) in every other version; absent there counts as 0.
 */
export function suppressedFieldsOf(
  row: Document,
  fields: readonly AnalyticsField[],
  others: ReadonlyArray<Document | undefined> = [],
): string[] {
  const smallDifference = (name: string) => others.some((other) => isSmallCount(Math.abs(countOf(row[name]) - countOf(other?.[name]))));
  const small = new Set(
    fields.filter((field) => field.count && (isSmallCount(row[field.name]) || smallDifference(field.name))).map((field) => field.name),
  );
  if (small.size === 0) return [];
  return fields
    .filter((field) => small.has(field.name) || (field.derivedFrom ?? []).some((source) => small.has(source)))
    .map((f) => f.name);
}

/** The row as the API answers it: suppressed fields null, and named in `suppressedFields` (empty: nothing hidden). */
export function withSmallCellsSuppressed(
  row: Document,
  fields: readonly AnalyticsField[],
  others: ReadonlyArray<Document | undefined> = [],
): SuppressedRow {
  const suppressed = suppressedFieldsOf(row, fields, others);
  const answered: SuppressedRow = { ...row, [SUPPRESSED_FIELDS]: suppressed };
  for (const name of suppressed) answered[name] = null;
  return answered;
}

/** Fields a client may filter and sort on: neither counts nor figures derived from them. */
export const openFields = (collection: Pick<AnalyticsCollection, 'fields'>): string[] =>
  collection.fields.filter((field) => !field.count && !field.derivedFrom?.length).map((field) => field.name);

export { MINIMUM_CELL_SIZE };
