/**
 * A report's PDF content, charts included (their SVGs rendered with React and nivo), from the report's data: built
 * in the worker thread (pdf-render.worker.ts), where it costs no other request its time. Imports only the document
 * builders, so a worker loads no service of the app.
 */
import type { Content } from 'pdfmake/interfaces';
import { manyChildrenManyCansContent } from './many-children-many-cans.pdf';
import { manyChildrenOneCansContent } from './many-children-one-cans.pdf';
import { oneChildManyCansContent } from './one-child-many-cans.pdf';
import { oneChildOneCansContent } from './one-child-one-cans.pdf';
import { loadChartKit } from './pdf-charts';
import type { PdfContext, ReportPdfData } from './report-pdf-input';

export async function reportPdfContent(input: ReportPdfData, context: PdfContext): Promise<Content[]> {
  await loadChartKit();
  switch (input.report) {
    case 'one-child-one-cans':
      return oneChildOneCansContent(input.data, context);
    case 'one-child-many-cans':
      return oneChildManyCansContent(input.data, context);
    case 'many-children-many-cans':
      return manyChildrenManyCansContent(input.data, context);
    case 'many-children-one-cans':
      return manyChildrenOneCansContent(input.data, context, input.comparison);
  }
}
