import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

const YEAR_MESSAGE = 'must be a year from 2000 to 9999';
const MONTH_MESSAGE = 'must be a month number from 1 to 12';

/** A month of the monthly data feed (the spec's startDate yyyy-MM, as two numbers so each gets its own message). */
export class FeedMonthDto {
  @ApiProperty({ description: 'Year', example: 2025 })
  @Type(() => Number)
  @IsInt({ message: YEAR_MESSAGE })
  @Min(2000, { message: YEAR_MESSAGE })
  @Max(9999, { message: YEAR_MESSAGE })
  year!: number;

  @ApiProperty({ description: 'Month, 1-12; must be before the current month', example: 3 })
  @Type(() => Number)
  @IsInt({ message: MONTH_MESSAGE })
  @Min(1, { message: MONTH_MESSAGE })
  @Max(12, { message: MONTH_MESSAGE })
  month!: number;
}
