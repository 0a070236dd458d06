import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsIP, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from '@cans/domain/identity/identity-rules';
import { EditedRecordDto, ReadOnlyField, Trimmed } from '../../platform/http/dto-building-blocks';

/** What every save of an API user sends besides the password. */
class ApiUserSettingsDto {
  @ApiProperty({ example: 'state-data-feed', maxLength: 100 })
  @Trimmed()
  @IsString({ message: 'Username is required.' })
  @IsNotEmpty({ message: 'Username is required.' })
  @MaxLength(100, { message: 'Username can be at most 100 characters.' })
  @Matches(/^[A-Za-z0-9._@-]+$/, { message: 'Username may contain letters, digits and . _ @ - only.' })
  username!: string;

  @ApiProperty({ example: '203.0.113.10', description: 'The only client IP allowed to use this account (IPv4 or IPv6)' })
  @Trimmed()
  @IsString({ message: 'IP is required.' })
  @IsNotEmpty({ message: 'IP is required.' })
  @IsIP(undefined, { message: 'Please enter a valid IP address.' })
  ip!: string;

  @ApiProperty({ minimum: 1, example: 1000 })
  @Type(() => Number)
  @IsInt({ message: 'Max records is required and must be a whole number.' })
  @Min(1, { message: 'Max records must be at least 1.' })
  @Max(1_000_000, { message: 'Max records can be at most 1000000.' })
  maxRecords!: number;
}

/** Spec §5: username, password, ip and maxRecords are all required; maxRecords is at least 1. */
export class CreateApiUserDto extends ApiUserSettingsDto {
  @ApiProperty({ format: 'password', minLength: 12, description: 'At least 12 characters (machine secret)' })
  @IsString({ message: 'Password is required.' })
  @IsNotEmpty({ message: 'Password is required.' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password can be at most ${PASSWORD_MAX_LENGTH} characters.` })
  @Matches(/^.{12,}$/s, { message: 'Password must be at least 12 characters.' })
  password!: string;
}

export class UpdateApiUserDto extends IntersectionType(ApiUserSettingsDto, EditedRecordDto) {
  @ApiPropertyOptional({ format: 'password', description: 'Leave empty to keep the current password' })
  @IsOptional()
  @IsString({ message: 'Password must be text.' })
  // Only '' means "keep": any other value, an object included, is validated (an object once reached the handler: 500).
  @ValidateIf((o: UpdateApiUserDto) => o.password !== '')
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password can be at most ${PASSWORD_MAX_LENGTH} characters.` })
  @Matches(/^.{12,}$/s, { message: 'Password must be at least 12 characters.' })
  password?: string;

  @ReadOnlyField() @IsString() lastSignInAt?: string | null;
  @ReadOnlyField() @IsBoolean() canManage?: boolean;
  @ReadOnlyField() @IsString() message?: string;
  @ReadOnlyField() @IsString() messageKey?: string;
}

export class ApiUserView {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ description: 'Accessible IP' }) ip!: string;
  @ApiProperty() maxRecords!: number;
  @ApiPropertyOptional({ nullable: true }) lastSignInAt!: string | null;
  @ApiProperty() revision!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({
    description:
      'The caller may edit and delete it: holds Assessment_View, Report_Assessment and DATA_FEED_SHOW and sees every record (the same for every row)',
  })
  canManage!: boolean;
}
