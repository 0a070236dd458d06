import { Body, Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { answerCommand } from '../../platform/http/http-answers';
import { SECRET_BOX, SecretBox } from '../../platform/crypto/secret-box';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { findReminderSettings } from '@cans/projections/administration/settings.projection';
import { AppVersionService } from './app-version.service';
import { EmailServerService } from './email-server.service';
import { SettingCommandRequest } from './setting.commands';
import {
  AppVersionView,
  EmailServerView,
  SaveAppVersionDto,
  ReminderSettingsView,
  SaveEmailServerDto,
  SaveReminderSettingsDto,
  SaveSystemNotificationDto,
  SystemNotificationView,
  TestMailDto,
} from './settings.dto';
import { SystemNotificationService } from './system-notification.service';

/** The single-value settings of spec 002 §2: App Version, the system notification, the email server, the reminders. */
@ApiTags('Administration')
@ApiCookieAuth()
@Controller()
export class SettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly appVersion: AppVersionService,
    private readonly notifications: SystemNotificationService,
    private readonly emailServer: EmailServerService,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
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

  /** Every signed-in user: the home page shows it once per session (spec 001 §2, spec 002 "Notification editor"). */
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

  @Get('settings/email-server')
  @RequirePrivileges('Setting')
  @ApiOkResponse({ type: EmailServerView })
  currentEmailServer() {
    return this.emailServer.current();
  }

  /** Mail goes through it from the next mail on; the password is sealed before it is recorded. */
  @Put('settings/email-server')
  @RequirePrivileges('Setting')
  @ApiOkResponse({ description: '{ message }' })
  async saveEmailServer(@Body() body: SaveEmailServerDto, @Auth() { actor }: RequestAuth) {
    const { password, userName, fromName, ...server } = body;
    const command = {
      type: 'SaveEmailServer' as const,
      ...server,
      userName: userName ?? null,
      fromName: fromName ?? null,
      ...(password ? { passwordSealed: this.secrets.seal(password) } : {}),
    };
    const result: CommandResult = await this.commands.execute(new SettingCommandRequest(actor, command));
    return answerCommand(result, { message: 'The email server was saved successfully.' });
  }

  @Post('settings/email-server/test-mail')
  @HttpCode(200)
  @RequirePrivileges('Setting')
  @ApiOperation({ summary: 'Send a test mail through the saved server: { sent, message } (the SMTP error in plain words when not sent)' })
  async sendTestMail(@Body() body: TestMailDto, @Auth() { user }: RequestAuth) {
    return this.emailServer.sendTestMail(body.to, user.fullName || user.username);
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
