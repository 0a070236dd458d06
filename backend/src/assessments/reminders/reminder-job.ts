import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';
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
    if (!cron) return;
    const job = CronJob.from({ cronTime: cron, onTick: () => this.runSafely(), start: true });
    this.scheduler.addCronJob(REMINDER_JOB_NAME, job);
    this.logger.log(`Reminder mails go out daily at "${cron}" (REMINDER_JOB_CRON).`);
  }

  /** A run never takes the app down: what went wrong is recorded on the run and logged. */
  private async runSafely(): Promise<void> {
    try {
      const summary = await this.runs.run(new Date());
      if (summary.ran) this.logger.log(`Reminder run ${summary.runDay}: ${JSON.stringify(summary.sent)} sent, ${summary.failed} failed.`);
    } catch (error) {
      this.logger.error(`Reminder run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
