import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { ENTITY_ID_PATTERN } from '@cans/domain/identity/identity-rules';
import { Privilege, PRIVILEGES } from '@cans/domain/identity/privileges';
import { EditedRecordDto, ReadOnlyField, Trimmed } from '../../platform/http/dto-building-blocks';
import { IdentityMessages } from '../identity-messages';

/** Spec §9: user-group name and description are at most 1000 characters. */
export const USER_GROUP_TEXT_MAX_LENGTH = 1000;

// Not trimmed: an id with spaces is refused rather than read as "no parent".
const emptyToNull = ({ value }: { value: unknown }) => (value === '' || value === undefined ? null : value);

export class SaveUserGroupDto {
  @ApiProperty({ maxLength: USER_GROUP_TEXT_MAX_LENGTH, example: 'Case Workers East' })
  @Trimmed()
  @IsString({ message: 'User group name is required.' })
  @IsNotEmpty({ message: 'User group name is required.' })
  @MaxLength(USER_GROUP_TEXT_MAX_LENGTH, { message: `User group name can be at most ${USER_GROUP_TEXT_MAX_LENGTH} characters.` })
  name!: string;

  @ApiPropertyOptional({ maxLength: USER_GROUP_TEXT_MAX_LENGTH, default: '' })
  @IsOptional()
  @Trimmed()
  @IsString({ message: 'Description must be text.' })
  @MaxLength(USER_GROUP_TEXT_MAX_LENGTH, { message: `Description can be at most ${USER_GROUP_TEXT_MAX_LENGTH} characters.` })
  description?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Parent group id (userGroupParent); null for a top-level group' })
  @Transform(emptyToNull)
  @IsOptional()
  @Matches(ENTITY_ID_PATTERN, { message: 'Please choose a valid parent group.' })
  parentGroupId!: string | null;

  @ApiPropertyOptional({
    default: false,
    description: "'Report to Parent Group' (canViewParent): the parent group's members see this group's records",
  })
  @IsOptional()
  @IsBoolean({ message: 'Report to Parent Group must be true or false.' })
  reportsToParent?: boolean;

  @ApiProperty({ type: [String], enum: PRIVILEGES, description: 'At least one' })
  @IsArray({ message: IdentityMessages.usergroup_privileges_required })
  @ArrayMinSize(1, { message: IdentityMessages.usergroup_privileges_required })
  @ArrayMaxSize(PRIVILEGES.length, { message: 'Too many privileges.' })
  @IsIn(PRIVILEGES, { each: true, message: 'Unknown privilege: $value.' })
  privileges!: Privilege[];
}

export class UpdateUserGroupDto extends IntersectionType(SaveUserGroupDto, EditedRecordDto) {
  @ReadOnlyField() @IsString() parentGroupName?: string | null;
  @ReadOnlyField() @IsBoolean() builtIn?: boolean;
  @ReadOnlyField() @IsInt() memberCount?: number;
  @ReadOnlyField() @IsBoolean() assignable?: boolean;
  @ReadOnlyField() @IsString() message?: string;
  @ReadOnlyField() @IsString() messageKey?: string;
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
  @ApiProperty({
    description: 'Whether you may put users into this group (User_Actions and the user-management policy): the user form offers only these',
  })
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
