import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { HELP_PATH_PATTERN } from '@cans/domain/administration/help-paths';
import { RichTextField } from '../../platform/http/rich-text-field';

export const HELP_MAX_LENGTH = 20_000;
const PATH_MESSAGE = 'Path must be a page path such as /assessment/list.';

export class HelpPathQuery {
  @ApiProperty({ example: '/assessment/list', description: 'The page; edit and view paths of any record share one help' })
  @IsString({ message: PATH_MESSAGE })
  @Matches(HELP_PATH_PATTERN, { message: PATH_MESSAGE })
  path!: string;
}

export class SaveHelpDto extends HelpPathQuery {
  @ApiProperty({
    maxLength: HELP_MAX_LENGTH,
    description:
      'Rich text (HTML), sanitised on save; empty: the built-in help again. Pictures: base64 PNG, JPEG or GIF data URLs of at most 1M each, not counted in maxLength',
  })
  @IsString({ message: 'Content must be text.' })
  @RichTextField(HELP_MAX_LENGTH, `Content can be at most ${HELP_MAX_LENGTH} characters.`)
  content!: string;
}

export class HelpView {
  @ApiProperty({ description: 'The normalised page path the help belongs to' }) path!: string;
  @ApiProperty({ description: 'Sanitised HTML' }) content!: string;
  @ApiProperty({ description: 'true: written by the agency; false: the built-in help' }) customised!: boolean;
}
