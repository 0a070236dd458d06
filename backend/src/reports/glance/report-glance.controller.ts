import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { listOf, ReportDomainsDto } from '../report-filter.dto';
import { OneChildManyCansDto, OneChildOneCansDto } from '../time-points/time-point.dto';
import { ReportGlanceService } from './report-glance.service';

const GLANCE_SHAPE =
  '{ glanceType: 1-4, averageOnly, baseInfos:[{key,name,value}], pie:{kind:"rating"|"gender",title,slices:[{name,value}]}, ' +
  'actionableItems:{maxCount,minCount,average,averageMoreOne,averageLessOne}, domainOverview:{ratings,domains:[{code,domainName,percents}]} }';

/**
 * The Quick Glance of each report (spec 001 §2 "Quick Glance panel"): one route per report, taking that report's
 * parameters; docs/api.md "Reports". The one-child glances show one child's ratings: each served one is recorded as
 * a read of its assessments, as the report itself is.
 */
@ApiTags('Reports')
@ApiCookieAuth()
@Controller('reports')
export class ReportGlanceController {
  constructor(
    private readonly glances: ReportGlanceService,
    private readonly reads: RecordReadsService,
  ) {}

  @Get('glance')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'Quick Glance of Many Children One CANS (type 3): the report filter and domains; Gender Overview pie' })
  @ApiOkResponse({ description: GLANCE_SHAPE })
  manyChildrenOneCans(@Query() query: ReportDomainsDto, @Auth() { user }: RequestAuth) {
    return this.glances.manyChildrenOneCans(user, query);
  }

  @Get('one-child-one-cans/glance')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'Quick Glance of One Child One CANS (type 1): the assessment and domains; Rating Overview pie, TAI average only',
  })
  @ApiOkResponse({ description: GLANCE_SHAPE })
  async oneChildOneCans(@Query() query: OneChildOneCansDto, @Auth() { user, actor }: RequestAuth) {
    const glance = await this.glances.oneChildOneCans(user, query);
    this.reads.record(actor, [query.assessment.trim()], 'one-child-one-cans-glance');
    return glance;
  }

  @Get('one-child-many-cans/glance')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'Quick Glance of One Child Many CANS (type 2): the chosen time-points and domains; Rating Overview pie' })
  @ApiOkResponse({ description: GLANCE_SHAPE })
  async oneChildManyCans(@Query() query: OneChildManyCansDto, @Auth() { user, actor }: RequestAuth) {
    const glance = await this.glances.oneChildManyCans(user, query);
    // Served: every chosen assessment is one the caller's reports cover (the service refused otherwise).
    this.reads.record(actor, [...new Set(listOf(query.assessments))], 'one-child-many-cans-glance');
    return glance;
  }

  @Get('many-children-many-cans/glance')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'Quick Glance of Many Children Many CANS (type 4): each child’s first and last assessment in the filter; Gender Overview pie',
  })
  @ApiOkResponse({ description: GLANCE_SHAPE })
  manyChildrenManyCans(@Query() query: ReportDomainsDto, @Auth() { user }: RequestAuth) {
    return this.glances.manyChildrenManyCans(user, query);
  }
}
