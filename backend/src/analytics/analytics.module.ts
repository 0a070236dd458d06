import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsController } from './analytics.controller';
import {
  AnalyticsCatalogueHandler,
  AnalyticsCsvHandler,
  AnalyticsPageHandler,
  ServedAnalyticsProjectionHandler,
} from './analytics.queries';
import { PublishedProjectionHostService } from './published/published-projection-host.service';
import { PublishedProjectionsController } from './published/published-projections.controller';
import { PublishedProjectionsService } from './published/published-projections.service';
import { AnalyticsReplayRunnerService } from './replays/analytics-replay-runner.service';
import { AnalyticsReplaysController } from './replays/analytics-replays.controller';
import { AnalystPseudonymKey } from './workbench/analyst-pseudonym-key';
import { AnalyticsWorkbenchController } from './workbench/analytics-workbench.controller';
import { AnalyticsWorkbenchService } from './workbench/analytics-workbench.service';
import { EventSourcedCommandHandler } from '../platform/commands/command-handler';
import { ReadAfterWrite } from '../platform/projections/read-after-write';

/** The analysts' projections over HTTP: read-only, their in-app replays, and the workbench (docs/api.md "Analytics"). */
@Module({
  imports: [CqrsModule],
  controllers: [AnalyticsController, AnalyticsReplaysController, AnalyticsWorkbenchController, PublishedProjectionsController],
  providers: [
    AnalyticsCatalogueHandler,
    AnalyticsPageHandler,
    AnalyticsCsvHandler,
    ServedAnalyticsProjectionHandler,
    PublishedProjectionHostService,
    PublishedProjectionsService,
    AnalyticsReplayRunnerService,
    AnalystPseudonymKey,
    AnalyticsWorkbenchService,
    EventSourcedCommandHandler,
    ReadAfterWrite,
  ],
})
export class AnalyticsModule {}
