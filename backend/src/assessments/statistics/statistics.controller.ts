import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional } from 'class-validator';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { AnswerStatisticsService } from './answer-statistics.service';
import { AssessmentCountsService, HOME_PERIOD_DAYS } from './assessment-counts.service';
import { AssessmentMonthsService } from './assessment-months.service';
import { SupervisorCaseloadsService } from './supervisor-caseloads.service';

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
    private readonly months: AssessmentMonthsService,
    private readonly caseloads: SupervisorCaseloadsService,
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
      '{ days, byStatus:{i,r,c,a,e}, pendingApproval, incomplete, returned, approved, closed, overdue, followUp, overdueAfterDays, month, assessedThisMonth }',
  })
  assessmentCounts(@Query() query: AssessmentCountsQueryDto, @Auth() { user }: RequestAuth) {
    return this.counts.countsFor(user, query.days ?? null);
  }

  @Get('assessment-counts/months')
  @RequirePrivileges('HOME_SHOW', 'Assessment_View')
  @ApiOperation({
    summary:
      'Home charts: assessments per month of the date of assessment over the last 12 months, in total and per assessment type; row access applied',
  })
  @ApiOkResponse({ description: '{ months:[yyyy-MM × 12, oldest first], totals:[n × 12], types:[{ id, name, counts:[n × 12] }] }' })
  assessmentMonths(@Auth() { user }: RequestAuth) {
    return this.months.monthlyFor(user);
  }

  @Get('assessment-counts/supervisees')
  @RequirePrivileges('HOME_SHOW', 'Assessment_View')
  @ApiOperation({
    summary:
      "Supervisor table: per directly supervised worker, children, in progress, pending approval, completed, due within 30 days, follow up and overdue (the overdue list's tabs), each with the list filter behind it",
  })
  @ApiOkResponse({
    description:
      '{ today, dueUntil, overdueAfterDays, workers:[{ id, name, children, inProgress, pendingApproval, completed, dueSoon, followUp, overdue, filters:{ <number>: list filter } }] }',
  })
  superviseeCaseloads(@Auth() { user }: RequestAuth) {
    return this.caseloads.caseloadsFor(user);
  }
}
