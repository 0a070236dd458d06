/**
 * Which comparison groups may be published, so that no two answers can be subtracted to read a child outside the
 * caller's row access (docs/security.md "Differencing of the comparison report"). Pure: no I/O.
 *
 * The comparison groups beyond row access are cells of one fixed partition of the assessments: one agency × one
 * assessment type × one calendar year. Cells of different types or years, or of different agencies, share no
 * assessment, so subtracting one published cell from another reveals nothing smaller than a cell. The one coarser
 * group is "every agency" (the state) of a type and year; it is the sum of its agency cells plus a remainder (the
 * agencies refused below and assessments without an agency), so the state is published only when that remainder
 * could itself be published — otherwise state minus the published agencies would be the remainder's figures.
 *
 * A caller knows every assessment they can read (their own reports, one child at a time if they like), so what a
 * published block tells them is the figures of the assessments in it they cannot read: those must be none, or at
 * least the minimum number of children. A block is a published agency cell or the state's remainder; they are
 * disjoint, so every difference of published figures is a union of such blocks.
 */

/** The facts of a row the verdict needs. */
export interface CellRow {
  readonly id: string;
  readonly cin: string;
  readonly agencyId: string | null;
}

export type CellVerdict = 'published' | 'too-small' | 'would-single-out';

/**
 * The verdict on a cell, and its blocks when published: the disjoint groups of rows whose figures a caller can
 * tell apart (the cell itself, or for the state its published agency cells and the remainder). Figures inside a
 * cell are suppressed by the blocks too (comparison-small-cells.ts).
 */
export interface CellAnswer<Row extends CellRow> {
  verdict: CellVerdict;
  blocks: Row[][];
}

const childrenOf = (rows: readonly CellRow[]): number => new Set(rows.map((row) => row.cin)).size;

/** Whether a block's unreadable part is none or at least `minimum` children. */
function unreadablePartIsSafe(rows: readonly CellRow[], readable: (row: CellRow) => boolean, minimum: number): boolean {
  const unreadable = childrenOf(rows.filter((row) => !readable(row)));
  return unreadable === 0 || unreadable >= minimum;
}

function agencyCellVerdict(rows: readonly CellRow[], readable: (row: CellRow) => boolean, minimum: number): CellVerdict {
  if (childrenOf(rows) < minimum) return 'too-small';
  return unreadablePartIsSafe(rows, readable, minimum) ? 'published' : 'would-single-out';
}

/**
 * The verdict on one cell of a type and year: `agencyId` one agency's cell, null the state's (then `rows` are the
 * whole type and year, every agency). `readable`: whether the caller's row access covers the row.
 */
export function comparisonCell<Row extends CellRow>(
  rows: readonly Row[],
  agencyId: string | null,
  readable: (row: CellRow) => boolean,
  minimum: number,
): CellAnswer<Row> {
  if (agencyId !== null) {
    const cell = rows.filter((row) => row.agencyId === agencyId);
    return { verdict: agencyCellVerdict(cell, readable, minimum), blocks: [cell] };
  }
  if (childrenOf(rows) < minimum) return { verdict: 'too-small', blocks: [] };
  const byAgency = new Map<string, Row[]>();
  const remainder: Row[] = [];
  for (const row of rows) {
    if (row.agencyId === null) remainder.push(row);
    else if (byAgency.has(row.agencyId)) byAgency.get(row.agencyId)!.push(row);
    else byAgency.set(row.agencyId, [row]);
  }
  const published: Row[][] = [];
  for (const cell of byAgency.values()) {
    if (agencyCellVerdict(cell, readable, minimum) === 'published') published.push(cell);
    else remainder.push(...cell);
  }
  if (!unreadablePartIsSafe(remainder, readable, minimum)) return { verdict: 'would-single-out', blocks: [] };
  return { verdict: 'published', blocks: remainder.length > 0 ? [...published, remainder] : published };
}

/** The verdict alone (comparisonCell). */
export const comparisonCellVerdict = (
  rows: readonly CellRow[],
  agencyId: string | null,
  readable: (row: CellRow) => boolean,
  minimum: number,
): CellVerdict => comparisonCell(rows, agencyId, readable, minimum).verdict;
