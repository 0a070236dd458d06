import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SettingsModule } from '../../administration/settings/settings.module';
import { AuditModule } from '../../audit/audit.module';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { SftpUploader } from './sftp-uploader';
import { XmlFeedController } from './xml-feed.controller';
import { XmlFeedJob } from './xml-feed-job';
import { XmlFeedRunService } from './xml-feed-run.service';
import { XmlFeedService } from './xml-feed.service';

/**
 * The daily XML feed to SFTP and its manual upload (issue 15): the job (the scheduler comes from RemindersModule's
 * ScheduleModule.forRoot, which is global), one run, the uploads, the SFTP server setting. Reads the data-feed
 * projection; records every upload.
 */
@Module({
  imports: [CqrsModule, AuditModule, SettingsModule],
  controllers: [XmlFeedController],
  providers: [EventSourcedCommandHandler, SftpUploader, XmlFeedService, XmlFeedRunService, XmlFeedJob],
  exports: [XmlFeedRunService],
})
export class XmlFeedModule {}
