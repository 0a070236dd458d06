import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { AppVersionService } from './app-version.service';
import { DestinationChanges } from './destination-changes';
import { EmailServerController } from './email-server.controller';
import { EmailServerService } from './email-server.service';
import { SettingCommandHandler } from './setting.commands';
import { SettingsController } from './settings.controller';
import { SystemNotificationService } from './system-notification.service';

@Module({
  imports: [CqrsModule],
  controllers: [SettingsController, EmailServerController],
  providers: [
    EventSourcedCommandHandler,
    SettingCommandHandler,
    AppVersionService,
    SystemNotificationService,
    EmailServerService,
    DestinationChanges,
  ],
  exports: [DestinationChanges, EmailServerService],
})
export class SettingsModule {}
