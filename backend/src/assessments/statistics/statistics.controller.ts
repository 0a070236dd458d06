import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional } from 'class-validator';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { AnswerStatisticsService } from './answer-statistics.service';
import { AssessmentCountsService, HOME_PERIOD_DAYS } from './assessment-counts.service';

export class AssessmentCountsQueryDto {
  @ApiPropertyOptional({
    enum: HOME_PERIOD_DAYS,
    description: 'Only assessments last updated within this many days (home period radio); omitted: all',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be 7, 30 or 90' })
  @IsIn([...HOME_PERIOD_DAYS], { message: 'must be 7, 30 or 90' })
  days?: number;
}

@ApiTags('Assessments')
@ApiCookieAuth()
@Controller()
export class AssessmentStatisticsController {
  constructor(
    private readonly answers: AnswerStatisticsService,
    private readonly counts: AssessmentCountsService,
  ) {}

  /** Aggregate shares only (no record is named), so no row access applies; it is shown beside every question. */
  @Get('answer-statistics/:questionCode')
  @RequirePrivileges('Assessment_View', 'Report_Assessment')
  @ApiOperation({
    summary: 'Share of each rating of a question across approved assessments included in reports (pie chart; total 0 → "No Data")',
  })
  @ApiOkResponse({ description: '{ questionCode, total, slices:[{ rating, count, percent }] }' })
  answerStatistics(@Param('questionCode') questionCode: string) {
    return this.answers.forQuestion(questionCode);
  }

  @Get('assessment-counts')
  @RequirePrivileges('HOME_SHOW', 'Assessment_View')
  @ApiOperation({ summary: 'Home counts: assessments per status (within the period), overdue and follow-up; row access applied' })
  @ApiOkResponse({
    description:
      '{ days, byStatus:{i,r,c,a,e}, pendingApproval, incomplete, returned, approved, closed, overdue, followUp, month, assessedThisMonth }',
  })
  assessmentCounts(@Query() query: AssessmentCountsQueryDto, @Auth() { user }: RequestAuth) {
    return this.counts.countsFor(user, query.days ?? null);
  }
}
