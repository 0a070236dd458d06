import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';
import { scheduleDailyJob } from '../../platform/scheduling/daily-job';
import { XmlFeedRunService } from './xml-feed-run.service';

export const XML_FEED_JOB_NAME = 'xml-data-feed';

/**
 * Schedules the daily XML feed at XML_FEED_JOB_CRON (default 02:30; `off`: never). Every instance schedules it; the
 * run claims its day in the event store, so one instance uploads and the others find the day taken.
 */
@Injectable()
export class XmlFeedJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('XmlFeedJob');

  constructor(
    private readonly runs: XmlFeedRunService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const cron = this.config.xmlFeedJobCron;
    scheduleDailyJob(this.scheduler, this.logger, {
      name: XML_FEED_JOB_NAME,
      cron,
      announce: `The XML data feed is uploaded daily at "${cron}" (XML_FEED_JOB_CRON).`,
      run: async () => {
        const summary = await this.runs.run(new Date());
        if (!summary.ran) return;
        const { outcome } = summary;
        if (outcome.delivered)
          this.logger.log(`XML feed ${summary.runDay}: ${outcome.assessmentCount} assessments in ${outcome.fileName}.`);
        else this.logger.error(`XML feed ${summary.runDay} not delivered: ${outcome.failure}`);
      },
    });
  }
}
