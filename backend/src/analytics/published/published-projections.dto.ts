/** Publishing analysts' projections: the request and the answers as the OpenAPI document describes them. */
import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { PreviewProjectionDto } from '../workbench/analytics-workbench.dto';

/** A published projection's name: kebab-case, 3 to 40 characters. */
export const PUBLISHED_NAME = /^[a-z][a-z0-9-]{2,39}$/;
export const NAME_RULE = 'A name is 3 to 40 lower-case letters, digits and hyphens, starting with a letter (e.g. suicide-risk-resolved).';
export const LABEL_REQUIRED = 'Give it a label of at most 120 characters.';
export const DESCRIPTION_TOO_LONG = 'A description is at most 2,000 characters.';

export class PublishProjectionDto extends PickType(PreviewProjectionDto, ['code'] as const) {
  @ApiProperty({
    example: 'suicide-risk-resolved',
    description: 'kebab-case; the {projection} of /api/analytics',
    pattern: PUBLISHED_NAME.source,
  })
  @IsString({ message: NAME_RULE })
  @Matches(PUBLISHED_NAME, { message: NAME_RULE })
  name!: string;

  @ApiProperty({ example: 'Suicide risk resolved', maxLength: 120 })
  @IsString({ message: LABEL_REQUIRED })
  @Matches(/\S/, { message: LABEL_REQUIRED })
  @MaxLength(120, { message: LABEL_REQUIRED })
  label!: string;

  @ApiProperty({ example: 'Children whose SUICIDE_RISK went from 3 to 0 between consecutive approved assessments', maxLength: 2000 })
  @IsString({ message: DESCRIPTION_TOO_LONG })
  @MaxLength(2000, { message: DESCRIPTION_TOO_LONG })
  description!: string;
}

const STATES = ['waiting', 'building', 'live', 'failed', 'unpublished'] as const;
export type PublishedProjectionState = (typeof STATES)[number];

class SandboxProblemView {
  @ApiProperty() message!: string;
  @ApiProperty({ enum: ['syntax', 'error', 'timeout', 'memory', 'shape'] }) failure!: string;
  @ApiProperty({ nullable: true, type: Number }) line!: number | null;
  @ApiProperty({ nullable: true, type: Number }) column!: number | null;
  @ApiProperty({ nullable: true, type: Object, example: { type: 'ItemRated', position: 1234 } }) event!: {
    type: string;
    position: number;
  } | null;
}

class BuildProgressView {
  @ApiProperty() version!: number;
  @ApiProperty({ description: 'Log position read so far' }) position!: number;
  @ApiProperty({ description: 'The log head it is catching up with' }) headPosition!: number;
  @ApiProperty() eventsPerSecond!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Estimated from the rate (null before there is one)' })
  secondsLeft!: number | null;
}

export class PublishedProjectionView {
  @ApiProperty({ example: 'suicide-risk-resolved' }) name!: string;
  @ApiProperty() label!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'The version last published' }) version!: number;
  @ApiProperty({ description: 'Whether the caller published that version' }) publishedByMe!: boolean;
  @ApiProperty() publishedAt!: string;
  @ApiProperty({
    enum: STATES,
    description:
      'waiting (to be built) → building (progress in `build`) → live (served, kept up to date); failed: the code failed on an event (`error`)',
  })
  state!: PublishedProjectionState;
  @ApiProperty({ nullable: true, type: Number, description: 'The version readers get now (the previous one while a new one builds)' })
  servedVersion!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Log position the served rows reflect' }) servedPosition!: number | null;
  @ApiProperty({ nullable: true, type: BuildProgressView }) build!: BuildProgressView | null;
  @ApiProperty({ nullable: true, type: SandboxProblemView }) error!: SandboxProblemView | null;
}

export class PublishedProjectionDetailView extends PublishedProjectionView {
  @ApiProperty({ description: 'The code of the version last published' }) code!: string;
}
