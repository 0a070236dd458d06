import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { AGE_SCALE_MAX, LibraryNodeKind, RATINGS, Rating, RatingMeaning } from '@cans/domain/library/instrument/instrument.types';
import { LibraryFormField, validateLibraryForm } from '@cans/domain/library/instrument/instrument-validation';
import { LIBRARY_ITEM_TYPES } from '@cans/domain/library/library-item.input';
import {
  LIBRARY_ANSWER_MAX_LENGTH,
  LIBRARY_DESCRIPTION_MAX_LENGTH,
  LIBRARY_ITEM_MESSAGES,
  libraryMessageText,
} from '@cans/domain/library/library-messages';
import { richTextLength, richTextPictureRefusal, sanitizeRichText } from '@cans/domain/library/rich-text';
import { EditedRecordDto, ReadOnlyField, Trimmed } from '../../platform/http/dto-building-blocks';
import { IsRevision } from '../../platform/http/field-validators';
import { FormRule } from '../library-stream/form-rule.decorator';

/** Sanitised before validation, unless a picture is over 1M: the description's rule then refuses it (400). */
const sanitise = ({ value }: { value: unknown }) =>
  typeof value === 'string' && !richTextPictureRefusal(value) ? sanitizeRichText(value) : value;

type FormShape = Partial<Record<'type' | 'name' | 'shortName' | 'description' | 'ageMin' | 'ageMax', unknown>>;

const isText = (value: unknown) => value === undefined || value === null || typeof value === 'string';
const isAge = (value: unknown) => value === undefined || value === null || typeof value === 'number';

/** The library dialog's message (English) for one field: type checks first, then the spec's form rules. */
function libraryFormMessage(field: LibraryFormField): (form: FormShape) => string | undefined {
  return (form) => {
    if (field === 'description') {
      const pictureTooLarge = richTextPictureRefusal(form.description);
      if (pictureTooLarge) return pictureTooLarge;
    }
    const key = libraryFormMessageKey(field, form);
    return key === undefined ? undefined : libraryMessageText(key);
  };
}

function libraryFormMessageKey(field: LibraryFormField, form: FormShape): string | undefined {
  if (field === 'name' || field === 'shortName') {
    if (!isText(form[field])) return LIBRARY_ITEM_MESSAGES.nameNotText;
  }
  if (field === 'description') {
    if (!isText(form.description)) return 'lib_description_required';
    if (typeof form.description === 'string' && richTextLength(form.description) > LIBRARY_DESCRIPTION_MAX_LENGTH)
      return LIBRARY_ITEM_MESSAGES.descriptionMaxLength;
  }
  if ((field === 'ageMin' || field === 'ageMax') && !isAge(form[field])) return 'age_whole_number';
  const errors = validateLibraryForm({
    type: form.type as LibraryNodeKind,
    name: isText(form.name) ? (form.name as string | null | undefined) : undefined,
    shortName: isText(form.shortName) ? (form.shortName as string | null | undefined) : undefined,
    description: isText(form.description) ? (form.description as string | null | undefined) : undefined,
    ageMin: isAge(form.ageMin) ? (form.ageMin as number | null | undefined) : undefined,
    ageMax: isAge(form.ageMax) ? (form.ageMax as number | null | undefined) : undefined,
  });
  return errors[field];
}

/** An answer description: text of at most LIBRARY_ANSWER_MAX_LENGTH; one message, the one that applies. */
const AnswerText = () =>
  ValidateBy({
    name: 'answerText',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= LIBRARY_ANSWER_MAX_LENGTH,
      defaultMessage: (args) =>
        libraryMessageText(typeof args?.value === 'string' ? LIBRARY_ITEM_MESSAGES.answerMaxLength : LIBRARY_ITEM_MESSAGES.nameNotText),
    },
  });

const answerText = (rating: string) =>
  ({ description: `Description of answer ${rating}`, nullable: true, maxLength: LIBRARY_ANSWER_MAX_LENGTH }) as const;

