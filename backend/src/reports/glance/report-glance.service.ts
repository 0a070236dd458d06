import { Inject, Injectable } from '@nestjs/common';
import type { ReportKind } from '@cans/domain/reports/saved-report-query.events';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { GlanceFacts, ratingCodebook } from '@cans/projections/reports/report-rows.queries';
import type { AssessmentPrincipal } from '../../assessments/access/assessment-access.service';
import { assertWithinRecordLimit } from '../../identity/api-users/api-client-record-limit';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { listOf, ReportDomainsDto } from '../report-filter.dto';
import { ReportCohortService } from '../report-cohort.service';
import { readReportParameters, REPORT_QUERY_DTO } from '../report-parameters';
import { ReportDomain, ReportLibraryService } from '../report-library.service';
import { MINIMUM_TIME_POINTS, multiAssessmentSeries } from '../time-points/time-points';
import { OneChildManyCansDto, OneChildOneCansDto } from '../time-points/time-point.dto';
import { ReportGlance, reportGlance } from './report-glance';

const notCovered = (field: string, ids: string[]) =>
  new FieldValidationException({ [field]: [`not an approved assessment your reports cover: ${ids.join(', ')}`] });

/**
 * The Quick Glance of each report over exactly the assessments that report shows, with the same parameters and the
 * same row access (ReportCohortService: approved, included in reports, within the VIEWER's row access). A chosen
 * assessment outside them is a 400 naming the field, as the report route answers.
 */
@Injectable()
export class ReportGlanceService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly cohorts: ReportCohortService,
    private readonly library: ReportLibraryService,
  ) {}

  /** The glance of a report from its query-string parameters (the routes, the PDF of a saved query). */
  async glanceOf(report: ReportKind, query: Record<string, string>, user: AssessmentPrincipal): Promise<ReportGlance> {
    // Without a prefix: the field names are those of the report route, whose parameters these are.
    const dto = await readReportParameters<object>(REPORT_QUERY_DTO[report], query, '');
    switch (report) {
      case 'one-child-one-cans':
        return this.oneChildOneCans(user, dto as OneChildOneCansDto);
      case 'one-child-many-cans':
        return this.oneChildManyCans(user, dto as OneChildManyCansDto);
      case 'many-children-one-cans':
        return this.manyChildrenOneCans(user, dto as ReportDomainsDto);
      case 'many-children-many-cans':
        return this.manyChildrenManyCans(user, dto as ReportDomainsDto);
    }
  }

  async manyChildrenOneCans(user: AssessmentPrincipal, dto: ReportDomainsDto): Promise<ReportGlance> {
    const { domains: codes, ...filter } = dto;
    // The cohort, codebook and class are read at once: this glance is the one timed at 50,000 assessments.
    const [rows, domains, codebook, classChildren] = await Promise.all([
      this.cohorts.glanceRows(user, filter),
      this.library.chosen(listOf(codes)),
      ratingCodebook(this.readStore),
      this.cohorts.classChildren(user),
    ]);
    return reportGlance('many-children-one-cans', rows, domains, codebook, classChildren);
  }

  /** Each child's first and last assessment in the filter (children with two or more), as the report pairs them. */
  async manyChildrenManyCans(user: AssessmentPrincipal, dto: ReportDomainsDto): Promise<ReportGlance> {
    const { domains: codes, ...filter } = dto;
    const [rows, domains] = await Promise.all([this.cohorts.glanceRows(user, filter), this.library.chosenChildDomains(listOf(codes))]);
    const ends = multiAssessmentSeries(rows).flatMap((series) => [series[0], series[series.length - 1]]);
    return this.glance('many-children-many-cans', user, ends, domains);
  }

  async oneChildOneCans(user: AssessmentPrincipal, dto: OneChildOneCansDto): Promise<ReportGlance> {
    const [rows, domains] = await Promise.all([
      this.covered(user, [dto.assessment.trim()], 'assessment'),
      this.library.chosen(listOf(dto.domains)),
    ]);
    return this.glance('one-child-one-cans', user, rows, domains);
  }

  /** The chosen time-points of one child who has at least two covered assessments (the report's own rules). */
  async oneChildManyCans(user: AssessmentPrincipal, dto: OneChildManyCansDto): Promise<ReportGlance> {
    const ids = [...new Set(listOf(dto.assessments))];
    if (ids.length === 0) throw new FieldValidationException({ assessments: ['Please choose assessments to report.'] });
    assertWithinRecordLimit(user, ids.length, 'assessments');
    const rows = await this.covered(user, ids, 'assessments');
    const cin = rows[0].cin;
    if (rows.some((r) => r.cin !== cin)) throw new FieldValidationException({ assessments: ['must all be assessments of one child'] });
    const [series, domains] = await Promise.all([
      this.cohorts.rowsWhere(user, { cin }),
      this.library.chosenChildDomains(listOf(dto.domains)),
    ]);
    if (series.length < MINIMUM_TIME_POINTS)
      throw new FieldValidationException({ assessments: [`the child needs at least ${MINIMUM_TIME_POINTS} approved assessments`] });
    return this.glance('one-child-many-cans', user, rows, domains);
  }

  private async covered(user: AssessmentPrincipal, ids: string[], field: string): Promise<GlanceFacts[]> {
    const rows = await this.cohorts.rowsWhere(user, { id: { $in: ids } });
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw notCovered(field, missing);
    return ids.map((id) => rows.find((r) => r.id === id)!);
  }

  private async glance(report: ReportKind, user: AssessmentPrincipal, rows: GlanceFacts[], domains: ReportDomain[]) {
    const [codebook, classChildren] = await Promise.all([ratingCodebook(this.readStore), this.cohorts.classChildren(user)]);
    return reportGlance(report, rows, domains, codebook, classChildren);
  }
}
