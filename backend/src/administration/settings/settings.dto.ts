import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trimmed } from '../../platform/http/dto-building-blocks';

/** A version label ("2.4.1", "2026.11 release"): the old form had no rules; ours keeps it a short line of text. */
export const APP_VERSION_MAX_LENGTH = 50;
/** The notification is a few paragraphs; this bounds what one save may store. */
export const NOTIFICATION_MAX_LENGTH = 20_000;

export class SaveAppVersionDto {
  @ApiProperty({ maxLength: APP_VERSION_MAX_LENGTH, example: '2.4.1' })
  @Trimmed()
  @IsString({ message: 'Version must be text.' })
  @IsNotEmpty({ message: 'Version is required.' })
  @MaxLength(APP_VERSION_MAX_LENGTH, { message: `Version can be at most ${APP_VERSION_MAX_LENGTH} characters.` })
  version!: string;
}

export class SaveSystemNotificationDto {
  @ApiProperty({ maxLength: NOTIFICATION_MAX_LENGTH, description: 'Rich text (HTML), sanitised on save; empty: no notification' })
  @IsString({ message: 'Content must be text.' })
  @MaxLength(NOTIFICATION_MAX_LENGTH, { message: `Content can be at most ${NOTIFICATION_MAX_LENGTH} characters.` })
  content!: string;
}

export class AppVersionView {
  @ApiProperty({ description: 'As saved on the App Version screen; the build version until then' }) version!: string;
}

export class SystemNotificationView {
  @ApiProperty({ nullable: true, type: String, description: 'Sanitised HTML; null: no notification' }) content!: string | null;
}
