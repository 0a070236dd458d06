import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { ReportDomainsDto } from '../report-filter.dto';
import { OneChildManyCansDto, OneChildOneCansDto } from '../time-points/time-point.dto';
import { ReportGlanceService } from './report-glance.service';

const GLANCE_SHAPE =
  '{ glanceType: 1-4, averageOnly, baseInfos:[{key,name,value}], pie:{kind:"rating"|"gender",title,slices:[{name,value}]}, ' +
  'actionableItems:{maxCount,minCount,average,averageMoreOne,averageLessOne}, domainOverview:{ratings,domains:[{code,domainName,percents}]} }';

/**
 * The Quick Glance of each report (spec 001 §2 "Quick Glance panel"): one route per report, taking that report's
 * parameters; docs/api.md "Reports".
 */
@ApiTags('Reports')
@ApiCookieAuth()
@Controller('reports')
export class ReportGlanceController {
  constructor(private readonly glances: ReportGlanceService) {}

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
  oneChildOneCans(@Query() query: OneChildOneCansDto, @Auth() { user }: RequestAuth) {
    return this.glances.oneChildOneCans(user, query);
  }

  @Get('one-child-many-cans/glance')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'Quick Glance of One Child Many CANS (type 2): the chosen time-points and domains; Rating Overview pie' })
  @ApiOkResponse({ description: GLANCE_SHAPE })
  oneChildManyCans(@Query() query: OneChildManyCansDto, @Auth() { user }: RequestAuth) {
    return this.glances.oneChildManyCans(user, query);
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
