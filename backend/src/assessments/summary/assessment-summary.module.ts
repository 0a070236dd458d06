import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module';
import { AssessmentsModule } from '../assessments.module';
import { AssessmentSummaryController } from './assessment-summary.controller';
import { AssessmentSummaryService } from './assessment-summary.service';

/** The CANS Summary and the printable assessment, as JSON and PDF (row access and library versions from AssessmentsModule). */
@Module({
  imports: [AssessmentsModule, AuditModule],
  controllers: [AssessmentSummaryController],
  providers: [AssessmentSummaryService],
})
export class AssessmentSummaryModule {}
