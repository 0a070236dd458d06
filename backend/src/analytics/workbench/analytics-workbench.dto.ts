/** The analysts' workbench's requests and answers as the OpenAPI document describes them (analytics-workbench.controller.ts). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsCalendarDate } from '../../platform/http/field-validators';

/** The longest projection an analyst may write (characters). */
export const MAX_PROJECTION_CODE = 100_000;
/** Events of the analyst's view a preview runs over (issue 30: the first 10,000). */
export const PREVIEW_EVENTS = 10_000;
/** Rows per collection a preview answers (the page shows a table; the count says how many there are). */
export const PREVIEW_ROWS = 500;

export const CODE_REQUIRED = 'Write the projection’s code.';
export const CODE_TOO_LONG = `A projection is at most ${MAX_PROJECTION_CODE.toLocaleString('en-GB')} characters.`;

export class PreviewProjectionDto {
  @ApiProperty({
    description: 'The projection (JavaScript: `const collections`, `function initialState`, `apply`, `rows`)',
    maxLength: MAX_PROJECTION_CODE,
    example:
      "const collections = { n: { label: 'Events', fields: { type: 'string', events: 'count' } } };\nfunction initialState() { return {}; }\nfunction apply(state, event) { state[event.type] = (state[event.type] ?? 0) + 1; }\nfunction rows(state) { return { n: Object.entries(state).map(([type, events]) => ({ type, events })) }; }",
  })
  @IsString({ message: CODE_REQUIRED })
  @MinLength(1, { message: CODE_REQUIRED })
  @MaxLength(MAX_PROJECTION_CODE, { message: CODE_TOO_LONG })
  code!: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: PREVIEW_EVENTS,
    default: PREVIEW_EVENTS,
    description: 'Events of the analyst’s view, from the first',
  })
  @IsOptional()
  @IsInt({ message: `events: a whole number from 1 to ${PREVIEW_EVENTS}.` })
  @Min(1, { message: `events: a whole number from 1 to ${PREVIEW_EVENTS}.` })
  @Max(PREVIEW_EVENTS, { message: `events: a whole number from 1 to ${PREVIEW_EVENTS}.` })
  events?: number;
}

class SandboxFieldView {
  @ApiProperty({ example: 'children' }) name!: string;
  @ApiProperty({ enum: ['string', 'number', 'count', 'agency', 'item'] }) type!: string;
}

class SandboxCollectionView {
  @ApiProperty({ example: 'by_quarter' }) name!: string;
  @ApiProperty({ example: 'Children per agency and quarter' }) label!: string;
  @ApiProperty({ type: [SandboxFieldView] }) fields!: SandboxFieldView[];
}

export class ProjectionPreviewView {
  @ApiProperty({ type: [SandboxCollectionView] }) collections!: SandboxCollectionView[];
  @ApiProperty({
    description: `Collection → its first ${PREVIEW_ROWS} rows, small counts suppressed (null, named in the row's suppressedFields)`,
    example: { by_quarter: [{ id: 'a1|2025-Q1', agency: 'a1', quarter: '2025-Q1', children: 12, suppressedFields: [] }] },
  })
  rows!: Record<string, Record<string, unknown>[]>;
  @ApiProperty({ description: 'Collection → how many rows it has', example: { by_quarter: 1 } }) totalRows!: Record<string, number>;
  @ApiProperty({ description: 'Events of the analyst’s view applied' }) events!: number;
  @ApiProperty({ description: 'Time the sandbox took, in milliseconds' }) elapsedMs!: number;
}

class AnalystFieldView {
  @ApiProperty({ example: 'child' }) name!: string;
  @ApiProperty({ example: 'string | null' }) type!: string;
  @ApiProperty() description!: string;
}

class AnalystEventTypeView {
  @ApiProperty({ example: 'ItemRated' }) type!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [AnalystFieldView], description: 'Its fields, the common ones first' }) fields!: AnalystFieldView[];
}

class ProjectionTemplateView {
  @ApiProperty({ example: 'item-transitions' }) name!: string;
  @ApiProperty() label!: string;
  @ApiProperty() code!: string;
}

export class WorkbenchView {
  @ApiProperty({ type: [AnalystEventTypeView], description: 'The analyst’s view of the events, per type (docs/events.md)' })
  eventTypes!: AnalystEventTypeView[];
  @ApiProperty({ type: [ProjectionTemplateView] }) templates!: ProjectionTemplateView[];
  @ApiProperty({ enum: ['string', 'number', 'count', 'agency', 'item'], isArray: true }) fieldTypes!: string[];
  @ApiProperty({ description: 'Events a preview runs over' }) previewEvents!: number;
  @ApiProperty({ description: 'The sandbox’s memory, in MiB' }) memoryMiB!: number;
  @ApiProperty({ description: 'CPU time one call into the sandbox may take, in milliseconds' }) cpuMsPerCall!: number;
  @ApiProperty({ description: 'Counts from 1 to this minus one are suppressed' }) minimumCellSize!: number;
}

export const RANGE_REQUIRED = 'Give the first and the last day, yyyy-MM-dd.';
export const RANGE_ORDER = 'The last day cannot be before the first.';

/** The days whose events the analyst's view file holds (their recorded time, UTC), both included. */
export class AnalystEventsRangeDto {
  @ApiProperty({ description: 'First day (UTC) of the events’ recorded time, yyyy-MM-dd', example: '2025-01-01' })
  @IsNotEmpty({ message: RANGE_REQUIRED })
  @IsCalendarDate()
  from!: string;

  @ApiProperty({ description: 'Last day (UTC), yyyy-MM-dd, included; not before `from`', example: '2025-12-31' })
  @IsNotEmpty({ message: RANGE_REQUIRED })
  @IsCalendarDate()
  to!: string;
}
