/**
 * What the document builders of the report PDFs receive: the report exactly as its GET route answers it (computed
 * by the same services, with the viewer's row access), its glance, and the viewer's lookups for naming ids.
 */
import type { ChildLabelFieldName } from '@cans/domain/administration/child-labels.fields';
import type { ManyChildrenReport } from '../report-statistics';
import type { ReportGlance } from '../glance/report-glance';
import type { ComparisonOptions } from '../report-comparison.service';
import type { ReportFilterOptions } from '../report-options.service';
import type { TimePointReportsService } from '../time-points/time-point-reports.service';

export type OneChildOneCansData = Awaited<ReturnType<TimePointReportsService['oneChildOneCans']>>;
export type OneChildManyCansData = Awaited<ReturnType<TimePointReportsService['oneChildManyCans']>>;
export type ManyChildrenManyCansData = Awaited<ReturnType<TimePointReportsService['manyChildrenManyCans']>>;

/** GET /api/reports/comparison's answer: the comparison group's report, or the warning below 10 children. */
export type ComparisonData = { sufficient: false; message: string } | ({ sufficient: true } & ManyChildrenReport);

/** A report's data as the PDF needs it: plain data, so it can go to the worker thread that lays the PDF out. */
export type ReportPdfData =
  | { report: 'one-child-one-cans'; data: OneChildOneCansData }
  | { report: 'one-child-many-cans'; data: OneChildManyCansData }
  | { report: 'many-children-many-cans'; data: ManyChildrenManyCansData }
  | {
      report: 'many-children-one-cans';
      data: ManyChildrenReport;
      comparison: { saved: Record<string, string>; options: ComparisonOptions; data: ComparisonData } | null;
    };

export interface PdfContext {
  /** The server's time when the PDF is rendered (title timestamp, footer, 'Before {today}'). */
  generatedAt: Date;
  query: Record<string, string>;
  glance: ReportGlance;
  filterOptions: ReportFilterOptions;
}

/** An assessment type's name from the viewer's lookups (its key when unknown). */
export const typeNameOf = (options: ReportFilterOptions, key: string | null | undefined): string =>
  options.assessmentTypes.find((t) => t.key === key)?.name ?? key ?? '';

/**
 * The facts of the label configuration (spec 002 §3) a PDF names fields with: a renamed field by its new name;
 * a hidden optional field (Assessor, Agency) left out.
 */
export const labelled = (options: ReportFilterOptions, fieldName: ChildLabelFieldName, value: string): Array<[string, string]> =>
  options.labels[fieldName].visible ? [[options.labels[fieldName].displayName, value]] : [];

export const genderNameOf = (options: ReportFilterOptions, key: string | null | undefined): string =>
  options.genders.find((g) => g.key === key)?.name ?? key ?? '';

export type { ComparisonOptions };
