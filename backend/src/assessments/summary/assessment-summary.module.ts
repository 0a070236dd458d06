import { Module } from '@nestjs/common';
import { AssessmentsModule } from '../assessments.module';
import { AssessmentSummaryController } from './assessment-summary.controller';
import { AssessmentSummaryService } from './assessment-summary.service';

/** The CANS Summary and the printable assessment, as JSON and PDF (row access and library versions from AssessmentsModule). */
@Module({
  imports: [AssessmentsModule],
  controllers: [AssessmentSummaryController],
  providers: [AssessmentSummaryService],
})
export class AssessmentSummaryModule {}
