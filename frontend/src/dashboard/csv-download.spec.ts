/**
 * The report chart tables the browser downloads as CSV neutralise formulas like the server's CSVs (issue 27 finding
 * 10): a question, domain or agency name typed as `=HYPERLINK(...)` reads back with a leading apostrophe; numbers,
 * negative ones included, stay numbers.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { parse } from 'csv-parse/sync';

// The browser build of csv-stringify is an ES module; its Node build is the same code.
jest.mock('csv-stringify/browser/esm/sync', () => jest.requireActual('csv-stringify/sync'));

describe('csvText (report chart tables as CSV)', () => {
  it('prefixes text cells starting like a formula with an apostrophe, and keeps numbers as they are', async () => {
    const { csvText } = await import('./csv-download');
    const text = csvText({
      header: ['Item', 'Rated', '=Header'],
      rows: [
        ['=HYPERLINK("http://evil.example","Trauma")', 3, '+1'],
        ['Sleep', -1, '@cmd'],
      ],
    });
    expect(parse(text.replace('\ufeff', ''))).toEqual([
      ['Item', 'Rated', "'=Header"],
      [`'=HYPERLINK("http://evil.example","Trauma")`, '3', "'+1"],
      ['Sleep', '-1', "'@cmd"],
    ]);
  });
});
