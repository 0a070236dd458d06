import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsCatalogueHandler, AnalyticsCsvHandler, AnalyticsPageHandler } from './analytics.queries';
import { AnalyticsReplayRunnerService } from './replays/analytics-replay-runner.service';
import { AnalyticsReplaysController } from './replays/analytics-replays.controller';
import { AnalystPseudonymKey } from './workbench/analyst-pseudonym-key';
import { AnalyticsWorkbenchController } from './workbench/analytics-workbench.controller';
import { AnalyticsWorkbenchService } from './workbench/analytics-workbench.service';
import { EventSourcedCommandHandler } from '../platform/commands/command-handler';

/** The analysts' projections over HTTP: read-only, their in-app replays, and the workbench (docs/api.md "Analytics"). */
@Module({
  imports: [CqrsModule],
  controllers: [AnalyticsController, AnalyticsReplaysController, AnalyticsWorkbenchController],
  providers: [
    AnalyticsCatalogueHandler,
    AnalyticsPageHandler,
    AnalyticsCsvHandler,
    AnalyticsReplayRunnerService,
    AnalystPseudonymKey,
    AnalyticsWorkbenchService,
    EventSourcedCommandHandler,
  ],
})
export class AnalyticsModule {}
