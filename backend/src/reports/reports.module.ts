import { Module } from '@nestjs/common';
import { AssessmentsModule } from '../assessments/assessments.module';
import { LibraryModule } from '../library/library.module';
import { ReportCohortService } from './report-cohort.service';
import { ReportComparisonService } from './report-comparison.service';
import { ReportLibraryService } from './report-library.service';
import { ReportOptionsService } from './report-options.service';
import { ReportsController } from './reports.controller';
import { TimePointReportsController } from './time-points/time-point-reports.controller';
import { TimePointReportsService } from './time-points/time-point-reports.service';

/**
 * The reports API (spec 001): cohorts, Many Children One CANS, Quick Glance, comparison, the one-child reports and
 * Many Children Many CANS. Row access from AssessmentsModule.
 */
@Module({
  imports: [AssessmentsModule, LibraryModule],
  controllers: [ReportsController, TimePointReportsController],
  providers: [ReportCohortService, ReportLibraryService, ReportOptionsService, ReportComparisonService, TimePointReportsService],
})
export class ReportsModule {}
