import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, MaxLength } from 'class-validator';
import { Trimmed } from '../../platform/http/dto-building-blocks';
import { IsCalendarDate } from '../../platform/http/field-validators';
import { ExportMessages } from './export-messages';

const REQUIRED = { message: ExportMessages.export_assessment_doa_required };
// No message of its own: the shared one names the accepted range (1900-01-01 to 9999-12-31).
const DATE = {};

/** The range of the date of assessment (spec 002 §7 startDateFullTime / endDateFullTime, as days: both included). */
export class ExportRangeDto {
  @ApiProperty({ description: 'First day of the date of assessment, yyyy-MM-dd', example: '2024-01-01' })
  @IsNotEmpty(REQUIRED)
  @IsCalendarDate(DATE)
  from!: string;

  @ApiProperty({ description: 'Last day of the date of assessment, yyyy-MM-dd (included); not before `from`', example: '2024-12-31' })
  @IsNotEmpty(REQUIRED)
  @IsCalendarDate(DATE)
  to!: string;
}

/** The mail variant: the same range and the address the file is sent to. */
export class ExportMailDto extends ExportRangeDto {
  @ApiProperty({ description: 'Where the file is mailed', example: 'analyst@agency.example' })
  @Trimmed()
  @IsNotEmpty({ message: ExportMessages.email_required })
  @IsEmail({}, { message: ExportMessages.email_format })
  @MaxLength(320, { message: ExportMessages.email_format })
  email!: string;
}
