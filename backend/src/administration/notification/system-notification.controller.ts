import { Controller, Get } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SystemNotificationService } from './system-notification.service';

@ApiTags('Administration')
@ApiCookieAuth()
@Controller('system-notification')
export class SystemNotificationController {
  constructor(private readonly notifications: SystemNotificationService) {}

  /** Every signed-in user: the home page shows it once per session (spec 001 §2, spec 002 "Notification editor"). */
  @Get()
  @ApiOperation({ summary: 'The system notification shown on the first load of a session (content null: none)' })
  @ApiOkResponse({ description: '{ content: sanitised HTML | null }' })
  current() {
    return this.notifications.current();
  }
}
