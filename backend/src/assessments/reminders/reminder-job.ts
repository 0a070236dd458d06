import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';
import { scheduleDailyJob } from '../../platform/scheduling/daily-job';
import { ReminderRunService } from './reminder-run.service';

export const REMINDER_JOB_NAME = 'assessment-reminders';

/**
 * Schedules the daily reminder run at REMINDER_JOB_CRON (default 06:00). Every instance schedules it; the run
 * claims its day in the event store, so one instance sends and the others find the day taken.
 */
@Injectable()
export class ReminderJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('ReminderJob');

  constructor(
    private readonly runs: ReminderRunService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const cron = this.config.reminderJobCron;
    scheduleDailyJob(this.scheduler, this.logger, {
      name: REMINDER_JOB_NAME,
      cron,
      announce: `Reminder mails go out daily at "${cron}" (REMINDER_JOB_CRON).`,
      run: async () => {
        const summary = await this.runs.run(new Date());
        if (summary.ran) this.logger.log(`Reminder run ${summary.runDay}: ${JSON.stringify(summary.sent)} sent, ${summary.failed} failed.`);
      },
    });
  }
}
