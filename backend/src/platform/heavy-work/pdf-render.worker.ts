/**
 * A worker thread of HeavyWorkPool: lays a PDF out and renders it, off the event loop that answers every user.
 * It receives data only (structured clone carries no functions), so the document definitions, whose page headers,
 * footers and page-break rules are functions, are built here from the same modules the app uses.
 */
import type { Content } from 'pdfmake/interfaces';
import { printPdfDefinition, renderPdf, summaryPdfDefinition } from '../../assessments/summary/assessment-pdf';
import type { AssessmentSummary, PrintableAssessment } from '../../assessments/summary/assessment-summary.types';
import { reportDocument } from '../../reports/pdf/pdf-document';

export type PdfTask =
  | { kind: 'summary'; summary: AssessmentSummary }
  | { kind: 'print'; printable: PrintableAssessment }
  | { kind: 'report'; title: string; fileTitle: string; generatedAt: string; content: Content[] };

export default async function renderPdfTask(task: PdfTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'summary':
      return renderPdf(summaryPdfDefinition(task.summary));
    case 'print':
      return renderPdf(printPdfDefinition(task.printable));
    case 'report':
      return renderPdf(reportDocument(task.title, task.fileTitle, new Date(task.generatedAt), task.content));
  }
}
