import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy, ValidationArguments } from 'class-validator';
import {
  EMAIL_TEMPLATE_BODY_MAX_LENGTH,
  EMAIL_TEMPLATE_NAMES,
  EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH,
  EmailTemplateName,
} from '@cans/domain/administration/email-templates';
import { EmailTemplateMessages } from '@cans/domain/administration/email-template.decider';
import { richTextLength, richTextPictureRefusal } from '@cans/domain/library/rich-text';
import { Trimmed } from '../../platform/http/dto-building-blocks';

/**
 * One message per field, the first rule it breaks (required, text, length), as the page shows it beside the field:
 * class-validator would otherwise answer "required", "must be text" and "at most" together for a missing value.
 */
function TextField(messages: { required: string; text: string; tooLong: string }, maxLength: number, richText = false): PropertyDecorator {
  // Rich text (the body): pictures of at most 1M each, their data not counted in the length (rich-text.ts).
  const tooLong = (value: string) =>
    richText
      ? (richTextPictureRefusal(value) ?? (richTextLength(value) > maxLength ? messages.tooLong : null))
      : value.length > maxLength
        ? messages.tooLong
        : null;
  const problem = (value: unknown) =>
    value === undefined || value === null || value === '' ? messages.required : typeof value !== 'string' ? messages.text : tooLong(value);
  return ValidateBy({
    name: 'emailTemplateText',
    validator: {
      validate: (value: unknown) => problem(value) === null,
      defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? '',
    },
  });
}

const SubjectRules = () =>
  TextField(
    {
      required: EmailTemplateMessages.subject_required,
      text: EmailTemplateMessages.subject_text,
      tooLong: EmailTemplateMessages.subject_too_long,
    },
    EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH,
  );
const BodyRules = () =>
  TextField(
    { required: EmailTemplateMessages.body_required, text: EmailTemplateMessages.body_text, tooLong: EmailTemplateMessages.body_too_long },
    EMAIL_TEMPLATE_BODY_MAX_LENGTH,
    true,
  );

/** Spec 002 §3 "Email template": subject and body; the body's markup is reduced to basic formatting on save. */
export class SaveEmailTemplateDto {
  @ApiProperty({ maxLength: EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH, example: 'Your CANS account' })
  @Trimmed()
  @SubjectRules()
  subject!: string;

  @ApiProperty({
    maxLength: EMAIL_TEMPLATE_BODY_MAX_LENGTH,
    example: '<p>Hello {{userName}},</p>',
    description: 'Rich text (HTML) with {{placeholders}}, sanitised on save',
  })
  @BodyRules()
  body!: string;
}

/** What to preview: the subject and body as typed (each left out: the saved one). */
export class PreviewEmailTemplateDto {
  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH })
  @Trimmed()
  @IsOptional()
  @SubjectRules()
  subject?: string;

  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_BODY_MAX_LENGTH })
  @IsOptional()
  @BodyRules()
  body?: string;
}

export class EmailTemplateSummaryView {
  @ApiProperty({ enum: EMAIL_TEMPLATE_NAMES }) name!: EmailTemplateName;
  @ApiProperty({ example: 'Create User' }) label!: string;
  @ApiProperty({ description: 'true: saved by an administrator; false: the built-in template' }) customised!: boolean;
}

export class EmailTemplatePlaceholderView {
  @ApiProperty({ example: 'userName', description: 'Written {{userName}} in the subject or the body' }) name!: string;
  @ApiProperty() description!: string;
}

export class EmailTemplateView extends EmailTemplateSummaryView {
  @ApiProperty() subject!: string;
  @ApiProperty({ description: 'Sanitised HTML with {{placeholders}}' }) body!: string;
  @ApiProperty({ type: [EmailTemplatePlaceholderView] }) placeholders!: EmailTemplatePlaceholderView[];
  @ApiProperty({ nullable: true, type: Number, description: 'null: never saved' }) revision!: number | null;
}

export class EmailTemplatePreviewView {
  @ApiProperty() subject!: string;
  @ApiProperty({ description: 'The mail as HTML, with sample values' }) html!: string;
  @ApiProperty({ description: 'The plain-text alternative sent with it' }) text!: string;
}
