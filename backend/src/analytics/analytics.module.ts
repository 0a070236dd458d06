import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsCatalogueHandler, AnalyticsCsvHandler, AnalyticsPageHandler } from './analytics.queries';

/** The analysts' projections over HTTP (read-only): docs/api.md "Analytics". */
@Module({
  imports: [CqrsModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsCatalogueHandler, AnalyticsPageHandler, AnalyticsCsvHandler],
})
export class AnalyticsModule {}
