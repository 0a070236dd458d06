import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ENTITY_ID_PATTERN } from '@cans/domain/identity/identity-rules';
import { EditedRecordDto, ReadOnlyField, Trimmed, TrimmedOrNull } from '../../platform/http/dto-building-blocks';
import { ACCEPTED_DATE_RANGE, IsCalendarDate, IsPersonName } from '../../platform/http/field-validators';
import { IdentityMessages } from '../identity-messages';

/**
 * A calendar date only: a timestamp would be cut to a day in some time zone, so it is refused, not guessed. Blank or
 * absent means "never expires".
 */
const toDateOrNull = ({ value }: { value: unknown }) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? value.trim() : value;

export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
export const PHONE_FORMAT_MESSAGE = 'Please enter the phone number as xxx-xxx-xxxx.';

/** Fields of the user dialog (spec §3, §5). */
export class SaveUserDto {
  @ApiProperty({ maxLength: 100, example: 'Jordan' })
  @Trimmed()
  @IsString({ message: 'First name is required.' })
  @IsNotEmpty({ message: 'First name is required.' })
  @MaxLength(100, { message: 'First name can be at most 100 characters.' })
  @IsPersonName('First name')
  firstName!: string;

  @ApiProperty({ maxLength: 100, example: 'Lee' })
  @Trimmed()
  @IsString({ message: 'Last name is required.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  @MaxLength(100, { message: 'Last name can be at most 100 characters.' })
  @IsPersonName('Last name')
  lastName!: string;

  @ApiProperty({ description: "Without the 'eo_' prefix (it is added when stored); letters, digits, '.', '_', '-'", example: 'jlee' })
  @Trimmed()
  @IsString({ message: 'Username is required.' })
  @IsNotEmpty({ message: 'Username is required.' })
  @MinLength(2, { message: 'Username must be at least 2 characters.' })
  @MaxLength(50, { message: 'Username can be at most 50 characters.' })
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'Username may contain letters, digits and . _ - only.' })
  username!: string;

  @ApiProperty({ example: 'jlee@example.org' })
  @Trimmed()
  @IsString({ message: 'Email is required.' })
  @IsNotEmpty({ message: 'Email is required.' })
  @MaxLength(254, { message: IdentityMessages.email_format })
  @IsEmail({}, { message: IdentityMessages.email_format })
  email!: string;

  @ApiPropertyOptional({ nullable: true, example: '555-010-0199', description: 'xxx-xxx-xxxx' })
  @TrimmedOrNull()
  @IsOptional()
  @Matches(PHONE_PATTERN, { message: PHONE_FORMAT_MESSAGE })
  phone!: string | null;

  @ApiProperty({ example: '0b5e7c1a-93d4-4c1e-8f00-000000000156' })
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose a user group.' })
  userGroupId!: string;

  @ApiPropertyOptional({ nullable: true, description: 'Required for everyone but the administrator' })
  @TrimmedOrNull()
  @IsOptional()
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose a supervisor.' })
  supervisorId!: string | null;

  @ApiPropertyOptional({ nullable: true, description: "Omitted or null: the supervisor's agency" })
  @TrimmedOrNull()
  @IsOptional()
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose an agency.' })
  agencyId!: string | null;

  @ApiProperty({ description: 'CANS External User ID (spec: cid)', maxLength: 50, example: 'EXT-1042' })
  @Trimmed()
  @IsString({ message: 'CANS External User ID is required.' })
  @IsNotEmpty({ message: 'CANS External User ID is required.' })
  @MaxLength(50, { message: 'CANS External User ID can be at most 50 characters.' })
  externalId!: string;

  @ApiPropertyOptional({
    nullable: true,
    format: 'date',
    example: '2026-12-31',
    description: 'yyyy-MM-dd (no time), from 1900-01-01 to 9999-12-31, inclusive; null: never expires',
  })
  @Transform(toDateOrNull)
  @IsOptional()
  @IsCalendarDate({ message: `Please enter the expiration date as yyyy-MM-dd, ${ACCEPTED_DATE_RANGE}.` })
  expirationDate!: string | null;
}

