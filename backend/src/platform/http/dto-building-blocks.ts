/**
 * The pieces every request DTO is built from, so each rule is written once: trimmed text, the edited revision, the
 * read-only fields react-admin sends back, id route parameters.
 */
import { applyDecorators, Param, ParseUUIDPipe, PipeTransform, Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { IsRevision } from './field-validators';

const trimText = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const trimTextToNull = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() || null : value === undefined ? null : value;

/** Leading and trailing spaces are dropped before validation (a name of only spaces is then empty). */
export const Trimmed = (): PropertyDecorator => Transform(trimText);

/** Trimmed, and blank text (or an absent value) becomes null: optional text fields. */
export const TrimmedOrNull = (): PropertyDecorator => Transform(trimTextToNull);

/** A field of the record as the API answers it that a client may send back; it is accepted and ignored. */
export const ReadOnlyField = (): PropertyDecorator => applyDecorators(ApiPropertyOptional({ readOnly: true }), IsOptional());

/**
 * The body of an update of a record a user edited: the revision they saw (optimistic concurrency; absent means "the
 * current one") and the read-only fields react-admin sends back with the record.
 */
export class EditedRecordDto {
  @ApiPropertyOptional({ description: 'Revision the user edited; a newer revision on the server answers 409.' })
  @IsOptional()
  @IsRevision()
  revision?: number;

  @ReadOnlyField() @IsString() id?: string;
  @ReadOnlyField() @IsString() createdAt?: string;
  @ReadOnlyField() @IsString() updatedAt?: string;
}

const uuidV4 = new ParseUUIDPipe({ version: '4' });

/** A route id: a UUID v4 unless another pipe says what an id is (e.g. identity's well-known numeric ids). */
export const IdParam = (name = 'id', pipe: PipeTransform | Type<PipeTransform> = uuidV4): ParameterDecorator => Param(name, pipe);
