import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsRevision } from '../../platform/http/field-validators';

/** Spec §9: agency name and display name are at most 1000 characters. */
export const AGENCY_TEXT_MAX_LENGTH = 1000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SaveAgencyDto {
  @ApiProperty({ maxLength: AGENCY_TEXT_MAX_LENGTH, example: 'Northside Family Services' })
  @Transform(trim)
  @IsString({ message: 'Agency name must be text.' })
  @IsNotEmpty({ message: 'Agency name is required.' })
  @MaxLength(AGENCY_TEXT_MAX_LENGTH, { message: `Agency name can be at most ${AGENCY_TEXT_MAX_LENGTH} characters.` })
  name!: string;

  @ApiProperty({ maxLength: AGENCY_TEXT_MAX_LENGTH, example: 'Northside' })
  @Transform(trim)
  @IsString({ message: 'Agency display name must be text.' })
  @IsNotEmpty({ message: 'Agency display name is required.' })
  @MaxLength(AGENCY_TEXT_MAX_LENGTH, { message: `Agency display name can be at most ${AGENCY_TEXT_MAX_LENGTH} characters.` })
  displayName!: string;
}

export class UpdateAgencyDto extends SaveAgencyDto {
  @ApiPropertyOptional({ description: 'Revision the client last saw; a stale one answers 409 instead of overwriting.' })
  @IsOptional()
  @IsRevision()
  revision?: number;

  // react-admin sends the whole record back on update; these read-only fields are accepted and ignored.
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() id?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() createdAt?: string;
  @ApiPropertyOptional({ readOnly: true }) @IsOptional() @IsString() updatedAt?: string;
}

export class AgencyView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty({ description: 'Stream revision, echoed back on update for optimistic concurrency.' }) revision!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}
