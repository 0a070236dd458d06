/**
 * Request bodies of the assessment routes. The DTOs check the SHAPE (known fields only, types of ids,
 * revisions, lists); the business messages (spec 000 §5/§8: required child fields, dates, Unique ID digits,
 * "First name is required.", "Relationship to Child is required.", "Comment is requreid.", reasons …) come from
 * the domain's validation (domain/child-information.validation.ts), which sees the raw values and answers 400
 * with the same field → messages shape. So each field here is @Allow()ed and judged once, by the domain.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsRevision } from '../../platform/http/field-validators';

const REVISION_DESCRIPTION = 'The revision the client last saw (from the view); a stale one answers 409 instead of overwriting.';

export class ChildInformationDto {
  @ApiPropertyOptional({ description: 'PID (spec cin), required, max 50' }) @Allow() cin?: unknown;
  @ApiPropertyOptional({ description: 'Family ID, max 50' }) @Allow() familyId?: unknown;
  @ApiPropertyOptional({ description: 'First name (spec fullName), required, max 50' }) @Allow() firstName?: unknown;
  @ApiPropertyOptional({ description: 'Required, max 50' }) @Allow() lastName?: unknown;
  @ApiPropertyOptional({ enum: ['M', 'F', 'G', 'N', 'O'] }) @Allow() gender?: unknown;
  @ApiPropertyOptional() @Allow() raceEthnicity?: unknown;
  @ApiPropertyOptional() @Allow() primaryLanguage?: unknown;
  @ApiPropertyOptional({ description: 'Unique ID: 9 or 10 digits' }) @Allow() medicaidNumber?: unknown;
  @ApiPropertyOptional({ description: 'Whole number >= 0' }) @Allow() age?: unknown;
  @ApiPropertyOptional({ example: '2012-03-15' }) @Allow() dateOfBirth?: unknown;
  @ApiPropertyOptional() @Allow() address?: unknown;
  @ApiPropertyOptional() @Allow() city?: unknown;
  @ApiPropertyOptional() @Allow() zip?: unknown;
  @ApiPropertyOptional() @Allow() county?: unknown;
  @ApiPropertyOptional({ example: '2024-05-01' }) @Allow() dateOfAssessment?: unknown;
  @ApiPropertyOptional({ description: 'Removal Date' }) @Allow() caseOpeningDate?: unknown;
  @ApiPropertyOptional({ description: 'Assessment type (spec initialized): 62, 63 or 64' }) @Allow() assessmentType?: unknown;
  @ApiPropertyOptional() @Allow() assessorPhoneNumber?: unknown;
  @ApiPropertyOptional({ description: 'Days of next assessment, at most 9 characters' }) @Allow() daysToNextAssessment?: unknown;
  @ApiPropertyOptional({ enum: ['Y', 'N'] }) @Allow() lookedAfterChild?: unknown;
  @ApiPropertyOptional() @Allow() lookedAfterStatus?: unknown;
  @ApiPropertyOptional() @Allow() involvement?: unknown;
  @ApiPropertyOptional() @Allow() assessmentScope?: unknown;
  @ApiPropertyOptional() @Allow() recommendationsNote?: unknown;
}

export class CaregiverDto {
  @ApiPropertyOptional({ description: 'Required (First name is required.)' }) @Allow() firstName?: unknown;
  @ApiPropertyOptional({ description: 'Required (Last name is required.)' }) @Allow() lastName?: unknown;
  @ApiPropertyOptional({
    description: '{ group, role } of the relationship tree (Relationship to Child is required.)',
    example: { group: 'Parent/Guardian', role: 'Mother' },
  })
  @Allow()
  relationship?: unknown;
  @ApiPropertyOptional() @Allow() gender?: unknown;
  @ApiPropertyOptional({ description: 'xxx-xxx-xxxx' }) @Allow() phone?: unknown;
  @ApiPropertyOptional() @Allow() address?: unknown;
  @ApiPropertyOptional() @Allow() city?: unknown;
  @ApiPropertyOptional() @Allow() zip?: unknown;
  @ApiPropertyOptional() @Allow() county?: unknown;
  @ApiPropertyOptional() @Allow() cin?: unknown;
  // The client may send back the record it read; the id in the path wins.
  @ApiPropertyOptional({ readOnly: true }) @Allow() caregiverId?: unknown;
}

export class NarrativeDto {
  @ApiPropertyOptional() @Allow() impressions?: unknown;
  @ApiPropertyOptional() @Allow() needs?: unknown;
  @ApiPropertyOptional() @Allow() targets?: unknown;
  @ApiPropertyOptional() @Allow() outcomes?: unknown;
  @ApiPropertyOptional() @Allow() plan?: unknown;
  @ApiPropertyOptional() @Allow() recommendations?: unknown;
}

export class RevisionDto {
  @ApiPropertyOptional({ description: REVISION_DESCRIPTION })
  @IsOptional()
  @IsRevision()
  revision?: number;
}

const childProperty = () => [
  ApiProperty({ type: ChildInformationDto }),
  IsObject({ message: 'Child information is required.' }),
  ValidateNested(),
  Type(() => ChildInformationDto),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

export class StartAssessmentDto {
  @apply(childProperty())
  child!: ChildInformationDto;

  @ApiPropertyOptional({ description: "The child's latest approved assessment the form was prefilled from (spec latestApprovedChildId)" })
  @IsOptional()
  @IsUUID(undefined, { message: 'previousAssessmentId must be an assessment id.' })
  previousAssessmentId?: string | null;
}

export class SaveChildInformationDto extends RevisionDto {
  @apply(childProperty())
  child!: ChildInformationDto;
}

export class ChangeAssessmentTypeDto extends RevisionDto {
  @ApiProperty({ example: '63' })
  @Allow()
  assessmentType!: unknown;
}

export class AddCaregiverDto extends RevisionDto {
  @ApiProperty({ type: CaregiverDto })
  @IsObject({ message: 'The caregiver is required.' })
  @ValidateNested()
  @Type(() => CaregiverDto)
  caregiver!: CaregiverDto;

  @ApiPropertyOptional({ description: 'A client-chosen id (UUID) so a repeated request adds the caregiver once' })
  @IsOptional()
  @IsUUID(undefined, { message: 'caregiverId must be a UUID.' })
  caregiverId?: string;
}

export class EditCaregiverDto extends RevisionDto {
  @ApiProperty({ type: CaregiverDto })
  @IsObject({ message: 'The caregiver is required.' })
  @ValidateNested()
  @Type(() => CaregiverDto)
  caregiver!: CaregiverDto;
}

export class BindFamilyCaregiversDto extends RevisionDto {
  @ApiProperty({ maxLength: 50 })
  @IsString({ message: 'Family ID is required.' })
  @IsNotEmpty({ message: 'Family ID is required.' })
  @MaxLength(50, { message: 'Family ID cannot be longer than 50 characters.' })
  familyId!: string;
}

export const WIRE_RATINGS = [0, 1, 2, 3, 4, '0', '1', '2', '3', '4', 'NA', 'N/A', null] as const;

export class RateItemDto {
  @ApiProperty({ example: 'SUBSTANCE_USE' })
  @IsString({ message: 'Question is required.' })
  @IsNotEmpty({ message: 'Question is required.' })
  @MaxLength(100)
  questionCode!: string;

  @ApiPropertyOptional({ nullable: true, description: 'The caregiver for a caregiver item; null for a child item' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'caregiverId must be a caregiver id or null.' })
  caregiverId?: string | null;

  @ApiProperty({ enum: [0, 1, 2, 3, 4, 'NA'], nullable: true, description: 'null clears the rating' })
  @Transform(({ value }) => (value === undefined ? '__missing__' : value))
  @IsIn(WIRE_RATINGS as unknown as unknown[], { message: 'Choose a rating: 0, 1, 2, 3, 4 or N/A.' })
  rating!: 0 | 1 | 2 | 3 | 4 | 'NA' | null | string;
}

export class SaveCommentDto {
  @ApiProperty({ example: 'SUBSTANCE_USE' })
  @IsString({ message: 'Question is required.' })
  @IsNotEmpty({ message: 'Question is required.' })
  @MaxLength(100)
  questionCode!: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'caregiverId must be a caregiver id or null.' })
  caregiverId?: string | null;

  @ApiProperty({ description: 'Required after trimming (Comment is requreid.)' })
  @Allow()
  content!: unknown;
}

export class SaveNarrativeDto extends RevisionDto {
  @ApiProperty({ type: NarrativeDto })
  @IsObject({ message: 'The narrative is required.' })
  @ValidateNested()
  @Type(() => NarrativeDto)
  narrative!: NarrativeDto;
}

export class CompleteAssessmentDto extends RevisionDto {
  @ApiPropertyOptional({
    type: ChildInformationDto,
    description: 'Complete "saves the child, then completes the case": the form as it stands',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChildInformationDto)
  child?: ChildInformationDto;
}

export class ReasonDto extends RevisionDto {
  @ApiProperty({ description: 'Required (assessment_return_reason_required / assessment_close_reason_required)' })
  @Allow()
  reason!: unknown;
}

export class ShareAssessmentDto extends RevisionDto {
  @ApiProperty({ type: [String], description: 'The complete set of sibling users to share with; [] stops sharing' })
  @IsArray({ message: 'userIds must be a list of user ids.' })
  @ArrayMaxSize(500)
  @IsString({ each: true, message: 'userIds must be a list of user ids.' })
  userIds!: string[];
}

export class ReassignAssessmentDto extends RevisionDto {
  @ApiProperty()
  @IsString({ message: 'User is required.' })
  @IsNotEmpty({ message: 'User is required.' })
  toUserId!: string;
}

export class ChildLookupQueryDto {
  @ApiPropertyOptional({ description: 'PID to look up' }) @IsOptional() @IsString() @MaxLength(50) cin?: string;
  @ApiPropertyOptional({ description: 'FAMILY ID whose caregivers to list' }) @IsOptional() @IsString() @MaxLength(50) familyId?: string;
  @ApiPropertyOptional({ enum: ['add', 'edit'] }) @IsOptional() @IsIn(['add', 'edit']) mode?: 'add' | 'edit';
  @ApiPropertyOptional({ description: 'The assessment being edited (excluded from the answers)' })
  @IsOptional()
  @IsUUID()
  assessmentId?: string;
}
