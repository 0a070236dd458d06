import { Module } from '@nestjs/common';
import { AssessmentsModule } from '../assessments.module';
import { AnswerStatisticsService } from './answer-statistics.service';
import { AssessmentCountsService } from './assessment-counts.service';
import { AssessmentStatisticsController } from './statistics.controller';

/** Answer statistics (the per-question pie chart) and the home counts (row access from AssessmentsModule). */
@Module({
  imports: [AssessmentsModule],
  controllers: [AssessmentStatisticsController],
  providers: [AnswerStatisticsService, AssessmentCountsService],
})
export class AssessmentStatisticsModule {}
