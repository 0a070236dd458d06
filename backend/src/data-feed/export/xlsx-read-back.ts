/** Test support: an exported workbook read back with exceljs, each sheet as its header and rows by header. */
import ExcelJS from 'exceljs';
import type { Response } from 'superagent';

export interface SheetReadBack {
  header: string[];
  rows: Array<Record<string, ExcelJS.CellValue>>;
  /** The sheet's first view: `{ state: 'frozen', ySplit: 1 }` when the header row is frozen. */
  view: Partial<ExcelJS.WorksheetView> | undefined;
}

export async function readWorkbook(content: Buffer): Promise<Map<string, SheetReadBack>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheets = new Map<string, SheetReadBack>();
  workbook.eachSheet((sheet) => {
    const values: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => values.push((row.values as ExcelJS.CellValue[]).slice(1)));
    const header = (values[0] ?? []).map(String);
    const rows = values.slice(1).map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? null])));
    sheets.set(sheet.name, { header, rows, view: sheet.views[0] });
  });
  return sheets;
}

/** Supertest's parser for a binary answer: the body as one Buffer. */
export function binaryBody(response: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}
