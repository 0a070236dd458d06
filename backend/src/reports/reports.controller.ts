import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../identity/access/access.decorators';
import { RecordLists } from '../identity/api-users/api-client-record-limit';
import { ListPage } from '../platform/http/http-answers';
import { parseListQuery } from '../platform/http/simple-rest-list';
import { CohortListDto, ComparisonDto, ReportDomainsDto } from './report-filter.dto';
import { ReportCohortService } from './report-cohort.service';
import { ReportLibraryService } from './report-library.service';
import { ReportOptionsService } from './report-options.service';
import { ReportComparisonService } from './report-comparison.service';
import { ManyChildrenOneCansService } from './many-children-one-cans.service';

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
    private readonly cohorts: ReportCohortService,
    private readonly library: ReportLibraryService,
    private readonly options: ReportOptionsService,
    private readonly comparison: ReportComparisonService,
    private readonly manyChildrenOneCansReports: ManyChildrenOneCansService,
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
  @ApiOkResponse({
    description:
      '{ childCount, assessmentCount, note, domainScoreDefinition, domains:[{ code, name, …, meanScore, standardDeviation, scored, … }] }; standardDeviation is the population SD (divided by n) of the domain scores, two decimals; the score chart draws meanScore ± 1 standardDeviation as error bars',
  })
  manyChildrenOneCans(@Query() query: ReportDomainsDto, @Auth() { user }: RequestAuth) {
    return this.manyChildrenOneCansReports.report(user, query);
  }

  // GET reports/glance (the Quick Glance) is ReportGlanceController's, beside the other reports' glances.

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
      'Many Children One CANS of the comparison group: one agency (or every agency) × one assessment type × one calendar year, aggregates only; sufficient false with the warning below 10 children or when its figures could be subtracted from others to single out fewer than 10',
  })
  @ApiOkResponse({ description: '{ sufficient, childCount, message, domains:[…] }' })
  compare(@Query() query: ComparisonDto, @Auth() { user }: RequestAuth) {
    return this.manyChildrenOneCansReports.comparison(user, query);
  }
}