export class CreateUserDto extends SaveUserDto {
  @ApiPropertyOptional({ enum: [0, 1, 2], default: 1, description: 'Ignored (3, pending approval) unless you are in group 1 or 153' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1, 2], { message: 'Please choose a status: Active (1), Inactive (0) or Lock (2).' })
  status?: 0 | 1 | 2;
}

export class UpdateUserDto extends IntersectionType(SaveUserDto, EditedRecordDto) {
  @ApiProperty({ enum: [0, 1, 2, 3], description: 'Active 1, Inactive 0, Lock 2; a pending user (3) stays pending until approved' })
  @Type(() => Number)
  @IsIn([0, 1, 2, 3], { message: 'Please choose a status: Active (1), Inactive (0) or Lock (2).' })
  status!: 0 | 1 | 2 | 3;

  @ReadOnlyField() @IsString() fullName?: string;
  @ReadOnlyField() @IsString() loginName?: string;
  @ReadOnlyField() @IsString() statusLabel?: string;
  @ReadOnlyField() groupName?: string | null;
  @ReadOnlyField() supervisorName?: string | null;
  @ReadOnlyField() agencyName?: string | null;
  @ReadOnlyField() @IsBoolean() hasPassword?: boolean;
  @ReadOnlyField() lockedUntil?: string | null;
  @ReadOnlyField() lastSignInAt?: string | null;
  @ReadOnlyField() @IsBoolean() canEditRestricted?: boolean;
  @ReadOnlyField() @IsBoolean() canManage?: boolean;
  @ReadOnlyField() @IsInt() superviseeCount?: number;
  @ReadOnlyField() @IsString() message?: string;
  @ReadOnlyField() @IsString() messageKey?: string;
}

export class DeleteUserQueryDto {
  @ApiPropertyOptional({
    description: "New supervisor for the user's supervisees (required when there are any); also takes over the user's cases",
  })
  @IsOptional()
  @IsString()
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose the new supervisor.' })
  successorUserId?: string;
}

export class SupervisorOptionsQueryDto {
  @ApiProperty({ description: 'The group the user is (or will be) in' })
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose a user group.' })
  userGroupId!: string;

  @ApiPropertyOptional({ description: 'The user being edited (excluded with their supervisees)' })
  @IsOptional()
  @IsString()
  @Matches(ENTITY_ID_PATTERN, { message: 'must be a numeric id or a UUID' })
  userId?: string;
}

export class UserView {
  @ApiProperty() id!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty({ description: "As shown, without 'eo_'" }) username!: string;
  @ApiProperty({ description: "Stored form, with 'eo_' (also accepted at sign-in)" }) loginName!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ nullable: true }) phone!: string | null;
  @ApiProperty({ enum: [0, 1, 2, 3], description: 'Inactive 0, Active 1, Lock 2, Pending approval 3' }) status!: number;
  @ApiProperty() statusLabel!: string;
  @ApiProperty() userGroupId!: string;
  @ApiProperty({ nullable: true }) groupName!: string | null;
  @ApiProperty({ nullable: true }) supervisorId!: string | null;
  @ApiProperty({ nullable: true }) supervisorName!: string | null;
  @ApiProperty({ nullable: true }) agencyId!: string | null;
  @ApiProperty({ nullable: true }) agencyName!: string | null;
  @ApiProperty({ nullable: true, description: 'CANS External User ID (cid)' }) externalId!: string | null;
  @ApiProperty({ nullable: true, description: 'yyyy-MM-dd' }) expirationDate!: string | null;
  @ApiProperty({ description: 'The initial password was set' }) hasPassword!: boolean;
  @ApiProperty({ nullable: true, description: 'Sign-in locked after failed attempts until then' }) lockedUntil!: string | null;
  @ApiProperty({ nullable: true }) lastSignInAt!: string | null;
  @ApiProperty() superviseeCount!: number;
  @ApiProperty() revision!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiPropertyOptional({ description: 'Spec canEdit: whether you may change externalId and expirationDate' }) canEditRestricted?: boolean;
  @ApiPropertyOptional({
    description:
      'Whether you may edit, approve, lock, reset the password of or delete this user (User_Actions and the user-management policy); in the list and by id',
  })
  canManage?: boolean;
}

export class SuperviseesView {
  @ApiProperty({ description: 'Spec subUserCount' }) count!: number;
  @ApiProperty({ type: [UserView] }) supervisees!: UserView[];
}
