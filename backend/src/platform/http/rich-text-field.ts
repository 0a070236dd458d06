import { ValidateBy } from 'class-validator';
import { richTextLength, richTextPictureRefusal } from '@cans/domain/library/rich-text';

/**
 * The checks of a rich-text field (help, System Notification, email template body): its pictures each at most 1M
 * decoded (the spec's 'Please do not upload files larger than 1M in size.', 400 as the field's message), and its
 * text at most `maxLength` characters, pictures' data not counted (their size has its own limit). The request's
 * size is bounded before this by the rich-text routes' body limit (input-hardening.ts).
 */
export function RichTextField(maxLength: number, tooLong: string): PropertyDecorator {
  const problem = (value: unknown) =>
    typeof value !== 'string' ? null : (richTextPictureRefusal(value) ?? (richTextLength(value) > maxLength ? tooLong : null));
  return ValidateBy({
    name: 'richTextField',
    validator: {
      validate: (value: unknown) => problem(value) === null,
      defaultMessage: (args) => problem(args?.value) ?? '',
    },
  });
}
