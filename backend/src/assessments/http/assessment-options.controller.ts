import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { RecordLists } from '../../identity/api-users/api-client-record-limit';
import {
  ASSESSMENT_SCOPES,
  CAREGIVER_RELATIONSHIPS,
  CHILD_FIELD_LABEL_KEYS,
  ChildField,
  DEFAULT_CHILD_FIELD_LABELS,
  childFieldLabel,
  GENDERS,
  INVOLVEMENT_OPTIONS,
  MAX_LENGTH,
  MEDICAID_NUMBER_LENGTH,
} from '@cans/domain/assessments';
import { AssessorOption, AssessorOptionsService } from '../queries/assessor-options.service';
import { ChildLookupAnswer, ChildLookupService } from '../queries/child-lookup.service';
import { findReminderSettings } from '@cans/projections/administration/settings.projection';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { ChildLookupQueryDto } from './assessment.dto';
import { ChildFormSettingsService } from '../../administration/child-form/child-form-settings.service';

/**
 * Race/ethnicity (18 options) and primary language (10 options including Other) lists are administrator-edited
 * option lists whose content the spec does not give; until the option-list screen exists these are our defaults.
 * The server does not restrict the values to them (the child validation takes lists only when given).
 */
export const DEFAULT_RACES = [
  'White British',
  'White Irish',
  'Gypsy or Irish Traveller',
  'Any other White background',
  'White and Black Caribbean',
  'White and Black African',
  'White and Asian',
  'Any other Mixed background',
  'Indian',
  'Pakistani',
  'Bangladeshi',
  'Chinese',
  'Any other Asian background',
  'African',
  'Caribbean',
  'Any other Black background',
  'Arab',
  'Any other ethnic group',
];
export const DEFAULT_LANGUAGES = ['English', 'Welsh', 'Polish', 'Urdu', 'Punjabi', 'Bengali', 'Arabic', 'Romanian', 'Somali', 'Other'];

export class AssessorOptionsQueryDto {
  @ApiPropertyOptional({ description: "Part of the assessor's name" }) @IsOptional() @IsString() @MaxLength(100) q?: string;
}

@ApiTags('Assessments')
@ApiCookieAuth()
@Controller()
export class AssessmentOptionsController {
  constructor(
    private readonly children: ChildLookupService,
    private readonly assessors: AssessorOptionsService,
    private readonly childForm: ChildFormSettingsService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get('assessment-assessors')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({
    summary: "Options of the list's Assessor filter: owners of assessments the caller may see (id, name), at most 25, by name",
  })
  assessorOptions(@Query() query: AssessorOptionsQueryDto, @Auth() { user }: RequestAuth): Promise<AssessorOption[]> {
    return this.assessors.search(user, query.q);
  }

  @Get('assessment-options')
  @RequirePrivileges('Assessment_View', 'Assessment_New')
  @ApiOperation({ summary: 'Option lists, field labels and limits of the child and caregiver forms, and the reminder settings' })
  async options() {
    const [childForm, reminderSettings] = await Promise.all([this.childForm.current(), findReminderSettings(this.readStore)]);
    const configured = new Map(childForm.labels.map((entry) => [entry.fieldName, entry]));
    const labels: Record<string, { displayName: string; visible: boolean; fieldName: string | null }> = {};
    for (const field of Object.keys(DEFAULT_CHILD_FIELD_LABELS) as ChildField[]) {
      const fieldName = CHILD_FIELD_LABEL_KEYS[field] ?? null;
      const entry = fieldName ? configured.get(fieldName) : undefined;
      labels[field] = { displayName: childFieldLabel(field, childForm.labels), visible: entry?.status !== 0, fieldName };
      // Also under the label configuration's field name (spec 002 §3), as the label screen stores them.
      if (fieldName) labels[fieldName] = labels[field];
    }
    // List columns that are labels but not child fields (spec: hidden when their label status is 0).
    for (const [fieldName, displayName] of [
      ['Assessor', 'Assessor'],
      ['AGENCY', 'Agency'],
    ] as const) {
      const entry = configured.get(fieldName);
      labels[fieldName] = { displayName: entry?.displayName.trim() || displayName, visible: entry?.status !== 0, fieldName };
    }
    return {
      assessmentTypes: childForm.assessmentTypes,
      lookedAfterStatuses: childForm.lookedAfterStatuses,
      genders: Object.entries(GENDERS).map(([id, name]) => ({ id, name })),
      races: DEFAULT_RACES.map((name) => ({ id: name, name })),
      languages: DEFAULT_LANGUAGES.map((name) => ({ id: name, name })),
      involvements: INVOLVEMENT_OPTIONS.map((name) => ({ id: name, name })),
      scopes: ASSESSMENT_SCOPES.map((name) => ({ id: name, name })),
      lookedAfterChild: [
        { id: 'N', name: 'N' },
        { id: 'Y', name: 'Y' },
      ],
      caregiverRelationships: CAREGIVER_RELATIONSHIPS,
      labels,
      maxLengths: {
        text: MAX_LENGTH.text,
        medicaidNumber: MAX_LENGTH.medicaidNumber,
        daysToNextAssessment: MAX_LENGTH.daysToNextAssessment,
        longText: MAX_LENGTH.longText,
        medicaidNumberMinDigits: MEDICAID_NUMBER_LENGTH.min,
      },
      lastUpdatedDays: [7, 14, 30, 45, 90],
      reminderSettings,
    };
  }

  @Get('children/lookup')
  @RecordLists('familyCaregivers')
  @RequirePrivileges('Assessment_View', 'Assessment_New')
  @ApiOperation({ summary: 'Latest assessment of a PID (approved or not) with what the form does next; caregivers of a FAMILY ID' })
  lookup(@Query() query: ChildLookupQueryDto, @Auth() { user }: RequestAuth): Promise<ChildLookupAnswer> {
    return this.children.lookup(user, query);
  }
}
