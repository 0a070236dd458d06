import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { ReminderJob } from './reminder-job';
import { ReminderRunService } from './reminder-run.service';

/** The daily reminder mails (spec 002 "Assessment reminders"): the scheduled job and one run of it. */
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [EventSourcedCommandHandler, ReminderRunService, ReminderJob],
  exports: [ReminderRunService],
})
export class RemindersModule {}
