import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { answerCommand } from '../../platform/http/http-answers';
import { AppVersionService } from './app-version.service';
import { SettingCommandRequest } from './setting.commands';
import { AppVersionView, SaveAppVersionDto, SaveSystemNotificationDto, SystemNotificationView } from './settings.dto';
import { SystemNotificationService } from './system-notification.service';

/** The single-value settings of spec 002 §2: App Version and the system notification (privilege Setting to save). */
@ApiTags('Administration')
@ApiCookieAuth()
@Controller()
export class SettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly appVersion: AppVersionService,
    private readonly notifications: SystemNotificationService,
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
}
