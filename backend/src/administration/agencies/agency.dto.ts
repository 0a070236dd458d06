import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EditedRecordDto, Trimmed } from '../../platform/http/dto-building-blocks';

/** Spec §9: agency name and display name are at most 1000 characters. */
export const AGENCY_TEXT_MAX_LENGTH = 1000;

export class SaveAgencyDto {
  @ApiProperty({ maxLength: AGENCY_TEXT_MAX_LENGTH, example: 'Northside Family Services' })
  @Trimmed()
  @IsString({ message: 'Agency name must be text.' })
  @IsNotEmpty({ message: 'Agency name is required.' })
  @MaxLength(AGENCY_TEXT_MAX_LENGTH, { message: `Agency name can be at most ${AGENCY_TEXT_MAX_LENGTH} characters.` })
  name!: string;

  @ApiProperty({ maxLength: AGENCY_TEXT_MAX_LENGTH, example: 'Northside' })
  @Trimmed()
  @IsString({ message: 'Agency display name must be text.' })
  @IsNotEmpty({ message: 'Agency display name is required.' })
  @MaxLength(AGENCY_TEXT_MAX_LENGTH, { message: `Agency display name can be at most ${AGENCY_TEXT_MAX_LENGTH} characters.` })
  displayName!: string;
}

/** An edit: the names plus the revision edited (IntersectionType keeps both classes' validation rules). */
export class UpdateAgencyDto extends IntersectionType(SaveAgencyDto, EditedRecordDto) {}

export class AgencyView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ description: 'Stream revision, echoed back on update for optimistic concurrency.' }) revision!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}
