import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { RecordLists, servedRows } from '../../identity/api-users/api-client-record-limit';
import { ListPage } from '../../platform/http/http-answers';
import { ListRules, parseListQuery } from '../../platform/http/simple-rest-list';
import { ReportDomainsDto } from '../report-filter.dto';
import { ManyChildrenManyCohortDto, OneChildFilterDto, OneChildManyCansDto, OneChildOneCansDto, TimePointsDto } from './time-point.dto';
import { TimePointReportsService } from './time-point-reports.service';

/** Spec 001 §9 page sizes: one-child case and children lists 10, time-point assessments 100, Many Children Many CANS 20. */
const list = (range: string | undefined, sort: string | undefined, pageSize: number, rules: Omit<ListRules, 'filterable'>) =>
  parseListQuery({ range: range ?? `[0,${pageSize - 1}]`, sort }, { ...rules, filterable: [] });

/**
 * The one-child reports and Many Children Many CANS (spec 001 report wizards): over the report_rows read model
 * (approved assessments included in reports) within the caller's row access; docs/api.md "Reports". What the
 * one-child routes serve is one child's record (name, PID, ratings), so each served answer is recorded as a read of
 * the assessments it shows (RecordReadsService), as the editor's reads are; a refused one records nothing.
 */
@ApiTags('Reports')
@ApiCookieAuth()
@Controller('reports')
export class TimePointReportsController {
  constructor(
    private readonly reports: TimePointReportsService,
    private readonly reads: RecordReadsService,
  ) {}

  @Get('one-child-one-cans/cases')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'One Child One CANS step 2: the covered assessments of the one-child filter, page size 10' })
  async oneChildCases(@Query() query: OneChildFilterDto, @Auth() { user, actor }: RequestAuth) {
    const { range, sort, ...filter } = query;
    const page = list(range, sort, 10, {
      sortable: ['dateOfAssessment', 'cin', 'lastName', 'assessmentType'],
      defaultSort: { field: 'dateOfAssessment', direction: 'desc' },
      maxPageSize: 100,
    });
    const cases = ListPage.of('reports/one-child-one-cans/cases', page, await this.reports.oneChildCases(user, filter, page));
    this.reads.record(
      actor,
      servedRows(user, cases).map((row) => row.id),
      'one-child-cases',
    );
    return cases;
  }

  @Get('one-child-one-cans')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'One Child One CANS: one assessment’s answers per chosen domain (caregiver domains per caregiver) and the child’s other CANS',
  })
  @ApiOkResponse({ description: '{ child, otherCases:[{id,cin,dateOfAssessment,assessmentType}], domains, caregivers, allDomainIds }' })
  @RecordLists('otherCases')
  async oneChildOneCans(@Query() query: OneChildOneCansDto, @Auth() { user, actor }: RequestAuth) {
    const report = await this.reports.oneChildOneCans(user, query);
    this.reads.record(actor, [report.child.id], 'one-child-one-cans');
    return report;
  }

  @Get('one-child-many-cans/children')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'One Child Many CANS step 2: children with at least two covered assessments, page size 10' })
  async oneChildChildren(@Query() query: OneChildFilterDto, @Auth() { user }: RequestAuth) {
    const { range, sort, ...filter } = query;
    const page = list(range, sort, 10, {
      sortable: ['cin', 'fullName', 'dateOfAssessment', 'assessmentCount'],
      defaultSort: { field: 'cin', direction: 'asc' },
      maxPageSize: 100,
    });
    return ListPage.of('reports/one-child-many-cans/children', page, await this.reports.oneChildChildren(user, filter, page));
  }

  @Get('one-child-many-cans/time-points')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'One Child Many CANS step 3: the child’s time-point assessments with their labels, page size 100' })
  async timePoints(@Query() query: TimePointsDto, @Auth() { user, actor }: RequestAuth) {
    const { range, sort, ...filter } = query;
    const page = list(range, sort, 100, {
      sortable: ['order', 'dateOfAssessment'],
      defaultSort: { field: 'order', direction: 'asc' },
      maxPageSize: 100,
    });
    const points = ListPage.of('reports/one-child-many-cans/time-points', page, await this.reports.timePoints(user, filter, page));
    this.reads.record(
      actor,
      servedRows(user, points).map((row) => row.id),
      'one-child-time-points',
    );
    return points;
  }

  @Get('one-child-many-cans')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'One Child Many CANS: the chosen time-points’ answers per question side by side (-- where missing)' })
  @ApiOkResponse({ description: '{ child, assessments:[{id,dateOfAssessment,assessmentType,assessorName,timePoint}], domains }' })
  async oneChildManyCans(@Query() query: OneChildManyCansDto, @Auth() { user, actor }: RequestAuth) {
    const report = await this.reports.oneChildManyCans(user, query);
    this.reads.record(
      actor,
      report.assessments.map((assessment) => assessment.id),
      'one-child-many-cans',
    );
    return report;
  }

  @Get('many-children-many-cans/cohort')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'Many Children Many CANS step 2: children with two or more assessments in the filter, their first and last ids; page size 20',
  })
  async manyChildrenManyCohort(@Query() query: ManyChildrenManyCohortDto, @Auth() { user }: RequestAuth) {
    const { range, sort, ...filter } = query;
    const page = list(range, sort, 20, {
      sortable: ['cin', 'lastName', 'dateOfAssessment', 'assessmentCount'],
      defaultSort: { field: 'cin', direction: 'asc' },
      maxPageSize: 100,
    });
    return ListPage.of('reports/many-children-many-cans/cohort', page, await this.reports.manyChildrenManyCohort(user, filter, page));
  }

  @Get('many-children-many-cans')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary:
      'Many Children Many CANS: per question actionable vs non-actionable at the first and last time-point, mean domain scores with SD',
  })
  @ApiOkResponse({ description: '{ childCount, definitions, domains:[{ code, name, first, last, questions, moduleCharts }] }' })
  manyChildrenManyCans(@Query() query: ReportDomainsDto, @Auth() { user }: RequestAuth) {
    return this.reports.manyChildrenManyCans(user, query);
  }
}
