import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { EventSourcedCommandHandler } from '../platform/commands/command-handler';
import { DataFeedController } from './data-feed.controller';
import { MonthlyFeedService } from './monthly-feed.service';
import { AssessmentExportController } from './export/assessment-export.controller';
import { AssessmentExportService } from './export/assessment-export.service';

/** Data feeds (issue 15): the monthly CSV zip and the XLSX export of approved assessments. Read the data-feed projection; record each file handed over. */
@Module({
  imports: [AuditModule],
  controllers: [DataFeedController, AssessmentExportController],
  providers: [MonthlyFeedService, AssessmentExportService, EventSourcedCommandHandler],
})
export class DataFeedModule {}
