import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import type { AccessReason } from '../../identity/access/row-access-policy';
import { isCalendarDate, parseDateTime } from '../../platform/http/field-validators';

export const AccessAtMessages = {
  required: 'Please enter a date.',
  format: 'Please enter a date from 1900 to 9999 as yyyy-MM-dd, or a date and time as 2024-06-30T14:00:00Z.',
  future: 'The date cannot be in the future.',
  beforeCreation: 'The assessment did not exist yet at that time.',
} as const;

/** A moment as the query names it, before "not in the future" is judged (that needs the clock). */
export interface RequestedMoment {
  at: Date;
  /** A yyyy-MM-dd: `at` is the end of that day (UTC). */
  dayOnly: boolean;
}

/**
 * 'yyyy-MM-dd' (the end of that day, UTC) or an ISO 8601 date and time (UTC when no offset is given); null when the
 * text is neither, names no real moment (2024-02-30, 25:00) or lies outside 1900 to 9999 (field-validators.ts).
 */
export function parseMoment(value: unknown): RequestedMoment | null {
  if (typeof value !== 'string') return null;
  if (isCalendarDate(value)) return { at: new Date(`${value}T23:59:59.999Z`), dayOnly: true };
  const at = parseDateTime(value, { zone: 'utc-when-absent' });
  return at ? { at, dayOnly: false } : null;
}

export class AccessAtQueryDto {
  @ApiProperty({
    description: 'The moment: an ISO 8601 date and time (UTC without an offset), or yyyy-MM-dd for the end of that day (UTC)',
    example: '2024-06-30T14:00:00Z',
  })
  @ValidateBy({
    name: 'isMoment',
    validator: {
      validate: (value: unknown) => parseMoment(value) !== null,
      defaultMessage: (args) => (args?.value === undefined || args.value === '' ? AccessAtMessages.required : AccessAtMessages.format),
    },
  })
  at!: string;
}

export class AccessAtUser {
  @ApiProperty({ description: 'A user id, or an API user id (reason api-client)' }) userId!: string;
  @ApiProperty({ description: 'Full name as it was at that moment (API clients: their username)' }) name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Their user group as it was named then; null for API clients' })
  groupName!: string | null;
  @ApiProperty({
    enum: [
      'administrator',
      'owner',
      'shared',
      'supervisor',
      'temporary-access',
      'parent-group',
      'agency-monitor',
      'state-monitor',
      'api-client',
    ],
    description: 'The row-access rule that let them see it (row-access-policy.ts)',
  })
  reason!: AccessReason;
  @ApiProperty({ description: "Row access included editing (the feature privilege for the assessment's status is checked apart)" })
  canEdit!: boolean;
}

export class AccessAtView {
  @ApiProperty({ description: 'The moment answered for (ISO); a yyyy-MM-dd of today answers for now' }) at!: string;
  @ApiProperty({ type: [AccessAtUser], description: 'Sorted by name' }) users!: AccessAtUser[];
}
