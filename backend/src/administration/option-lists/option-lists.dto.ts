import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { OPTION_LIST_MESSAGES, OPTION_VALUE_MAX_LENGTH } from '@cans/domain/administration/option-lists.decider';
import { OPTION_LIST_KEYS } from '@cans/domain/administration/option-lists.events';
import { ReadOnlyField, Trimmed } from '../../platform/http/dto-building-blocks';

/** What is wrong with a name, in one message (a missing name is only "required", not also "must be text"). */
const optionValueProblem = (value: unknown): string | null => {
  if (value === undefined || value === null || value === '') return OPTION_LIST_MESSAGES.required;
  if (typeof value !== 'string') return 'Option Value must be text.';
  return value.length > OPTION_VALUE_MAX_LENGTH ? OPTION_LIST_MESSAGES.tooLong : null;
};

const IsOptionValue = (): PropertyDecorator =>
  ValidateBy({
    name: 'isOptionValue',
    validator: {
      validate: (value: unknown) => optionValueProblem(value) === null,
      defaultMessage: (args) => optionValueProblem(args?.value) ?? '',
    },
  });

/** An item's name as added or renamed (spec 002 §5 "Option Value is required."). */
export class OptionItemDto {
  @ApiProperty({ maxLength: OPTION_VALUE_MAX_LENGTH, example: 'Review Assessment' })
  @Trimmed()
  @IsOptionValue()
  name!: string;

  // The path names the item; a row sent back whole may carry its id.
  @ReadOnlyField() id?: unknown;
}

export class OptionItemView {
  @ApiProperty({ example: '62', description: 'What assessments store; never changes and is never given again' }) id!: string;
  @ApiProperty({ example: 'Initial Assessment' }) name!: string;
}

export class OptionListView {
  @ApiProperty({ enum: OPTION_LIST_KEYS }) key!: string;
  @ApiProperty({ example: 'Initialized' }) title!: string;
  @ApiProperty({ type: [OptionItemView] }) items!: OptionItemView[];
  @ApiProperty({ description: "The list's revision; -1 while it is its defaults" }) revision!: number;
}

export class SavedOptionItemView extends OptionItemView {
  @ApiProperty({ example: 'The option was saved successfully.' }) message!: string;
}

export class DeletedOptionItemView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'Deleted successfully!' }) message!: string;
}
