import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Trimmed } from '../../platform/http/dto-building-blocks';
import { IdentityMessages } from '../identity-messages';
import { CHANNEL_EMAIL, CHANNEL_PHONE, PASSWORD_MAX_LENGTH } from '@cans/domain/identity/identity-rules';
import { IsStrongPassword, MatchesField } from './password-policy';

export class LoginDto {
  @ApiProperty({ description: "Username (with or without the 'eo_' prefix), email or phone number", example: 'admin' })
  @Trimmed()
  @IsString({ message: IdentityMessages.login_required })
  @IsNotEmpty({ message: IdentityMessages.login_required })
  @MaxLength(200, { message: 'The login name can be at most 200 characters.' })
  login!: string;

  @ApiProperty({ example: 'Demo!2345', format: 'password' })
  @IsString({ message: IdentityMessages.password_required })
  @IsNotEmpty({ message: IdentityMessages.password_required })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.login_failed })
  password!: string;

  @ApiPropertyOptional({ default: true, description: 'Remember this device: skip the code next time, and keep the session 7 days' })
  @IsOptional()
  @IsBoolean({ message: 'rememberMe must be true or false.' })
  rememberMe?: boolean;

  @ApiPropertyOptional({ default: true, description: 'The Confidentiality Statement checkbox; false is refused' })
  @IsOptional()
  @Equals(true, { message: IdentityMessages.agreement_required })
  agreed?: boolean;
}

export class VerificationChannelOption {
  @ApiProperty({ enum: [CHANNEL_EMAIL, CHANNEL_PHONE], description: '1 Email, 2 Phone' }) channel!: number;
  @ApiProperty({ enum: ['email', 'phone'] }) name!: string;
  @ApiProperty() enabled!: boolean;
  @ApiPropertyOptional({ nullable: true, example: 'a***@example.org' }) destination!: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Why the channel is disabled' }) reason!: string | null;
}

export class MeView {
  @ApiProperty() id!: string;
  @ApiProperty({ description: "Without the 'eo_' prefix" }) username!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty({ nullable: true }) email!: string | null;
  @ApiProperty({ nullable: true }) phone!: string | null;
  @ApiProperty({ type: [String] }) privileges!: string[];
  @ApiProperty({ nullable: true }) groupId!: string | null;
  @ApiProperty({ nullable: true }) groupName!: string | null;
  @ApiProperty({ nullable: true }) agencyId!: string | null;
  @ApiProperty({ description: 'The user with id 1' }) isAdministrator!: boolean;
  @ApiProperty({ description: 'May add, edit and delete user groups (groups 1 and 153, or the administrator)' })
  canManageUserGroups!: boolean;
  @ApiProperty({
    description:
      'May add, edit and delete API users: Setting, and Assessment_View, Report_Assessment, DATA_FEED_SHOW and sight of every record (the administrator, or Case_Monitor without an agency)',
  })
  canManageApiUsers!: boolean;
  @ApiProperty({ description: 'Where to go after sign-in: /library for the administrator, else /' }) landingPath!: string;
  @ApiProperty({ description: 'No phone on file: show phone_need_fill and go to My Account' }) phoneMissing!: boolean;
  @ApiProperty({ enum: ['user', 'api-client'] }) kind!: string;
}

export class LoginResultView {
  @ApiProperty({ enum: ['signed-in', 'verification-required'] }) status!: string;
  @ApiPropertyOptional({ type: MeView, description: 'When signed in' }) user?: MeView;
  @ApiPropertyOptional({ type: [VerificationChannelOption], description: 'When a code is required' })
  channels?: VerificationChannelOption[];
  @ApiPropertyOptional({ description: 'Seconds left to finish the verification' }) expiresInSeconds?: number;
  @ApiPropertyOptional({ enum: ['remember-me-off', 'device-not-remembered'] }) reason?: string;
  @ApiPropertyOptional() phoneMissing?: boolean;
  @ApiPropertyOptional() messageKey?: string;
  @ApiPropertyOptional() message?: string;
}

export class SendCodeDto {
  @ApiProperty({ enum: [CHANNEL_EMAIL, CHANNEL_PHONE], description: '1 Email, 2 Phone' })
  @IsIn([CHANNEL_EMAIL, CHANNEL_PHONE], { message: 'Please choose Email (1) or Phone (2).' })
  channel!: 1 | 2;
}

