import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsCalendarDate, IsRevision } from '../../platform/http/field-validators';
import { IsStrongPassword, MatchesField } from '../authentication/password-policy';
import { IdentityMessages } from '../identity-messages';
import { ENTITY_ID_PATTERN, PASSWORD_MAX_LENGTH } from '../identity-rules';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN, UserView } from '../users/user.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value === undefined ? null : value);

export class UpdateProfileDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsString({ message: 'First name is required.' })
  @IsNotEmpty({ message: 'First name is required.' })
  @MaxLength(100, { message: 'First name can be at most 100 characters.' })
  firstName!: string;

  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsString({ message: 'Last name is required.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  @MaxLength(100, { message: 'Last name can be at most 100 characters.' })
  lastName!: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Email is required.' })
  @IsNotEmpty({ message: 'Email is required.' })
  @MaxLength(254, { message: IdentityMessages.email_format })
  @IsEmail({}, { message: IdentityMessages.email_format })
  email!: string;

  @ApiPropertyOptional({ nullable: true, example: '555-010-0199' })
  @Transform(blankToNull)
  @IsOptional()
  @Matches(PHONE_PATTERN, { message: PHONE_FORMAT_MESSAGE })
  phone!: string | null;

  @ApiPropertyOptional({ description: 'Revision the client last saw; a stale one answers 409' })
  @IsOptional()
  @IsRevision()
  revision?: number;

  // The profile form may send the record it loaded; the read-only fields are accepted and ignored.
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() id?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() username?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() loginName?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() fullName?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() groupName?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() userGroupId?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() supervisorId?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() supervisorName?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() agencyId?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() agencyName?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() externalId?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() expirationDate?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsBoolean() isAdministrator?: boolean;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsBoolean() canAssignAccess?: boolean;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsBoolean() canEditRestricted?: boolean;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsInt() status?: number;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() statusLabel?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsBoolean() hasPassword?: boolean;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() lockedUntil?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() lastSignInAt?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsInt() superviseeCount?: number;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() createdAt?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() updatedAt?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() message?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() messageKey?: string;
}

/** Spec §5: oldPass, newPass and confirmPass are all required (new_pass_format, password_not_match). */
export class ChangePasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString({ message: IdentityMessages.old_password_required })
  @IsNotEmpty({ message: IdentityMessages.old_password_required })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.old_password_wrong })
  oldPassword!: string;

  @ApiProperty({ format: 'password', description: 'At least 8 characters with upper and lower case, a digit and a special character' })
  @IsString({ message: IdentityMessages.new_pass_required })
  @IsNotEmpty({ message: IdentityMessages.new_pass_required })
  @IsStrongPassword()
  newPassword!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: IdentityMessages.confirm_pass_required })
  @IsNotEmpty({ message: IdentityMessages.confirm_pass_required })
  @MatchesField('newPassword')
  confirmPassword!: string;
}

export class AssignAccessDto {
  @ApiProperty({ description: 'The user who receives access' })
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose a user.' })
  delegateId!: string;

  @ApiProperty({ example: '2025-07-01', description: 'yyyy-MM-dd, inclusive' })
  @IsString({ message: 'Please choose the start date.' })
  @IsCalendarDate({ message: 'Please enter the start date as yyyy-MM-dd.' })
  startsOn!: string;

  @ApiProperty({ example: '2025-07-14', description: 'yyyy-MM-dd, inclusive' })
  @IsString({ message: 'Please choose the end date.' })
  @IsCalendarDate({ message: 'Please enter the end date as yyyy-MM-dd.' })
  endsOn!: string;
}

export class AccountView extends UserView {
  @ApiProperty() isAdministrator!: boolean;
  @ApiProperty({ description: 'Assign Access is offered (not to the administrator; needs Reassign_Accesses_Temporarily)' }) canAssignAccess!: boolean;
}

/** A user who can receive one's new assessments: id and name only (no email, login, sign-in or lock state). */
export class DelegateOption {
  @ApiProperty() id!: string;
  @ApiProperty() fullName!: string;
}

export class AccessAssignmentView {
  @ApiProperty() id!: string;
  @ApiProperty() ownerId!: string;
  @ApiProperty() delegateId!: string;
  @ApiProperty({ nullable: true }) delegateName!: string | null;
  @ApiProperty() startsOn!: string;
  @ApiProperty() endsOn!: string;
  @ApiProperty() createdAt!: string;
}
