import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { Trimmed } from '../../platform/http/dto-building-blocks';
import { isCalendarDate } from '../../platform/http/field-validators';
import { HOST_KEY_FINGERPRINT } from './sftp-uploader';
import { CurrentPasswordField } from '../../administration/settings/current-password.field';

export const XmlFeedFieldMessages = {
  /** Spec 002 §8 "Please select Date Range.": Submit needs both dates. */
  rangeRequired: 'Please select Date Range.',
  endDateRequired: 'Please select the end date.',
  realDate: 'Please enter a real date from 1900-01-01 to 9999-12-31 as yyyy-MM-dd (or yyyy-MM-dd HH:mm:ss).',
  endBeforeStart: 'The end date must not be before the start date.',
} as const;

/** The spec's yyyy-MM-dd HH:mm:ss (or a plain yyyy-MM-dd) as the day it names: the feed ranges are whole days. */
const DayOf = (): PropertyDecorator =>
  Transform(({ value }) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value.trim()) ? value.trim().slice(0, 10) : value,
  );

/** A real day; an absent one is left to IsNotEmpty, so a missing date gets the one message it needs. */
const IsDayWhenGiven = (): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isDayWhenGiven',
      validator: { validate: (value) => value === undefined || value === null || value === '' || isCalendarDate(value) },
    },
    { message: XmlFeedFieldMessages.realDate },
  );

/** Spec 002 §7 uploadXmlDataByHand: both days included. */
export class XmlUploadByHandDto {
  @ApiProperty({
    description: 'First day of the date of assessment: yyyy-MM-dd HH:mm:ss (the time is ignored) or yyyy-MM-dd',
    example: '2025-01-01 00:00:00',
  })
  @DayOf()
  @IsNotEmpty({ message: XmlFeedFieldMessages.rangeRequired })
  @IsDayWhenGiven()
  startDateFullTime!: string;

  @ApiProperty({ description: 'Last day of the date of assessment (included); not before the start', example: '2025-12-31 23:59:59' })
  @DayOf()
  @IsNotEmpty({ message: XmlFeedFieldMessages.rangeRequired })
  @IsDayWhenGiven()
  endDateFullTime!: string;
}

/** Spec 002 §7 updateXmlDateByHand: the end date becomes the configured assessment date. */
export class XmlUpdateDateDto {
  @ApiProperty({ description: 'The new configured assessment date: yyyy-MM-dd HH:mm:ss or yyyy-MM-dd', example: '2025-07-01 00:00:00' })
  @DayOf()
  @IsNotEmpty({ message: XmlFeedFieldMessages.endDateRequired })
  @IsDayWhenGiven()
  endDateFullTime!: string;
}

export class XmlFeedStatusView {
  @ApiProperty({ nullable: true, type: String, description: 'The configured assessment date (yyyy-MM-dd); null until Update Date' })
  assessmentDate!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'First day the daily feed covers (the configured date)' }) from!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Last day the daily feed covers (the configured date plus one year, less a day)',
  })
  to!: string | null;
  @ApiProperty({ description: 'Whether an SFTP server is saved' }) sftpServerSaved!: boolean;
}

const TEXT_MAX = 255;
const KEY_MAX = 16_384;
const PRIVATE_KEY = /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]+-----END [A-Z0-9 ]*PRIVATE KEY-----\s*$/;

/**
 * Where the XML feed goes. The password and the private key are write-only: left out, the saved one is kept; an
 * empty string removes it. At least one of them must remain.
 */
export class SaveSftpServerDto {
  @ApiProperty({ example: 'sftp.state.example', maxLength: TEXT_MAX })
  @Trimmed()
  @IsString({ message: 'Host must be text.' })
  @IsNotEmpty({ message: 'Host is required.' })
  @MaxLength(TEXT_MAX, { message: `Host can be at most ${TEXT_MAX} characters.` })
  @Matches(/^[A-Za-z0-9.:[\]_-]+$/, { message: 'Host must be a host name or an IP address.' })
  host!: string;

  @ApiProperty({ example: 22, minimum: 1, maximum: 65535 })
  @IsInt({ message: 'Port must be a whole number from 1 to 65535.' })
  @Min(1, { message: 'Port must be a whole number from 1 to 65535.' })
  @Max(65535, { message: 'Port must be a whole number from 1 to 65535.' })
  port!: number;

  @ApiProperty({ example: 'cans-feed', maxLength: TEXT_MAX })
  @Trimmed()
  @IsString({ message: 'User name must be text.' })
  @IsNotEmpty({ message: 'User name is required.' })
  @MaxLength(TEXT_MAX, { message: `User name can be at most ${TEXT_MAX} characters.` })
  userName!: string;

  @ApiPropertyOptional({
    writeOnly: true,
    maxLength: TEXT_MAX,
    description: 'Never returned; left out: keep the saved one; empty: remove it',
  })
  @IsOptional()
  @IsString({ message: 'Password must be text.' })
  @MaxLength(TEXT_MAX, { message: `Password can be at most ${TEXT_MAX} characters.` })
  password?: string;

  @ApiPropertyOptional({
    writeOnly: true,
    description: 'OpenSSH or PEM private key; never returned; left out: keep the saved one; empty: remove it',
  })
  @IsOptional()
  @IsString({ message: 'Private key must be text.' })
  @MaxLength(KEY_MAX, { message: `Private key can be at most ${KEY_MAX} characters.` })
  @Matches(new RegExp(`${PRIVATE_KEY.source}|^$`), {
    message: 'Private key must be a PEM or OpenSSH private key (-----BEGIN … PRIVATE KEY-----).',
  })
  privateKey?: string;

  @ApiPropertyOptional({ example: '/incoming/cans', maxLength: 500, description: "Folder the files go to; empty: the login's home folder" })
  @IsOptional()
  @Trimmed()
  @IsString({ message: 'Remote folder must be text.' })
  @MaxLength(500, { message: 'Remote folder can be at most 500 characters.' })
  // eslint-disable-next-line no-control-regex -- a folder name with control characters is refused
  @Matches(new RegExp('^[^\\u0000-\\u001f]*$'), { message: 'Remote folder must not contain control characters.' })
  remoteFolder?: string;
  @ApiPropertyOptional({
    example: 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s',
    description:
      "The server's host key fingerprint to pin, as `ssh-keygen -lf` prints it; left out: the key the server shows now is read and pinned (kept when host and port stay the same)",
  })
  @IsOptional()
  @Trimmed()
  @IsString({ message: 'Host key fingerprint must be text.' })
  @Matches(HOST_KEY_FINGERPRINT, {
    message: 'Host key fingerprint must look like SHA256: followed by 43 characters, as ssh-keygen -l prints it.',
  })
  hostKeyFingerprint?: string;

  @CurrentPasswordField('the host, port, user name or host key changes')
  currentPassword?: string;
}

export class SftpServerView {
  @ApiProperty() host!: string;
  @ApiProperty() port!: number;
  @ApiProperty() userName!: string;
  @ApiProperty({ description: 'Whether a password is saved (never the password)' }) passwordSet!: boolean;
  @ApiProperty({ description: 'Whether a private key is saved (never the key)' }) privateKeySet!: boolean;
  @ApiProperty() remoteFolder!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The pinned host key (SHA256:…); null: none pinned yet, uploads are refused' })
  hostKeyFingerprint!: string | null;
}
