import { Module } from '@nestjs/common';
import { AssessmentsModule } from '../assessments/assessments.module';
import { AuditModule } from '../audit/audit.module';
import { LibraryModule } from '../library/library.module';
import { EventSourcedCommandHandler } from '../platform/commands/command-handler';
import { ReportGlanceController } from './glance/report-glance.controller';
import { ReportGlanceService } from './glance/report-glance.service';
import { ManyChildrenOneCansService } from './many-children-one-cans.service';
import { ReportCohortService } from './report-cohort.service';
import { ReportComparisonService } from './report-comparison.service';
import { ReportLibraryService } from './report-library.service';
import { ReportOptionsService } from './report-options.service';
import { ReportPdfController } from './pdf/report-pdf.controller';
import { ReportPdfService } from './pdf/report-pdf.service';
import { ReportsController } from './reports.controller';
import { SavedReportQueriesController } from './saved-queries/saved-report-queries.controller';
import { SaveReportQueryHandler } from './saved-queries/saved-report-query.commands';
import { SavedReportQueryService } from './saved-queries/saved-report-query.service';
import { TimePointReportsController } from './time-points/time-point-reports.controller';
import { TimePointReportsService } from './time-points/time-point-reports.service';

/**
 * The reports API (spec 001): cohorts, Many Children One CANS, Quick Glance, comparison, the one-child reports,
 * Many Children Many CANS, saved report queries and their PDFs. Row access from AssessmentsModule; the reads of the
 * one-child reports are recorded through AuditModule.
 */
@Module({
  imports: [AssessmentsModule, AuditModule, LibraryModule],
  controllers: [ReportsController, TimePointReportsController, SavedReportQueriesController, ReportGlanceController, ReportPdfController],
  providers: [
    ReportCohortService,
    ReportLibraryService,
    ReportOptionsService,
    ReportComparisonService,
    ManyChildrenOneCansService,
    TimePointReportsService,
    EventSourcedCommandHandler,
    SaveReportQueryHandler,
    SavedReportQueryService,
    ReportGlanceService,
    ReportPdfService,
  ],
  exports: [SavedReportQueryService, ReportGlanceService],
})
export class ReportsModule {}
