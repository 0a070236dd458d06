/**
 * Query parameters of the one-child reports and Many Children Many CANS (spec 001 §3 "One-child filter", §7
 * /reportOO, /reportOM, /reportMM). Dates are whole days, yyyy-MM-dd, inclusive, as in the many-children filter.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ReportDomainsDto, ReportFilterDto } from '../report-filter.dto';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = 'must be a date yyyy-MM-dd';
const LIST_LENGTH = 2000;

class ListParams {
  @ApiPropertyOptional({ description: 'ra-data-simple-rest range; at most 100 rows a page', example: '[0,9]' })
  @IsOptional()
  @IsString()
  range?: string;

  @ApiPropertyOptional({ description: 'ra-data-simple-rest sort', example: '["cin","ASC"]' })
  @IsOptional()
  @IsString()
  sort?: string;
}

/** The one-child filter (One Child One CANS step 1; One Child Many CANS uses cin, fullName and assessor). */
export class OneChildFilterDto extends ListParams {
  @ApiPropertyOptional({ description: 'PID, or its beginning (case-insensitive)', example: 'PID-00' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  cin?: string;

  @ApiPropertyOptional({ description: 'Child name: every word must begin the first or last name', example: 'Robin Ha' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  fullName?: string;

  @ApiPropertyOptional({ description: 'Agency ids, comma-joined; omitted: all' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  agency?: string;

  @ApiPropertyOptional({ description: 'Assessor (user) ids, comma-joined; omitted: all' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  assessor?: string;

  @ApiPropertyOptional({ description: 'Date of assessment from (inclusive), yyyy-MM-dd' })
  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  startDoa?: string;

  @ApiPropertyOptional({ description: 'Date of assessment to (inclusive), yyyy-MM-dd' })
  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  endDoa?: string;
}

/** One Child Many CANS step 3: the chosen child's time-point assessments. */
export class TimePointsDto extends ListParams {
  @ApiProperty({ description: 'The child (PID) chosen in step 2', example: 'PID-000001' })
  @IsString()
  @IsNotEmpty({ message: 'choose a child (PID)' })
  @MaxLength(50)
  cin!: string;

  @ApiPropertyOptional({ description: 'Assessor (user) ids, comma-joined; omitted: all' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  assessor?: string;
}

export class OneChildOneCansDto {
  @ApiProperty({ description: 'The assessment chosen in step 2 (one row of the case list)' })
  @IsString()
  @IsNotEmpty({ message: 'choose an assessment' })
  @MaxLength(100)
  assessment!: string;

  @ApiPropertyOptional({ description: 'Domain codes, comma-joined; omitted: every domain' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  domains?: string;
}

export class OneChildManyCansDto {
  @ApiProperty({ description: 'The chosen time-point assessments of one child, comma-joined (at least one)' })
  @IsString()
  @IsNotEmpty({ message: 'Please choose assessments to report.' })
  @MaxLength(LIST_LENGTH)
  assessments!: string;

  @ApiPropertyOptional({ description: 'Domain codes, comma-joined; omitted: every child domain' })
  @IsOptional()
  @IsString()
  @MaxLength(LIST_LENGTH)
  domains?: string;
}

/** Many Children Many CANS step 2: the report filter, children in pages of 20. */
export class ManyChildrenManyCohortDto extends ReportFilterDto {
  @ApiPropertyOptional({
    description: 'ra-data-simple-rest range; default [0,19] (page size 20); at most 100 rows a page',
    example: '[0,19]',
  })
  @IsOptional()
  @IsString()
  range?: string;

  @ApiPropertyOptional({ description: 'ra-data-simple-rest sort', example: '["cin","ASC"]' })
  @IsOptional()
  @IsString()
  sort?: string;
}

export { ReportDomainsDto as ManyChildrenManyCansDto };