/** Answer descriptions of a question: 0-3 and N/A, and 4 when the question uses it. */
export class AnswerDescriptionsDto {
  @ApiPropertyOptional({ type: String, ...answerText('0') })
  @IsOptional()
  @AnswerText()
  '0'?: string | null;
  @ApiPropertyOptional({ type: String, ...answerText('1') })
  @IsOptional()
  @AnswerText()
  '1'?: string | null;
  @ApiPropertyOptional({ type: String, ...answerText('2') })
  @IsOptional()
  @AnswerText()
  '2'?: string | null;
  @ApiPropertyOptional({ type: String, ...answerText('3') })
  @IsOptional()
  @AnswerText()
  '3'?: string | null;
  @ApiPropertyOptional({
    type: String,
    ...answerText('4'),
    description: 'Description of answer 4 (optional: a question without it has no answer 4)',
  })
  @IsOptional()
  @AnswerText()
  '4'?: string | null;
  @ApiPropertyOptional({ type: String, ...answerText('N/A') })
  @IsOptional()
  @AnswerText()
  NA?: string | null;
}

/**
 * The library add/edit dialog. Field messages are English (library-messages.ts). Fields that do not apply to
 * the type are ignored (answers: questions; caregiverItem, ratingMeaning, actionableRatings: domains).
 */
export class SaveLibraryItemDto {
  @ApiProperty({ enum: LIBRARY_ITEM_TYPES, description: 'Type radio: domain, module, question or text (locked on edit)' })
  @IsIn(LIBRARY_ITEM_TYPES as string[], { message: libraryMessageText(LIBRARY_ITEM_MESSAGES.typeRequired) })
  type!: LibraryNodeKind;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Module, question, text: the domain it is in (required). Domain: absent.',
  })
  @IsOptional()
  @IsUUID('4', { message: libraryMessageText(LIBRARY_ITEM_MESSAGES.domainNotFound) })
  domainId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'Optional module (inside that domain) the item is in' })
  @IsOptional()
  @IsUUID('4', { message: libraryMessageText(LIBRARY_ITEM_MESSAGES.moduleNotFound) })
  moduleId?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: 'SLEEP',
    description: 'Stable UPPER_SNAKE code; derived from the name when absent; cannot change on edit',
  })
  @IsOptional()
  @IsString({ message: libraryMessageText(LIBRARY_ITEM_MESSAGES.codeFormat) })
  code?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 1000,
    example: 'SLEEP',
    description: 'Required except for a text passage (which has no name)',
  })
  @Trimmed()
  @FormRule(libraryFormMessage('name'))
  name?: string | null;

  @ApiPropertyOptional({ type: String, maxLength: 1000, nullable: true, description: 'Abbreviation (charts use it for long names)' })
  @Trimmed()
  @FormRule(libraryFormMessage('shortName'))
  shortName?: string | null;

  @ApiProperty({
    maxLength: LIBRARY_DESCRIPTION_MAX_LENGTH,
    example: '<p>Whether the child gets enough restful sleep.</p>',
    description: 'Rich-text HTML; sanitised on the server (basic formatting tags only)',
  })
  @Transform(sanitise)
  @FormRule(libraryFormMessage('description'))
  description!: string;

  @ApiPropertyOptional({ type: Boolean, default: true, description: 'Visible switch (editing it cascades like PUT …/visibility)' })
  @IsOptional()
  @IsBoolean()
  visible?: boolean | null;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: AGE_SCALE_MAX,
    nullable: true,
    description: 'Whole years; set together with ageMax',
  })
  @FormRule(libraryFormMessage('ageMin'))
  ageMin?: number | null;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: AGE_SCALE_MAX,
    nullable: true,
    description: 'Whole years; set together with ageMin',
  })
  @FormRule(libraryFormMessage('ageMax'))
  ageMax?: number | null;

  @ApiPropertyOptional({
    type: Boolean,
    description: "Domain: caregiver's item (answered once per caregiver); the items under it mirror it",
  })
  @IsOptional()
  @IsBoolean()
  caregiverItem?: boolean | null;

  @ApiPropertyOptional({ type: AnswerDescriptionsDto, nullable: true, description: 'Question: descriptions of answers 0-4 and N/A' })
  @IsOptional()
  @ValidateNested()
  @Type(() => AnswerDescriptionsDto)
  answers?: AnswerDescriptionsDto | null;

  @ApiPropertyOptional({ enum: ['need', 'strength'], nullable: true, description: 'Domain: how its ratings read (default need)' })
  @IsOptional()
  @IsIn(['need', 'strength'])
  ratingMeaning?: RatingMeaning | null;

  @ApiPropertyOptional({
    enum: RATINGS,
    isArray: true,
    nullable: true,
    description: "Domain: ratings reports count as actionable (default ['2','3'])",
  })
  @IsOptional()
  @IsArray()
  @IsIn(RATINGS as string[], { each: true })
  actionableRatings?: Rating[] | null;
}

