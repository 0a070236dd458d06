import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { scheduleDailyJob } from './daily-job';

describe('scheduleDailyJob', () => {
  const logged: string[] = [];
  const logger = Object.assign(new Logger('test'), {
    log: (message: string) => void logged.push(`log ${message}`),
    error: (message: string) => void logged.push(`error ${message}`),
  });

  it('schedules nothing when the job is off', () => {
    const scheduler = new SchedulerRegistry();
    scheduleDailyJob(scheduler, logger, { name: 'off', cron: null, announce: 'never', run: async () => undefined });
    expect(scheduler.getCronJobs().size).toBe(0);
  });

  it('registers the job at its time, and a run that throws is logged without taking the app down', async () => {
    const scheduler = new SchedulerRegistry();
    scheduleDailyJob(scheduler, logger, {
      name: 'nightly',
      cron: '30 2 * * *',
      announce: 'runs at 02:30',
      run: async () => {
        throw new Error('server unreachable');
      },
    });
    const job = scheduler.getCronJob('nightly');
    try {
      expect(job.nextDate().toFormat('HH:mm')).toBe('02:30');
      expect(logged).toContain('log runs at 02:30');
      await job.fireOnTick();
      await new Promise((resolve) => setImmediate(resolve));
      expect(logged).toContain('error nightly failed: server unreachable');
    } finally {
      await job.stop();
    }
  });
});
