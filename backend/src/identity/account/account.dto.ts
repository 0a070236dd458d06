import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { ENTITY_ID_PATTERN, PASSWORD_MAX_LENGTH } from '@cans/domain/identity/identity-rules';
import { EditedRecordDto, ReadOnlyField } from '../../platform/http/dto-building-blocks';
import { IsCalendarDate } from '../../platform/http/field-validators';
import { IsStrongPassword, MatchesField } from '../authentication/password-policy';
import { IdentityMessages } from '../identity-messages';
import { SaveUserDto, UserView } from '../users/user.dto';

/** My Account: the fields of the user dialog a user edits on themselves, with the same rules. */
export class UpdateProfileDto extends IntersectionType(
  PickType(SaveUserDto, ['firstName', 'lastName', 'email', 'phone'] as const),
  EditedRecordDto,
) {
  // The profile form may send the record it loaded; the read-only fields are accepted and ignored.
  @ReadOnlyField() @IsString() username?: string;
  @ReadOnlyField() @IsString() loginName?: string;
  @ReadOnlyField() @IsString() fullName?: string;
  @ReadOnlyField() groupName?: string | null;
  @ReadOnlyField() userGroupId?: string | null;
  @ReadOnlyField() supervisorId?: string | null;
  @ReadOnlyField() supervisorName?: string | null;
  @ReadOnlyField() agencyId?: string | null;
  @ReadOnlyField() agencyName?: string | null;
  @ReadOnlyField() externalId?: string | null;
  @ReadOnlyField() expirationDate?: string | null;
  @ReadOnlyField() @IsBoolean() isAdministrator?: boolean;
  @ReadOnlyField() @IsBoolean() canAssignAccess?: boolean;
  @ReadOnlyField() @IsBoolean() canEditRestricted?: boolean;
  @ReadOnlyField() @IsInt() status?: number;
  @ReadOnlyField() @IsString() statusLabel?: string;
  @ReadOnlyField() @IsBoolean() hasPassword?: boolean;
  @ReadOnlyField() lockedUntil?: string | null;
  @ReadOnlyField() lastSignInAt?: string | null;
  @ReadOnlyField() @IsInt() superviseeCount?: number;
  @ReadOnlyField() @IsString() message?: string;
  @ReadOnlyField() @IsString() messageKey?: string;
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
  @ApiProperty({ description: 'Assign Access is offered (not to the administrator; needs Reassign_Accesses_Temporarily)' })
  canAssignAccess!: boolean;
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