export class CodeSentView {
  @ApiProperty() channel!: number;
  @ApiProperty({ example: 'a***@example.org' }) destination!: string;
  @ApiProperty({ example: 600 }) expiresInSeconds!: number;
  @ApiProperty({ example: 60, description: 'The Get button countdown' }) resendAfterSeconds!: number;
  @ApiProperty() messageKey!: string;
  @ApiProperty() message!: string;
}

export class VerifyDto {
  @ApiProperty({ example: '123456' })
  @Trimmed()
  @IsString({ message: IdentityMessages.code_required })
  @IsNotEmpty({ message: IdentityMessages.code_required })
  @Matches(/^\d{6}$/, { message: IdentityMessages.code_format })
  code!: string;

  @ApiPropertyOptional({ description: 'Defaults to the choice made with the password' })
  @IsOptional()
  @IsBoolean({ message: 'rememberMe must be true or false.' })
  rememberMe?: boolean;
}

export class PasswordResetRequestDto {
  @ApiProperty({ example: 'jdoe' })
  @Trimmed()
  @IsString({ message: IdentityMessages.reset_username_required })
  @IsNotEmpty({ message: IdentityMessages.reset_username_required })
  @MaxLength(200, { message: 'The username can be at most 200 characters.' })
  username!: string;

  @ApiProperty({ example: 'jdoe@example.org' })
  @Trimmed()
  @IsString({ message: IdentityMessages.email_required })
  @IsNotEmpty({ message: IdentityMessages.email_required })
  @IsEmail({}, { message: IdentityMessages.email_format })
  @MaxLength(254, { message: IdentityMessages.email_format })
  email!: string;
}

export class PasswordLinkDto {
  @ApiProperty({
    description: 'The token from the emailed link (its last segment: /initialPassword/{userId}/{userName}/{userEmail}/{token})',
  })
  @IsString({ message: 'The link token is required.' })
  @IsNotEmpty({ message: 'The link token is required.' })
  @MaxLength(4096, { message: IdentityMessages.link_invalid })
  token!: string;
}

export class SetPasswordWithLinkDto extends PasswordLinkDto {
  @ApiProperty({ format: 'password', description: 'At least 8 characters with upper and lower case, a digit and a special character' })
  @IsString({ message: IdentityMessages.new_pass_required })
  @IsNotEmpty({ message: IdentityMessages.new_pass_required })
  @IsStrongPassword()
  password!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: IdentityMessages.confirm_pass_required })
  @IsNotEmpty({ message: IdentityMessages.confirm_pass_required })
  @MatchesField('password')
  confirmPassword!: string;
}

export class PasswordLinkStateView {
  @ApiProperty({ enum: [1, 2], description: 'Spec: 1 shows the form, 2 shows the invalid-link message (0 is the page before it asks)' })
  state!: number;
  @ApiPropertyOptional({ enum: ['initial', 'reset'], nullable: true }) purpose!: string | null;
  @ApiPropertyOptional({ nullable: true }) username!: string | null;
  @ApiPropertyOptional({ nullable: true }) message!: string | null;
}

export class ApiTokenDto {
  @ApiProperty()
  @Trimmed()
  @IsString({ message: 'Username is required.' })
  @IsNotEmpty({ message: 'Username is required.' })
  @MaxLength(200, { message: 'The username can be at most 200 characters.' })
  username!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'Password is required.' })
  @IsNotEmpty({ message: 'Password is required.' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.login_failed })
  password!: string;
}

export class ApiTokenView {
  @ApiProperty() accessToken!: string;
  @ApiProperty({ example: 'Bearer' }) tokenType!: string;
  @ApiProperty({ example: 3600 }) expiresInSeconds!: number;
  @ApiProperty({ description: 'Most records one request may return' }) maxRecords!: number;
}

export class MessageView {
  @ApiPropertyOptional() messageKey?: string;
  @ApiProperty() message!: string;
}

export class PrivilegeView {
  @ApiProperty({ example: 'User_View' }) id!: string;
  @ApiProperty({ example: 'See the user list and user details' }) description!: string;
}
