import { Module } from '@nestjs/common';
import { SystemNotificationController } from './system-notification.controller';
import { SystemNotificationService } from './system-notification.service';

/** The system notification's read side (the editor comes with the administration issue). */
@Module({
  controllers: [SystemNotificationController],
  providers: [SystemNotificationService],
})
export class SystemNotificationModule {}
