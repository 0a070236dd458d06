import type { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';

/**
 * Schedules a daily job at its cron time (null: the job is off). Every app instance schedules it: the run must
 * claim its day in the event store, so one instance does the work and the others find the day taken. The run
 * must not throw (it records its own outcome); should it throw anyway, the error is logged and the app goes on.
 */
export function scheduleDailyJob(
  scheduler: SchedulerRegistry,
  logger: Logger,
  job: { name: string; cron: string | null; announce: string; run: () => Promise<void> },
): void {
  if (!job.cron) return;
  const onTick = async () => {
    try {
      await job.run();
    } catch (error) {
      logger.error(`${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  scheduler.addCronJob(job.name, CronJob.from({ cronTime: job.cron, onTick, start: true }));
  logger.log(job.announce);
}
