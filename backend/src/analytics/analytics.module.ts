import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsCatalogueHandler, AnalyticsCsvHandler, AnalyticsPageHandler } from './analytics.queries';
import { AnalyticsReplayRunnerService } from './replays/analytics-replay-runner.service';
import { AnalyticsReplaysController } from './replays/analytics-replays.controller';

/** The analysts' projections over HTTP: read-only, and their in-app replays (docs/api.md "Analytics"). */
@Module({
  imports: [CqrsModule],
  controllers: [AnalyticsController, AnalyticsReplaysController],
  providers: [AnalyticsCatalogueHandler, AnalyticsPageHandler, AnalyticsCsvHandler, AnalyticsReplayRunnerService],
})
export class AnalyticsModule {}
