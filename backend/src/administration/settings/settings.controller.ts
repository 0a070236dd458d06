import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { answerCommand } from '../../platform/http/http-answers';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { findReminderSettings } from '@cans/projections/administration/settings.projection';
import { AppVersionService } from './app-version.service';
import { SettingCommandRequest } from './setting.commands';
import {
  AppVersionView,
  SaveAppVersionDto,
  ReminderSettingsView,
  SaveReminderSettingsDto,
  SaveSystemNotificationDto,
  SystemNotificationView,
} from './settings.dto';
import { SystemNotificationService } from './system-notification.service';

/** The single-value settings of spec 002 §2 that `Setting` holders keep: App Version, the system notification, the reminders. */
@ApiTags('Administration')
@ApiCookieAuth()
@Controller()
export class SettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly appVersion: AppVersionService,
    private readonly notifications: SystemNotificationService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** Every signed-in user: the About page and the profile menu show it. */
  @Get('settings/app-version')
  @ApiOkResponse({ type: AppVersionView })
  currentAppVersion() {
    return this.appVersion.current();
  }

  @Put('settings/app-version')
  @RequirePrivileges('Setting')
  @ApiOkResponse({ type: AppVersionView })
  async saveAppVersion(@Body() body: SaveAppVersionDto, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(
      new SettingCommandRequest(actor, { type: 'SaveAppVersion', version: body.version }),
    );
    return answerCommand(result, { version: body.version, message: 'The app version was saved successfully.' });
  }

  /** Every signed-in user: the page a session first loads shows it once (spec 001 §2, spec 002 "Notification editor"). */
  @Get('system-notification')
  @ApiOperation({ summary: 'The system notification shown on the first load of a session (content null: none)' })
  @ApiOkResponse({ type: SystemNotificationView })
  currentNotification() {
    return this.notifications.current();
  }

  @Put('system-notification')
  @RequirePrivileges('Setting')
  @ApiOkResponse({ type: SystemNotificationView })
  async saveNotification(@Body() body: SaveSystemNotificationDto, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(
      new SettingCommandRequest(actor, { type: 'SaveSystemNotification', content: body.content }),
    );
    return answerCommand(result, { message: 'The notification was saved successfully.' });
  }

  /** The Assessment Reminder screen; the defaults until a save. */
  @Get('settings/reminders')
  @RequirePrivileges('Setting')
  @ApiOkResponse({ type: ReminderSettingsView })
  currentReminderSettings(): Promise<ReminderSettingsView> {
    return findReminderSettings(this.readStore);
  }

  /** The overdue and follow-up lists and the home counts follow from the next read (X-Event-Position). */
  @Put('settings/reminders')
  @RequirePrivileges('Setting')
  @ApiOkResponse({ description: '{ message }' })
  async saveReminderSettings(@Body() body: SaveReminderSettingsDto, @Auth() { actor }: RequestAuth) {
    const { daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert } = body;
    const result: CommandResult = await this.commands.execute(
      new SettingCommandRequest(actor, { type: 'SaveReminderSettings', daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert }),
    );
    return answerCommand(result, { message: 'The reminder settings were saved successfully.' });
  }
}
