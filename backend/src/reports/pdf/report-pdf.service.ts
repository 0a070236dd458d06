/**
 * The A4 PDF of a saved report query (docs/api.md "Reports"). The saved query is only the report's parameters:
 * every figure is computed now, with the VIEWER's row access, by the services the report routes use
 * (TimePointReportsService, ManyChildrenOneCansService, ReportGlanceService) after reading the parameters as the
 * route reads them (report-parameters.ts),
 * so the PDF never shows a number the viewer's own report would not.
 */
import { Injectable } from '@nestjs/common';
import type { RecordReadKind } from '@cans/domain/audit/record-reads.events';
import type { ReportKind } from '@cans/domain/reports/saved-report-query.events';
import type { AuthenticatedUser } from '../../identity/authentication/authenticated-user';
import { ReportGlanceService } from '../glance/report-glance.service';
import { ComparisonDto, ReportDomainsDto } from '../report-filter.dto';
import { comparisonParameters, readReportParameters } from '../report-parameters';
import { ManyChildrenOneCansService } from '../many-children-one-cans.service';
import { ReportComparisonService } from '../report-comparison.service';
import { ReportOptionsService } from '../report-options.service';
import { SavedReportQuery, SavedReportQueryService } from '../saved-queries/saved-report-query.service';
import { OneChildManyCansDto, OneChildOneCansDto } from '../time-points/time-point.dto';
import { TimePointReportsService } from '../time-points/time-point-reports.service';
import { MANY_CHILDREN_MANY_CANS_TITLE } from './many-children-many-cans.pdf';
import { MANY_CHILDREN_ONE_CANS_TITLE } from './many-children-one-cans.pdf';
import { ONE_CHILD_MANY_CANS_TITLE } from './one-child-many-cans.pdf';
import { ONE_CHILD_ONE_CANS_TITLE } from './one-child-one-cans.pdf';
import { HeavyWorkPool } from '../../platform/heavy-work/heavy-work-pool';
import type { ReportPdfData } from './report-pdf-input';

const TITLE_PREFIX: Record<ReportKind, string> = {
  'one-child-one-cans': 'One_Child_One_CANS',
  'one-child-many-cans': 'One_Child_Many_CANS',
  'many-children-one-cans': 'Many_Children_One_CANS',
  'many-children-many-cans': 'Many_Children_Many_CANS',
};

/** Local time as yyyyMMddHHmmss (spec 001 §2 tab titles; the PDF's is the server's time of rendering). */
export function titleTimestamp(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
}

/** The print tab's title: the one-child reports carry the child's PID (kept to file-name-safe characters). */
export function reportTabTitle(report: ReportKind, cin: string | null, at: Date): string {
  const pid = report.startsWith('one-child') ? [(cin ?? '').replace(/[^A-Za-z0-9_-]/g, '-')] : [];
  return [TITLE_PREFIX[report], ...pid, titleTimestamp(at)].join('_');
}

/**
 * The PDF's file name: the tab title without the PID. As for the assessment PDFs, a child's identifier stays out of
 * file names (they end up in download folders, mail attachments and request logs); it is inside the document.
 */
export const reportFileName = (report: ReportKind, at: Date): string => `${TITLE_PREFIX[report]}_${titleTimestamp(at)}.pdf`;

export interface RenderedReportPdf {
  fileName: string;
  bytes: Buffer;
  /** The one-child PDFs show one child's record: the assessments to record as read, and as what. Null: aggregates. */
  read: { assessmentIds: string[]; what: RecordReadKind } | null;
}

interface ReportContent {
  title: string;
  cin: string | null;
  read: RenderedReportPdf['read'];
  data: ReportPdfData;
}

@Injectable()
export class ReportPdfService {
  constructor(
    private readonly savedQueries: SavedReportQueryService,
    private readonly timePoints: TimePointReportsService,
    private readonly manyChildrenOneCans: ManyChildrenOneCansService,
    private readonly comparisons: ReportComparisonService,
    private readonly options: ReportOptionsService,
    private readonly glances: ReportGlanceService,
    private readonly heavyWork: HeavyWorkPool,
  ) {}

  /** The PDF of saved query `id` as `user` may see it; unknown id: NotFoundError (404). */
  async render(id: string, user: AuthenticatedUser, generatedAt = new Date()): Promise<RenderedReportPdf> {
    const saved = await this.savedQueries.get(id);
    // The glance, the options and the report are independent reads: one round of waiting, not three.
    const [glance, filterOptions, { title, cin, read, data }] = await Promise.all([
      this.glances.glanceOf(saved.report, saved.query, user),
      this.options.filterOptions(user),
      this.content(saved, user),
    ]);
    const documentTitle = reportTabTitle(saved.report, cin, generatedAt);
    return {
      fileName: reportFileName(saved.report, generatedAt),
      // Charts, layout and rendering in a worker thread: it receives the report's data and builds the rest there.
      bytes: await this.heavyWork.renderPdf(user.id, {
        kind: 'report',
        title,
        fileTitle: documentTitle,
        generatedAt: generatedAt.toISOString(),
        data,
        context: { query: saved.query, glance, filterOptions },
      }),
      read,
    };
  }

  /** The report's data, read now with the viewer's row access; the worker lays it out with the glance and options. */
  private async content(saved: SavedReportQuery, user: AuthenticatedUser): Promise<ReportContent> {
    switch (saved.report) {
      case 'one-child-one-cans': {
        const report = await this.timePoints.oneChildOneCans(user, await readReportParameters(OneChildOneCansDto, saved.query));
        return {
          title: ONE_CHILD_ONE_CANS_TITLE,
          cin: report.child.cin,
          read: { assessmentIds: [report.child.id], what: 'one-child-one-cans-pdf' },
          data: { report: 'one-child-one-cans', data: report },
        };
      }
      case 'one-child-many-cans': {
        const report = await this.timePoints.oneChildManyCans(user, await readReportParameters(OneChildManyCansDto, saved.query));
        return {
          title: ONE_CHILD_MANY_CANS_TITLE,
          cin: report.child.cin,
          read: { assessmentIds: report.assessments.map((assessment) => assessment.id), what: 'one-child-many-cans-pdf' },
          data: { report: 'one-child-many-cans', data: report },
        };
      }
      case 'many-children-many-cans': {
        const report = await this.timePoints.manyChildrenManyCans(user, await readReportParameters(ReportDomainsDto, saved.query));
        return {
          title: MANY_CHILDREN_MANY_CANS_TITLE,
          cin: null,
          read: null,
          data: { report: 'many-children-many-cans', data: report },
        };
      }
      case 'many-children-one-cans': {
        const dto = await readReportParameters(ReportDomainsDto, saved.query);
        const [report, comparison] = await Promise.all([
          this.manyChildrenOneCans.report(user, dto),
          saved.comparison
            ? readReportParameters(ComparisonDto, comparisonParameters(saved.query, saved.comparison), 'comparison').then(
                (comparison: ComparisonDto) => this.manyChildrenOneCans.comparison(user, comparison),
              )
            : null,
        ]);
        const withOptions =
          saved.comparison && comparison
            ? { saved: saved.comparison, options: await this.comparisons.options(user), data: comparison }
            : null;
        return {
          title: MANY_CHILDREN_ONE_CANS_TITLE,
          cin: null,
          read: null,
          data: { report: 'many-children-one-cans', data: report, comparison: withOptions },
        };
      }
    }
  }
}
