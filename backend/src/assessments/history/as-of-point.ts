/**
 * The "as of" parameters of the audit routes (as-of, compare, summary, print and their PDFs): a revision of the
 * assessment's stream or a moment in time. Parsed here, once, so every route answers the same 400 field messages.
 */
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { DomainRuleViolation, FieldErrors } from '@cans/domain/domain-errors';
import { MAX_REVISION, parseDateTime } from '../../platform/http/field-validators';

/** A point of an assessment's history: after the event of that revision, or the last event recorded at or before `at`. */
export type AsOfPoint = { readonly revision: number } | { readonly at: string };

export const AS_OF_MESSAGES = {
  fields: 'Please correct the highlighted fields.',
  oneOf: 'Give either a revision or a date and time.',
  notBoth: 'Give a revision or a date and time, not both.',
  revision: 'The revision must be a whole number from 0.',
  revisionPast: (last: number) => `The assessment has no such revision: its last revision is ${last}.`,
  toRevisionBefore: 'The later revision must not be before the earlier one.',
  // The zone is required: a moment, never a local time a server would have to guess.
  at: 'Enter a date and time from 1900 to 9999 as ISO 8601 with its time zone, e.g. 2024-05-01T14:30:00Z.',
  atBeforeCreation: 'The assessment did not exist yet at that date and time.',
  noChildYet: 'The assessment had no child record yet at that point.',
  compareRevision: 'Give the earlier revision to compare.',
} as const;

/** The query parameters: plain text, parsed by parseAsOfPoint (so the messages live in one place). */
export class AsOfQueryDto {
  @ApiPropertyOptional({ description: 'A revision of the assessment (0 is its creation); not with `at`', example: '3' })
  @IsOptional()
  @IsString()
  revision?: string;

  @ApiPropertyOptional({ description: 'An ISO 8601 date-time with time zone; not with `revision`', example: '2024-05-01T14:30:00Z' })
  @IsOptional()
  @IsString()
  at?: string;
}

/** Compare: the earlier point is a revision; the later one another revision, or now when left out. */
export class CompareQueryDto {
  @ApiPropertyOptional({ description: 'The earlier revision', example: '3' })
  @IsOptional()
  @IsString()
  revision?: string;

  @ApiPropertyOptional({ description: 'The later revision; the current assessment when left out', example: '7' })
  @IsOptional()
  @IsString()
  toRevision?: string;
}

const WHOLE_NUMBER = /^\d{1,10}$/;

export function refuse(errors: FieldErrors): never {
  throw new DomainRuleViolation(AS_OF_MESSAGES.fields, errors);
}

/** A revision parameter, or a field error under `field`. */
export function parseRevision(value: string, field: string): number {
  const revision = WHOLE_NUMBER.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(revision) || revision > MAX_REVISION) refuse({ [field]: [AS_OF_MESSAGES.revision] });
  return revision;
}

/** An ISO 8601 date-time with zone naming a real moment (1900 to 9999), as UTC ISO text; or a field error under `at`. */
export function parseMoment(value: string): string {
  const time = parseDateTime(value.trim(), { zone: 'required' });
  if (!time) refuse({ at: [AS_OF_MESSAGES.at] });
  return time.toISOString();
}

/** Exactly one of revision / at; undefined when neither is given and the point is optional (the current state). */
export function parseAsOfPoint(query: AsOfQueryDto, required: true): AsOfPoint;
export function parseAsOfPoint(query: AsOfQueryDto | undefined, required: false): AsOfPoint | undefined;
export function parseAsOfPoint(query: AsOfQueryDto | undefined, required: boolean): AsOfPoint | undefined {
  const revision = query?.revision;
  const at = query?.at;
  if (revision !== undefined && at !== undefined) refuse({ revision: [AS_OF_MESSAGES.notBoth], at: [AS_OF_MESSAGES.notBoth] });
  if (revision !== undefined) return { revision: parseRevision(revision, 'revision') };
  if (at !== undefined) return { at: parseMoment(at) };
  if (required) refuse({ revision: [AS_OF_MESSAGES.oneOf], at: [AS_OF_MESSAGES.oneOf] });
  return undefined;
}

/** Compare's points: the earlier revision (required) and the later one (the current state when left out). */
export function parseComparePoints(query: CompareQueryDto): { revision: number; toRevision?: number } {
  if (query.revision === undefined) refuse({ revision: [AS_OF_MESSAGES.compareRevision] });
  const revision = parseRevision(query.revision, 'revision');
  if (query.toRevision === undefined) return { revision };
  const toRevision = parseRevision(query.toRevision, 'toRevision');
  if (toRevision < revision) refuse({ toRevision: [AS_OF_MESSAGES.toRevisionBefore] });
  return { revision, toRevision };
}
