import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { AppVersionService } from './app-version.service';
import { EmailServerService } from './email-server.service';
import { SettingCommandHandler } from './setting.commands';
import { SettingsController } from './settings.controller';
import { SystemNotificationService } from './system-notification.service';

@Module({
  imports: [CqrsModule],
  controllers: [SettingsController],
  providers: [EventSourcedCommandHandler, SettingCommandHandler, AppVersionService, SystemNotificationService, EmailServerService],
})
export class SettingsModule {}
