/**
 * A worker thread of HeavyWorkPool: lays a PDF out and renders it, off the event loop that answers every user.
 * It receives data only (structured clone carries no functions), so the document definitions, whose page headers,
 * footers and page-break rules are functions, are built here from the same modules the app uses.
 */
import { printPdfDefinition, renderPdf, summaryPdfDefinition } from '../../assessments/summary/assessment-pdf';
import type { AssessmentSummary, PrintableAssessment } from '../../assessments/summary/assessment-summary.types';
import { reportDocument } from '../../reports/pdf/pdf-document';
import type { PdfContext, ReportPdfData } from '../../reports/pdf/report-pdf-input';
import { reportPdfContent } from '../../reports/pdf/report-pdf-content';

export type PdfTask =
  | { kind: 'summary'; summary: AssessmentSummary }
  | { kind: 'print'; printable: PrintableAssessment }
  | {
      kind: 'report';
      title: string;
      fileTitle: string;
      generatedAt: string;
      /** The report's data and the viewer's glance and lookups: the content and its charts are built here. */
      data: ReportPdfData;
      context: Omit<PdfContext, 'generatedAt'>;
    };

export default async function renderPdfTask(task: PdfTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'summary':
      return renderPdf(summaryPdfDefinition(task.summary));
    case 'print':
      return renderPdf(printPdfDefinition(task.printable));
    case 'report': {
      const generatedAt = new Date(task.generatedAt);
      const content = await reportPdfContent(task.data, { ...task.context, generatedAt });
      return renderPdf(reportDocument(task.title, task.fileTitle, generatedAt, content));
    }
  }
}
