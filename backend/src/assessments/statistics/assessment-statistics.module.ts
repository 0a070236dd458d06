import { Module } from '@nestjs/common';
import { AssessmentsModule } from '../assessments.module';
import { AnswerStatisticsService } from './answer-statistics.service';
import { AssessmentCountsService } from './assessment-counts.service';
import { AssessmentMonthsService } from './assessment-months.service';
import { SupervisorCaseloadsService } from './supervisor-caseloads.service';
import { AssessmentStatisticsController } from './statistics.controller';

/**
 * Answer statistics (the per-question pie chart) and the home page's figures: counts, monthly charts and the supervisor
 * table (row access from AssessmentsModule).
 */
@Module({
  imports: [AssessmentsModule],
  controllers: [AssessmentStatisticsController],
  providers: [AnswerStatisticsService, AssessmentCountsService, AssessmentMonthsService, SupervisorCaseloadsService],
})
export class AssessmentStatisticsModule {}
