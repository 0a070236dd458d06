import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsRevision } from '../../platform/http/field-validators';
import { PRIVILEGES } from '../access/privileges';
import { IdentityMessages } from '../identity-messages';
import { ENTITY_ID_PATTERN } from '../identity-rules';

/** Spec §9: user-group name and description are at most 1000 characters. */
export const USER_GROUP_TEXT_MAX_LENGTH = 1000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' || value === undefined ? null : value);

export class SaveUserGroupDto {
  @ApiProperty({ maxLength: USER_GROUP_TEXT_MAX_LENGTH, example: 'Case Workers East' })
  @Transform(trim)
  @IsString({ message: 'User group name is required.' })
  @IsNotEmpty({ message: 'User group name is required.' })
  @MaxLength(USER_GROUP_TEXT_MAX_LENGTH, { message: `User group name can be at most ${USER_GROUP_TEXT_MAX_LENGTH} characters.` })
  name!: string;

  @ApiPropertyOptional({ maxLength: USER_GROUP_TEXT_MAX_LENGTH, default: '' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Description must be text.' })
  @MaxLength(USER_GROUP_TEXT_MAX_LENGTH, { message: `Description can be at most ${USER_GROUP_TEXT_MAX_LENGTH} characters.` })
  description?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Parent group id (userGroupParent); null for a top-level group' })
  @Transform(emptyToNull)
  @IsOptional()
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose a valid parent group.' })
  parentGroupId!: string | null;

  @ApiPropertyOptional({ default: false, description: "'Report to Parent Group' (canViewParent): the parent group's members see this group's records" })
  @IsOptional()
  @IsBoolean({ message: 'Report to Parent Group must be true or false.' })
  reportsToParent?: boolean;

  @ApiProperty({ type: [String], enum: PRIVILEGES, description: 'At least one' })
  @IsArray({ message: IdentityMessages.usergroup_privileges_required })
  @ArrayMinSize(1, { message: IdentityMessages.usergroup_privileges_required })
  @ArrayMaxSize(PRIVILEGES.length, { message: 'Too many privileges.' })
  @IsIn(PRIVILEGES, { each: true, message: 'Unknown privilege: $value.' })
  privileges!: string[];
}

export class UpdateUserGroupDto extends SaveUserGroupDto {
  @ApiPropertyOptional({ description: 'Revision the client last saw; a stale one answers 409' })
  @IsOptional()
  @IsRevision()
  revision?: number;

  // react-admin sends the record back; read-only fields are accepted and ignored.
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() id?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() createdAt?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() updatedAt?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() parentGroupName?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsBoolean() builtIn?: boolean;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsInt() memberCount?: number;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsBoolean() assignable?: boolean;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() message?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() messageKey?: string;
}

export class UserGroupView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ nullable: true }) parentGroupId!: string | null;
  @ApiProperty({ nullable: true }) parentGroupName!: string | null;
  @ApiProperty({ description: "'Report to Parent Group'" }) reportsToParent!: boolean;
  @ApiProperty({ type: [String] }) privileges!: string[];
  @ApiProperty({ description: 'Group 1 or 153: cannot be deleted' }) builtIn!: boolean;
  @ApiProperty() memberCount!: number;
  @ApiProperty({ description: 'Whether you may put users into this group (User_Actions and the user-management policy): the user form offers only these' })
  assignable!: boolean;
  @ApiProperty() revision!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export class UserGroupTreeNode {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() reportsToParent!: boolean;
  @ApiProperty({ type: () => [UserGroupTreeNode] }) children!: UserGroupTreeNode[];
}
