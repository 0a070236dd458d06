/** The in-app replays' request and answer as the OpenAPI document describes them (analytics-replays.controller.ts). */
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { ANALYTICS_PROJECTIONS } from '@cans/projections/analytics';
import { parseReplayMoment } from '@cans/projections/analytics/analytics-replay';
import { BAD_UNTIL, UNKNOWN_PROJECTION } from '../analytics-request';

const PROJECTION_NAMES = ANALYTICS_PROJECTIONS.map((projection) => projection.name);
/** A projection's name: kebab-case (built-in, or published by an analyst). */
export const PROJECTION_NAME = /^[a-z][a-z0-9-]{0,39}$/;

export class RequestReplayDto {
  @ApiProperty({
    example: 'time-to-approval',
    maxLength: 40,
    description: `The analytics projection to replay: a built-in one (${PROJECTION_NAMES.join(', ')}) or one an analyst published`,
  })
  @IsString({ message: UNKNOWN_PROJECTION })
  @MaxLength(40, { message: UNKNOWN_PROJECTION })
  @Matches(PROJECTION_NAME, { message: UNKNOWN_PROJECTION })
  projection!: string;

  @ApiProperty({ example: '2026-03-31', description: 'Until this day (yyyy-MM-dd: its end, UTC) or ISO date-time with its offset' })
  @ValidateBy({
    name: 'isReplayMoment',
    validator: { validate: (value) => parseReplayMoment(value) !== null, defaultMessage: () => BAD_UNTIL },
  })
  until!: string;
}

const STATES = ['queued', 'running', 'done', 'failed'] as const;

export class ReplayJobView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'time-to-approval' }) projection!: string;
  @ApiProperty({ example: '2026-03-31T23:59:59.999Z', description: 'The moment as an ISO instant (a day stands for its end, UTC)' })
  until!: string;
  @ApiProperty({ example: '2026-03-31', description: 'The moment as asked: `?until=` of the read routes once done' })
  label!: string;
  @ApiProperty({ enum: STATES, description: 'queued → running → done (served) or failed' }) state!: (typeof STATES)[number];
  @ApiProperty({ description: 'Whether the caller asked for it (who asked is not shown to others)' }) mine!: boolean;
  @ApiProperty() requestedAt!: string;
  @ApiProperty({ nullable: true, type: String }) startedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) finishedAt!: string | null;
  @ApiProperty({ description: 'Events read so far (log position)' }) position!: number;
  @ApiProperty({ description: 'Events to read (the log head when it started)' }) headPosition!: number;
  @ApiProperty() eventsPerSecond!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Events recorded until the moment, applied (when done)' })
  applied!: number | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}
