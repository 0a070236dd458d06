/**
 * Smallest number of children a published aggregate cell may describe. A cell about fewer children is
 * suppressed, because with so few children a reader who knows some of them can work out the rest, and
 * cells this small can be subtracted from one another to read one child's record (differencing).
 * Shared by the comparison report and the analytics exports so both suppress at the same size.
 */
export const MINIMUM_CELL_SIZE = 5;
