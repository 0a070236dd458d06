/**
 * comparison-cells.ts over random data: whatever the rows and whatever the caller can read, no difference of two
 * published cells of a type and year (every agency, each agency, or none at all) holds between 1 and 9 children
 * the caller cannot read. The HTTP spec comparison-differencing.http.spec.ts checks the route end to end.
 */
import fc from 'fast-check';
import { CellRow, comparisonCellVerdict } from './comparison-cells';

const MINIMUM = 10;
const AGENCIES = ['a', 'b', 'c', 'd'];

const rowsArbitrary = fc
  .array(
    fc.record({
      cin: fc.integer({ min: 1, max: 60 }).map((n) => `P-${n}`),
      agencyId: fc.constantFrom<string | null>(...AGENCIES, null),
      readable: fc.boolean(),
    }),
    { maxLength: 120 },
  )
  .map((rows) => rows.map((row, i) => ({ ...row, id: `row-${i}` })));

describe('comparisonCellVerdict', () => {
  it('publishes no two cells whose difference singles out fewer than 10 unreadable children', () => {
    fc.assert(
      fc.property(rowsArbitrary, (rows) => {
        const readable = (row: CellRow) => (row as CellRow & { readable: boolean }).readable;
        const cells = [null, ...AGENCIES]
          .filter((agencyId) => comparisonCellVerdict(rows, agencyId, readable, MINIMUM) === 'published')
          .map((agencyId) => new Set(rows.filter((row) => agencyId === null || row.agencyId === agencyId)));
        const withNothing = [...cells, new Set<(typeof rows)[number]>()];
        for (const [i, a] of withNothing.entries())
          for (const b of withNothing.slice(i + 1)) {
            const unreadable = new Set([...a, ...b].filter((row) => !row.readable && a.has(row) !== b.has(row)).map((row) => row.cin));
            if (unreadable.size > 0 && unreadable.size < MINIMUM) return false;
          }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('answers too-small below 10 children, and publishes a cell the caller reads whole', () => {
    const rows = (count: number, agencyId: string | null): CellRow[] =>
      Array.from({ length: count }, (_, i) => ({ id: `${agencyId}-${i}`, cin: `${agencyId}-${i}`, agencyId }));
    expect(comparisonCellVerdict(rows(9, 'a'), 'a', () => false, MINIMUM)).toBe('too-small');
    expect(comparisonCellVerdict(rows(10, 'a'), 'a', () => false, MINIMUM)).toBe('published');
    // Every agency = a (published) + 3 without an agency: the 3 would be every agency less a.
    expect(comparisonCellVerdict([...rows(10, 'a'), ...rows(3, null)], null, () => false, MINIMUM)).toBe('would-single-out');
    expect(comparisonCellVerdict([...rows(10, 'a'), ...rows(3, null)], null, () => true, MINIMUM)).toBe('published');
    // All but one of an agency's children readable: that one would be the cell less what the caller reads.
    expect(comparisonCellVerdict(rows(12, 'a'), 'a', (row) => row.id !== 'a-0', MINIMUM)).toBe('would-single-out');
  });
});
