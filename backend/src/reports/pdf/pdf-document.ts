/**
 * The frame and building blocks every report PDF shares: A4 portrait, the report title in the header, page numbers
 * and the generation time in the footer, headings, fact lists, chart nodes (pdfmake `svg`), legends and chart
 * grids. Rendering to bytes is the assessment PDFs' renderPdf (Roboto from the pdfmake package, no file or URL
 * other than the fonts may be opened).
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PdfChart } from './pdf-charts';

import { GRID_CELLS_LAYOUT } from '../../assessments/summary/assessment-pdf';
export { displayDate, renderPdf } from '../../assessments/summary/assessment-pdf';

/** A4 portrait is 595.28 × 841.89 pt; 40 pt margins leave 515 pt of width. */
export const PAGE_MARGIN = 40;
export const CONTENT_WIDTH = 595.28 - 2 * PAGE_MARGIN;
/** Content width in CSS pixels (0.75 pt each), the width charts are rendered at. */
export const CONTENT_WIDTH_PX = Math.floor(CONTENT_WIDTH / 0.75);
const TOP_MARGIN = 50;
const BOTTOM_MARGIN = 45;
/** The tallest chart placed whole on a page, with room for its headings (taller ones are split by question). */
export const MAX_CHART_HEIGHT = 841.89 - TOP_MARGIN - BOTTOM_MARGIN - 90;
export const MAX_CHART_HEIGHT_PX = Math.floor(MAX_CHART_HEIGHT / 0.75);

/** MM/dd/yyyy HH:mm:ss in the server's local time (the footer's generation time). */
export function displayDateTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getMonth() + 1)}/${pad(at.getDate())}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** The whole document around a report's content. */
export function reportDocument(title: string, fileTitle: string, generatedAt: Date, content: Content[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [PAGE_MARGIN, TOP_MARGIN, PAGE_MARGIN, BOTTOM_MARGIN],
    info: { title: fileTitle, subject: title, creator: 'CANS platform' },
    header: () => ({ text: title, style: 'pageHeader', margin: [PAGE_MARGIN, 20, PAGE_MARGIN, 0] }),
    footer: (currentPage: number, pageCount: number) => ({
      margin: [PAGE_MARGIN, 15, PAGE_MARGIN, 0],
      columns: [
        { text: `Generated ${displayDateTime(generatedAt)}`, fontSize: 8, color: '#5f6b7a' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', fontSize: 8, color: '#5f6b7a' },
      ],
    }),
    defaultStyle: { font: 'Roboto', fontSize: 9, color: '#1f2933' },
    styles: {
      pageHeader: { fontSize: 8, color: '#5f6b7a' },
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 9, color: '#5f6b7a', margin: [0, 0, 0, 10] },
      section: { fontSize: 13, bold: true, margin: [0, 12, 0, 6] },
      domain: { fontSize: 13, bold: true, margin: [0, 14, 0, 4], color: '#1a3d6b' },
      chartTitle: { fontSize: 10, bold: true, margin: [0, 6, 0, 3] },
      factName: { color: '#5f6b7a' },
      note: { fontSize: 8, italics: true, color: '#5f6b7a', margin: [0, 2, 0, 6] },
      cellCaption: { fontSize: 8, bold: true, alignment: 'center' },
    },
    content,
  };
}

export const titleBlock = (title: string, subtitle: string): Content[] => [
  { text: title, style: 'title' },
  { text: subtitle, style: 'subtitle' },
];

export const sectionHeading = (text: string): Content => ({ text, style: 'section' });

export const domainHeading = (text: string): Content => ({ text, style: 'domain' });

/** Nodes kept on one page (a heading with its chart). */
export const keepTogether = (...nodes: Content[]): Content => ({ stack: nodes, unbreakable: true });

/** Headings kept on the page of the first block that follows them. */
export const leadWith = (head: Content[], blocks: Content[]): Content[] =>
  blocks.length === 0 ? [keepTogether(...head)] : [keepTogether(...head, blocks[0]), ...blocks.slice(1)];

export const chartTitle = (text: string): Content => ({ text, style: 'chartTitle' });

export const note = (text: string): Content => ({ text, style: 'note' });

/** A chart at its own size, or scaled down to `maxWidth` points (and to a page's height). */
export function chartNode(chart: PdfChart, maxWidth = CONTENT_WIDTH): Content {
  const scale = Math.min(1, maxWidth / chart.width, MAX_CHART_HEIGHT / chart.height);
  return { svg: chart.svg, width: chart.width * scale, height: chart.height * scale, unbreakable: true } as Content;
}

/** Name / value pairs as a borderless table of `pairsPerRow` pairs a row. */
export function factTable(facts: ReadonlyArray<readonly [string, string]>, pairsPerRow = 2): Content {
  const rows: Content[][] = [];
  for (let at = 0; at < facts.length; at += pairsPerRow) {
    const row: Content[] = [];
    for (let i = 0; i < pairsPerRow; i++) {
      const fact = facts[at + i];
      row.push({ text: fact ? fact[0] : '', style: 'factName' }, { text: fact ? fact[1] : '' });
    }
    rows.push(row);
  }
  return {
    table: { widths: Array.from({ length: pairsPerRow }, () => ['auto', '*']).flat(), body: rows },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

/** A row of colour swatches and their names. */
export function legend(entries: ReadonlyArray<readonly [string, string]>): Content {
  return {
    margin: [0, 2, 0, 4],
    text: entries.flatMap(([name, colour]) => [
      { text: '■ ', color: colour, fontSize: 11 },
      { text: `${name}    `, fontSize: 8 },
    ]),
  };
}

/** Cells `perRow` a row (the last row filled with blanks), one unbreakable table a row. */
export function gridRows(cells: Content[], perRow: number): Content[] {
  const rows: Content[] = [];
  for (let at = 0; at < cells.length; at += perRow) {
    const row = cells.slice(at, at + perRow);
    while (row.length < perRow) row.push({ text: '' });
    rows.push({
      table: { widths: Array.from({ length: perRow }, () => '*'), body: [row], dontBreakRows: true },
      // A named layout (renderPdf registers it): content stays data, so it can go to a worker thread.
      layout: GRID_CELLS_LAYOUT,
      margin: [0, 0, 0, 4],
      unbreakable: true,
    });
  }
  return rows;
}
