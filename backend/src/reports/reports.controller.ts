import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ratingCodebook } from '@cans/projections/reports/report-rows.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { Auth, RequestAuth, RequirePrivileges } from '../identity/access/access.decorators';
import { RecordLists } from '../identity/api-users/api-client-record-limit';
import { ListPage } from '../platform/http/http-answers';
import { parseListQuery } from '../platform/http/simple-rest-list';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { AssessmentAccessService } from '../assessments/access/assessment-access.service';
import { CohortListDto, ComparisonDto, listOf, ReportDomainsDto } from './report-filter.dto';
import { ReportCohortService } from './report-cohort.service';
import { ReportLibraryService } from './report-library.service';
import { ReportOptionsService } from './report-options.service';
import { COMPARISON_MINIMUM_CHILDREN, COMPARISON_TOO_SMALL, ReportComparisonService } from './report-comparison.service';
import { childCountOf, glance, manyChildrenReport } from './report-statistics';

const COHORT_SORTABLE = ['dateOfAssessment', 'cin', 'lastName', 'age', 'assessmentType'];
/** Spec 001 §9: the Many Children One CANS list shows 30 per page. */
const COHORT_PAGE_SIZE = 30;

/**
 * The reports API (spec 001 report wizards): filter lookups, the cohort list, Many Children One CANS, its Quick
 * Glance and comparison. Every answer is computed from the report_rows read model (approved assessments included
 * in reports) within the caller's row access; docs/api.md "Reports", docs/permissions.md "Reports".
 */
@ApiTags('Reports')
@ApiCookieAuth()
@Controller('reports')
export class ReportsController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly cohorts: ReportCohortService,
    private readonly library: ReportLibraryService,
    private readonly options: ReportOptionsService,
    private readonly comparison: ReportComparisonService,
    private readonly access: AssessmentAccessService,
  ) {}

  @Get('filter-options')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary:
      'Report filter lookups: assessors, agencies, counties (of the covered assessments), genders, races, languages, welfare statuses (with N/A)',
  })
  filterOptions(@Auth() { user }: RequestAuth) {
    return this.options.filterOptions(user);
  }

  @Get('domains')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'The domains a report can show (current library): code, name, caregiver flag, questions and modules' })
  domains() {
    return this.library.domains();
  }

  @Get('cohort')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'The assessments of a report filter (approved, included in reports, within row access); page size 30; total in Content-Range',
  })
  async cohort(@Query() query: CohortListDto, @Auth() { user }: RequestAuth) {
    const { range, sort, ...filter } = query;
    const list = parseListQuery(
      { range: range ?? `[0,${COHORT_PAGE_SIZE - 1}]`, sort },
      { sortable: COHORT_SORTABLE, defaultSort: { field: 'dateOfAssessment', direction: 'desc' }, filterable: [], maxPageSize: 100 },
    );
    const page = await this.cohorts.page(user, filter, list);
    const rows = await this.cohorts.named(page.rows);
    return ListPage.of('reports/cohort', list, { rows, total: page.total });
  }

  @Get('many-children-one-cans')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary:
      'Many Children One CANS: per question the count and share of each rating, per domain the mean domain score and standard deviation (caregiver items: first caregiver)',
  })
  @ApiOkResponse({ description: '{ childCount, assessmentCount, note, domainScoreDefinition, domains:[…] }' })
  async manyChildrenOneCans(@Query() query: ReportDomainsDto, @Auth() { user }: RequestAuth) {
    const { domains: codes, ...filter } = query;
    const [rows, domains, codebook] = await Promise.all([
      this.cohorts.rows(user, filter),
      this.library.chosen(listOf(codes)),
      ratingCodebook(this.readStore),
    ]);
    return manyChildrenReport(rows, domains, codebook);
  }

  @Get('glance')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'Quick Glance of a report filter: base infos, rating overview, total actionable items, domain overview' })
  async glance(@Query() query: ReportDomainsDto, @Auth() { user }: RequestAuth) {
    const { domains: codes, ...filter } = query;
    const [rows, domains, codebook, classSize] = await Promise.all([
      this.cohorts.rows(user, filter),
      this.library.chosen(listOf(codes)),
      ratingCodebook(this.readStore),
      this.cohorts.count(user, null),
    ]);
    return glance(rows, domains, codebook, classSize);
  }

  @Get('comparison-options')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'Comparison filter choices (agencies, supervisors, assessors, agency cases) and the three show flags' })
  @RecordLists('allSupervisors', 'allAssessors')
  comparisonOptions(@Auth() { user }: RequestAuth) {
    return this.comparison.options(user);
  }

  @Get('comparison')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary:
      'Many Children One CANS of the comparison group (aggregates only, at least 10 children; otherwise sufficient false and the warning)',
  })
  @ApiOkResponse({ description: '{ sufficient, childCount, message, domains:[…] }' })
  async compare(@Query() query: ComparisonDto, @Auth() { user }: RequestAuth) {
    const where = await this.comparison.comparisonFilter(user, query);
    const [rows, domains, codebook] = await Promise.all([
      this.cohorts.unscopedRows(where),
      this.library.chosen(listOf(query.domains)),
      ratingCodebook(this.readStore),
    ]);
    if (childCountOf(rows) < COMPARISON_MINIMUM_CHILDREN)
      return { sufficient: false, childCount: null, message: COMPARISON_TOO_SMALL, domains: [] };
    const report = manyChildrenReport(rows, domains, codebook);
    return { sufficient: true, message: null, ...report };
  }
}
