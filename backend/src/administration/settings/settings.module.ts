import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { AppVersionService } from './app-version.service';
import { SettingCommandHandler } from './setting.commands';
import { SettingsController } from './settings.controller';
import { SystemNotificationService } from './system-notification.service';

@Module({
  imports: [CqrsModule],
  controllers: [SettingsController],
  providers: [EventSourcedCommandHandler, SettingCommandHandler, AppVersionService, SystemNotificationService],
})
export class SettingsModule {}
