import { spreadsheetSafeCell, spreadsheetSafeRows } from './spreadsheet-safe-cell';

describe('spreadsheetSafeCell (CSV formula injection)', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1 555', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'prefixes text starting like a formula with an apostrophe: %j',
    (text) => expect(spreadsheetSafeCell(text)).toBe(`'${text}`),
  );

  it('leaves other text, empty text and numbers (negative ones included) as they are', () => {
    expect(spreadsheetSafeCell('Agency =1')).toBe('Agency =1');
    expect(spreadsheetSafeCell('')).toBe('');
    expect(spreadsheetSafeCell(-1)).toBe(-1);
    expect(spreadsheetSafeCell(0)).toBe(0);
    expect(spreadsheetSafeCell(null)).toBeNull();
  });

  it('makes every cell of a table safe', () => {
    expect(
      spreadsheetSafeRows([
        ['Name', 'Score'],
        ['=cmd', -3],
      ]),
    ).toEqual([
      ['Name', 'Score'],
      ["'=cmd", -3],
    ]);
  });
});
