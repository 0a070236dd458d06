import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { EMAIL_SECURITY, EmailSecurity } from '@cans/domain/administration/settings.events';
import { REMINDER_SETTING_LIMITS, reminderSettingMessage } from '@cans/domain/assessments/reminder-settings';
import { Trimmed, TrimmedOrNull } from '../../platform/http/dto-building-blocks';
import { RichTextField } from '../../platform/http/rich-text-field';
import { CurrentPasswordField } from './current-password.field';

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
  @ApiProperty({
    maxLength: NOTIFICATION_MAX_LENGTH,
    description:
      'Rich text (HTML), sanitised on save; empty: no notification. Pictures: base64 PNG, JPEG or GIF data URLs of at most 1M each, not counted in maxLength',
  })
  @IsString({ message: 'Content must be text.' })
  @RichTextField(NOTIFICATION_MAX_LENGTH, `Content can be at most ${NOTIFICATION_MAX_LENGTH} characters.`)
  content!: string;
}

export class AppVersionView {
  @ApiProperty({ description: 'As saved on the App Version screen; the build version until then' }) version!: string;
}

export class SystemNotificationView {
  @ApiProperty({ nullable: true, type: String, description: 'Sanitised HTML; null: no notification' }) content!: string | null;
}

const SECURITY_CODES = Object.values(EMAIL_SECURITY);
const TEXT_MAX = 200;

/** Spec 002 §3 "Email server". The password is write-only: left out (or empty), the saved one is kept. */
export class SaveEmailServerDto {
  @ApiProperty({ example: 'smtp.example.org', maxLength: TEXT_MAX })
  @Trimmed()
  @IsString({ message: 'SMTP server must be text.' })
  @IsNotEmpty({ message: 'SMTP server is required.' })
  @MaxLength(TEXT_MAX, { message: `SMTP server can be at most ${TEXT_MAX} characters.` })
  smtp!: string;

  @ApiProperty({ example: 587, minimum: 1, maximum: 65535 })
  @IsInt({ message: 'Port must be a whole number from 1 to 65535.' })
  @Min(1, { message: 'Port must be a whole number from 1 to 65535.' })
  @Max(65535, { message: 'Port must be a whole number from 1 to 65535.' })
  port!: number;

  @ApiPropertyOptional({ nullable: true, maxLength: TEXT_MAX, description: 'Empty: the server needs no sign-in' })
  @TrimmedOrNull()
  @IsOptional()
  @IsString({ message: 'User name must be text.' })
  @MaxLength(TEXT_MAX, { message: `User name can be at most ${TEXT_MAX} characters.` })
  userName!: string | null;

  @ApiPropertyOptional({ writeOnly: true, maxLength: TEXT_MAX, description: 'Never returned; left out or empty: keep the saved one' })
  @IsOptional()
  @IsString({ message: 'Password must be text.' })
  @MaxLength(TEXT_MAX, { message: `Password can be at most ${TEXT_MAX} characters.` })
  password?: string;

  @ApiProperty({ example: 'cans@example.org' })
  @Trimmed()
  @IsEmail({}, { message: 'From email must be an email address.' })
  fromEmail!: string;

  @ApiPropertyOptional({ nullable: true, maxLength: TEXT_MAX, example: 'CANS' })
  @TrimmedOrNull()
  @IsOptional()
  @IsString({ message: 'From name must be text.' })
  @MaxLength(TEXT_MAX, { message: `From name can be at most ${TEXT_MAX} characters.` })
  fromName!: string | null;

  @ApiProperty({
    enum: SECURITY_CODES,
    description: '1 Default (STARTTLS, required unless allowUnencrypted), 3 SSL, 2 TLS (STARTTLS required)',
  })
  @IsIn(SECURITY_CODES, { message: 'Security must be 1 (Default), 3 (SSL) or 2 (TLS).' })
  sslKey!: EmailSecurity;

  @ApiPropertyOptional({
    default: false,
    description: 'Default mode only: send the password and the mail without TLS when the server offers no STARTTLS',
  })
  @IsOptional()
  @IsBoolean({ message: 'Allow unencrypted must be true or false.' })
  allowUnencrypted?: boolean;

  @CurrentPasswordField('the server, port, user name or security changes')
  currentPassword?: string;
}

export class EmailServerView {
  @ApiProperty() smtp!: string;
  @ApiProperty() port!: number;
  @ApiProperty({ nullable: true, type: String }) userName!: string | null;
  @ApiProperty({ description: 'Whether a password is saved (the password itself is never returned)' }) passwordSet!: boolean;
  @ApiProperty() fromEmail!: string;
  @ApiProperty({ nullable: true, type: String }) fromName!: string | null;
  @ApiProperty({ enum: SECURITY_CODES }) sslKey!: EmailSecurity;
  @ApiProperty({ description: 'Default mode: mail may go without TLS when the server offers none' }) allowUnencrypted!: boolean;
}

export class TestMailDto {
  @ApiProperty({ example: 'admin@example.org' })
  @Trimmed()
  @IsEmail({}, { message: 'Send to must be an email address.' })
  to!: string;
}

/** A whole number from 0 to the setting's limit, with the domain's message (the decider checks it again). */
const ReminderSetting = (field: keyof typeof REMINDER_SETTING_LIMITS, unit: string): PropertyDecorator => {
  const message = reminderSettingMessage(field);
  const max = REMINDER_SETTING_LIMITS[field].max;
  const decorators = [
    ApiProperty({ minimum: 0, maximum: max, description: `${unit}; 0 switches this reminder off` }),
    // One rule, one message (IsInt + Min + Max would each repeat it).
    ValidateBy(
      { name: 'wholeNumberInRange', validator: { validate: (value) => Number.isInteger(value) && value >= 0 && value <= max } },
      { message },
    ),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
};

/** Spec 002 §3 "Reminder settings" (the old form had no rules; ours keeps each a whole number in a sane range). */
export class SaveReminderSettingsDto {
  @ReminderSetting('daysOfIncompletionAlert', 'Days an Incomplete or Returned assessment may wait before its assessor is reminded')
  daysOfIncompletionAlert!: number;

  @ReminderSetting('monthOfNextCaseAlert', 'Months from the date of assessment to the next assessment (unless the child record sets days)')
  monthOfNextCaseAlert!: number;

  @ReminderSetting('daysOfTimeoutAlert', 'Days after the due date from which the next assessment is overdue')
  daysOfTimeoutAlert!: number;
}

export class ReminderSettingsView extends SaveReminderSettingsDto {}
