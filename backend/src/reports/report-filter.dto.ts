/**
 * The report filter of the many-children reports (spec 001 §3 "Report filter (many children)", §5), as query
 * parameters so a report is a plain GET whose URL can be shared and printed. Lists are comma-joined (race with ##,
 * as the spec sends it); none selected means all. Dates are whole days, yyyy-MM-dd, inclusive (the spec's
 * 00:00:00 to 23:59:59).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmpty, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { AGE_SCALE_MAX } from '@cans/domain/library/instrument/instrument.types';
import { ACCEPTED_DATE_RANGE, isCalendarDate } from '../platform/http/field-validators';
import { FieldErrors, FieldValidationException } from '../platform/http/validation';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = 'must be a date yyyy-MM-dd';
/** Comma-joined lists and free text are bounded: a query string is no place for megabytes. */
const LIST_LENGTH = 2000;

export class ReportFilterDto {
  @ApiPropertyOptional({ description: 'Assessment type (option id, e.g. 62 Initial Assessment)', example: '62' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  type?: string;

  @ApiPropertyOptional({ description: 'Youngest age at assessment, 0-22; -1 (Select All) or omitted: no limit', example: -1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number from -1 to 22' })
  @Min(-1, { message: 'must be a whole number from -1 to 22' })
  @Max(AGE_SCALE_MAX, { message: 'must be a whole number from -1 to 22' })
  minAge?: number;

  @ApiPropertyOptional({ description: 'Oldest age at assessment, 0-22; -1 (Select All) or omitted: no limit', example: -1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number from -1 to 22' })
  @Min(-1, { message: 'must be a whole number from -1 to 22' })
  @Max(AGE_SCALE_MAX, { message: 'must be a whole number from -1 to 22' })
  maxAge?: number;

  @ApiPropertyOptional({ description: 'Agency ids, comma-joined; omitted: all agencies' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  agency?: string;

  @ApiPropertyOptional({ description: 'County' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  county?: string;

  @ApiPropertyOptional({ description: 'Assessor (user) ids, comma-joined; omitted: all assessors' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  assessor?: string;

  @ApiPropertyOptional({ description: 'Gender codes (M, F, G, N, O) comma-joined; N/A: not recorded', example: 'F' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  gender?: string;

  @ApiPropertyOptional({ description: 'Race/ethnicity values joined with ##; N/A: not recorded' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  race?: string;

  @ApiPropertyOptional({ description: 'Primary language; N/A: not recorded' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  language?: string;

  @ApiPropertyOptional({ description: 'Welfare (looked after) status; N/A: not recorded' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  welfareStatus?: string;

  @ApiPropertyOptional({ description: 'PIDs, comma-separated', example: 'PID-0001,PID-0002' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  cin?: string;

  @ApiPropertyOptional({ description: 'Date of assessment from (inclusive, from 00:00:00), yyyy-MM-dd', example: '2024-01-01' })
  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  startDoa?: string;

  @ApiPropertyOptional({ description: 'Date of assessment to (inclusive, to 23:59:59), yyyy-MM-dd', example: '2024-12-31' })
  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  endDoa?: string;
}

/** Domain codes of a report, comma-joined. */
export class ReportDomainsDto extends ReportFilterDto {
  @ApiPropertyOptional({ description: 'Domain codes, comma-joined; omitted: every domain', example: 'LIFE_FUNCTIONING,CHILD_STRENGTHS' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  domains?: string;
}

export class CohortListDto extends ReportFilterDto {
  @ApiPropertyOptional({
    description: 'ra-data-simple-rest range; default [0,29] (page size 30); at most 100 rows a page',
    example: '[0,29]',
  })
  @IsOptional()
  @IsString()
  range?: string;

  @ApiPropertyOptional({ description: 'ra-data-simple-rest sort', example: '["dateOfAssessment","DESC"]' })
  @IsOptional()
  @IsString()
  sort?: string;
}

/**
 * Why the comparison group takes none of the report filter (docs/security.md "Differencing"): it reaches beyond
 * the caller's row access, so it must be one of a fixed set of cohorts. Day ranges, PID lists, ages and the like
 * make two groups that differ by one child, and the difference of their figures is that child's ratings.
 */
const COMPARISON_IS_A_FIXED_COHORT =
  'is not a comparison parameter: the comparison group is one agency (or every agency), one assessment type and one calendar year';
const refusedInComparison = (instead?: string): PropertyDecorator =>
  IsEmpty({ message: instead ? `${COMPARISON_IS_A_FIXED_COHORT}; use ${instead}` : COMPARISON_IS_A_FIXED_COHORT });

/** The parameters of GET /api/reports/comparison beside `domains`; a saved query's `comparison` holds only these. */
export const COMPARISON_PARAMETERS = [
  'compareAgency',
  'compareType',
  'compareYear',
  'compareSupervisors',
  'compareAssessors',
  'compareAgencyCases',
] as const;

/**
 * The comparison of Many Children One CANS: a fixed cohort — one agency or every agency × one assessment type × one
 * calendar year (of the date of assessment) — optionally narrowed to people, which limits it to the assessments
 * the caller can read. The report filter's fields are refused by name (400), not silently ignored.
 */
export class ComparisonDto {
  @ApiPropertyOptional({ description: 'Domain codes, comma-joined; omitted: every domain', example: 'LIFE_FUNCTIONING,CHILD_STRENGTHS' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  domains?: string;

  @ApiPropertyOptional({ description: 'Comparison: ONE agency id; omitted: every agency (the state)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[^,]*$/, { message: 'must be one agency (or none for every agency): a list of agencies is not a comparison group' })
  compareAgency?: string;

  @ApiProperty({ description: 'Comparison: the assessment type (option id, e.g. 62 Initial Assessment)', example: '62', maxLength: 50 })
  @ValidateBy(
    {
      name: 'isComparisonType',
      validator: { validate: (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 50 },
    },
    { message: 'must be one assessment type (its option id)' },
  )
  compareType!: string;

  @ApiProperty({
    description: 'Comparison: the calendar year of the date of assessment, 1900-9999',
    example: 2025,
    minimum: 1900,
    maximum: 9999,
  })
  @Type(() => Number)
  @ValidateBy(
    {
      name: 'isComparisonYear',
      validator: { validate: (v: unknown) => Number.isInteger(v) && (v as number) >= 1900 && (v as number) <= 9999 },
    },
    { message: 'must be a calendar year from 1900 to 9999' },
  )
  compareYear!: number;

  @ApiPropertyOptional({
    description:
      'Comparison: supervisor ids (their whole tree), comma-joined; only within the own agency; narrows to assessments the caller can read',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  compareSupervisors?: string;

  @ApiPropertyOptional({
    description: 'Comparison: assessor ids, comma-joined; only within the own agency; narrows to assessments the caller can read',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  compareAssessors?: string;

  @ApiPropertyOptional({ description: 'Comparison: agencies whose cases count (state-level users), comma-joined' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  compareAgencyCases?: string;

  @refusedInComparison('compareType') type?: unknown;
  @refusedInComparison('compareAgency') agency?: unknown;
  @refusedInComparison('compareAssessors') assessor?: unknown;
  @refusedInComparison('compareYear') startDoa?: unknown;
  @refusedInComparison('compareYear') endDoa?: unknown;
  @refusedInComparison() cin?: unknown;
  @refusedInComparison() minAge?: unknown;
  @refusedInComparison() maxAge?: unknown;
  @refusedInComparison() county?: unknown;
  @refusedInComparison() gender?: unknown;
  @refusedInComparison() race?: unknown;
  @refusedInComparison() language?: unknown;
  @refusedInComparison() welfareStatus?: unknown;
}

/** A comma- (or ##-) joined list, trimmed, empties dropped. */
export const listOf = (value: string | undefined, separator = ','): string[] =>
  (value ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** What class-validator cannot say field by field: the ranges must not be reversed. */
export function assertFilterRanges(filter: ReportFilterDto): void {
  const errors: FieldErrors = {};
  const minAge = filter.minAge ?? -1;
  const maxAge = filter.maxAge ?? -1;
  if (minAge >= 0 && maxAge >= 0 && minAge > maxAge) errors.minAge = ['must not be greater than maxAge'];
  for (const field of ['startDoa', 'endDoa'] as const) {
    const day = filter[field];
    if (day !== undefined && !isCalendarDate(day)) errors[field] = [`must be a real calendar date ${ACCEPTED_DATE_RANGE}`];
  }
  if (!errors.startDoa && !errors.endDoa && filter.startDoa && filter.endDoa && filter.startDoa > filter.endDoa)
    errors.startDoa = ['must not be after endDoa'];
  if (Object.keys(errors).length) throw new FieldValidationException(errors);
}
