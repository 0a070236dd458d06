/**
 * The analytics answers as the OpenAPI document describes them (analytics.controller.ts). The catalogue's labels and
 * descriptions are declared with each projection's fields (projections/src/analytics/, analytics-projection.ts).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MINIMUM_CELL_SIZE } from './analytics-small-cells';

const REFERENCES = ['item', 'agency'] as const;

export class AnalyticsFieldView {
  @ApiProperty({ example: 'creationToApprovalMeanDays', description: 'The field of the rows (and CSV column), as sort and filter name it' })
  name!: string;
  @ApiProperty({ example: 'Creation to approval: mean days', description: 'Its heading on the Analytics screen, in words' })
  label!: string;
  @ApiProperty({ description: 'What it means (Markdown)' })
  description!: string;
  @ApiPropertyOptional({ type: Boolean, description: 'true for a count: published only from minimumCellSize on (or 0)' })
  count?: true;
  @ApiPropertyOptional({ type: [String], description: 'The count fields it is computed from: suppressed with any of them' })
  derivedFrom?: string[];
  @ApiPropertyOptional({
    enum: REFERENCES,
    description: "Its values are codes of library items or agency ids: each row's `names` gives their current names",
  })
  refersTo?: (typeof REFERENCES)[number];
}

export class AnalyticsCollectionView {
  @ApiProperty({ example: 'by_month', description: 'The {collection} of the read routes' }) name!: string;
  @ApiProperty({ example: 'By agency and month' }) label!: string;
  @ApiProperty({ description: 'Markdown' }) description!: string;
  @ApiProperty({ example: MINIMUM_CELL_SIZE, description: 'Counts below it (but 0) are suppressed, with the figures derived from them' })
  minimumCellSize!: number;
  @ApiProperty({ type: [AnalyticsFieldView], description: 'Every field of the rows, `id` first' }) fields!: AnalyticsFieldView[];
}

export class AnalyticsReplayView {
  @ApiProperty({ example: '2026-03-31', description: 'The moment replayed until: a day (its end, UTC) or an ISO instant' })
  until!: string;
  @ApiProperty({ description: 'When the replay was built (ISO)' }) builtAt!: string;
}

export class AnalyticsProjectionView {
  @ApiProperty({ example: 'time-to-approval', description: 'The {projection} of the read routes' }) name!: string;
  @ApiProperty({ example: 'Time to approval' }) label!: string;
  @ApiProperty({ example: 1 }) version!: number;
  @ApiProperty({ description: 'Markdown' }) description!: string;
  @ApiProperty({ type: [AnalyticsCollectionView], description: 'The published collections' }) collections!: AnalyticsCollectionView[];
  @ApiProperty({ type: [AnalyticsReplayView], description: 'Replays of the current version, oldest moment first: what `until` serves' })
  replays!: AnalyticsReplayView[];
}

/** A row of a page: its declared fields (not listed here: they differ by collection, see the catalogue), plus these. */
export class AnalyticsRowView {
  @ApiProperty({ example: '5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0001.2026-03' }) id!: string;
  @ApiProperty({
    type: [String],
    example: ['approved', 'creationToApprovalMeanDays'],
    description: 'The small cells of the row and the figures derived from them, answered null; [] when none',
  })
  suppressedFields!: string[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { agencyId: 'Northside' },
    description:
      'Field → the current name of its code, for the fields declared refersTo (an item: its short name; an agency: its display ' +
      'name); a code without a name is left out',
  })
  names!: Record<string, string>;
}