/** An edit: the dialog's fields, the item revision edited (a stale one answers 409) and the record's read-only fields. */
export class UpdateLibraryItemDto extends IntersectionType(SaveLibraryItemDto, EditedRecordDto) {
  @ReadOnlyField() @IsInt() typeCode?: number;
  @ReadOnlyField() @IsString() parentId?: string | null;
  @ReadOnlyField() @IsString() visibilityState?: string;
  @ReadOnlyField() @IsInt() order?: number;
}

export class ChangeVisibilityDto {
  @ApiProperty({
    description:
      'Domain: sets everything under it. Module: its items and modules. Question/text: itself. Switching on also switches on its hidden domain and modules.',
  })
  @IsBoolean({ message: 'visible must be true or false.' })
  visible!: boolean;

  @ApiPropertyOptional({ description: 'Revision of the item the client last saw (409 when stale)' })
  @IsOptional()
  @IsRevision()
  revision?: number;
}

export class ItemOrderDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4', { message: 'The library item does not exist.' })
  id!: string;

  @ApiProperty({ minimum: 1, description: 'New 1-based position among its siblings' })
  @IsInt({ message: 'The order is a whole number of at least 1.' })
  @Min(1, { message: 'The order is a whole number of at least 1.' })
  order!: number;
}

export class ReorderLibraryDto {
  @ApiProperty({ type: [ItemOrderDto], description: 'Drag and drop: the new order number of each affected item' })
  @IsArray()
  @ArrayNotEmpty({ message: 'Send at least one item.' })
  @ArrayMaxSize(2000)
  @ValidateNested({ each: true })
  @Type(() => ItemOrderDto)
  items!: ItemOrderDto[];
}

// ---------------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------------

export class AnswerDescriptionsView {
  @ApiProperty() '0'!: string;
  @ApiProperty() '1'!: string;
  @ApiProperty() '2'!: string;
  @ApiProperty() '3'!: string;
  @ApiPropertyOptional() '4'?: string;
  @ApiProperty() NA!: string;
}

export class LibraryItemView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'SLEEP', description: 'Stable code: never changes, never reused; reports compare versions by it' }) code!: string;
  @ApiProperty({ enum: LIBRARY_ITEM_TYPES }) type!: LibraryNodeKind;
  @ApiProperty({ enum: [1, 2, 3, 4], description: 'Spec library type: 1 domain, 2 module, 3 question, 4 text' }) typeCode!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Direct parent (domain or module); null for a domain' }) parentId!:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Enclosing domain; null for a domain' }) domainId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Direct parent module, if any' }) moduleId!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) shortName!: string | null;
  @ApiProperty({ description: 'Sanitised rich-text HTML' }) description!: string;
  @ApiProperty({ description: 'The switch as stored' }) visible!: boolean;
  @ApiProperty({
    enum: ['visible', 'indeterminate', 'hidden'],
    description: 'Displayed switch: a parent is indeterminate when only some items under it are visible, hidden when none',
  })
  visibilityState!: string;
  @ApiProperty({ type: Number, nullable: true }) ageMin!: number | null;
  @ApiProperty({ type: Number, nullable: true }) ageMax!: number | null;
  @ApiProperty({ description: "Caregiver's item (mirrors the domain)" }) caregiverItem!: boolean;
  @ApiProperty({ description: '1-based order among its siblings (domains; the modules of a parent; the questions and texts of a parent)' })
  order!: number;
  @ApiProperty({ type: AnswerDescriptionsView, nullable: true }) answers!: AnswerDescriptionsView | null;
  @ApiProperty({ enum: ['need', 'strength'], nullable: true }) ratingMeaning!: RatingMeaning | null;
  @ApiProperty({ enum: RATINGS, isArray: true, nullable: true }) actionableRatings!: Rating[] | null;
  @ApiProperty({ description: 'Echo it back on PUT for optimistic concurrency' }) revision!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export class LibraryTreeNodeView extends LibraryItemView {
  @ApiPropertyOptional({ type: () => [LibraryItemView], description: 'Domain/module: its questions and texts, in order' })
  items?: LibraryItemView[];
  @ApiPropertyOptional({ type: () => [LibraryTreeNodeView], description: 'Domain/module: its modules, in order' })
  modules?: LibraryTreeNodeView[];
}

export class LibraryTreeView {
  @ApiProperty({ description: 'Library version the tree shows' }) version!: number;
  @ApiProperty({ type: [LibraryTreeNodeView] }) domains!: LibraryTreeNodeView[];
}
