import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  CHILD_LABEL_DISPLAY_NAME_MAX_LENGTH,
  CHILD_LABEL_FIELD_NAMES,
  CHILD_LABEL_MESSAGES,
} from '@cans/domain/administration/child-labels.fields';
import { ReadOnlyField, Trimmed } from '../../platform/http/dto-building-blocks';

/** A label row as the table edits it (spec 002 §3 "Label config"); the row's read-only fields may come back too. */
export class SaveChildLabelDto {
  @ApiProperty({ maxLength: CHILD_LABEL_DISPLAY_NAME_MAX_LENGTH, example: 'Date Seen' })
  @Trimmed()
  @IsString({ message: CHILD_LABEL_MESSAGES.displayNameText })
  @IsNotEmpty({ message: CHILD_LABEL_MESSAGES.displayNameRequired })
  @MaxLength(CHILD_LABEL_DISPLAY_NAME_MAX_LENGTH, { message: CHILD_LABEL_MESSAGES.displayNameTooLong })
  displayName!: string;

  @ApiProperty({ enum: [1, 0], description: '1 enabled, 0 hidden (refused for a necessary field)' })
  @IsIn([0, 1], { message: CHILD_LABEL_MESSAGES.status })
  status!: 0 | 1;

  // The path names the field; what the row carries besides is ignored.
  @ReadOnlyField() fieldName?: unknown;
  @ReadOnlyField() necessary?: unknown;
  @ReadOnlyField() defaultDisplayName?: unknown;
}

export class ChildLabelView {
  @ApiProperty({ enum: CHILD_LABEL_FIELD_NAMES }) fieldName!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ enum: [1, 0], description: '1 enabled, 0 hidden' }) status!: 0 | 1;
  @ApiProperty({ description: 'The Enabled switch is locked on: the child form requires the field' }) necessary!: boolean;
  @ApiProperty({ description: 'The name shown until an administrator renames it' }) defaultDisplayName!: string;
}

export class SavedChildLabelView extends ChildLabelView {
  @ApiProperty({ example: 'The label was saved successfully.' }) message!: string;
}
