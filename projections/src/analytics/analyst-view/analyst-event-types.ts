/**
 * The analyst's view of the event log, declared: every event type an analyst's projection receives, with its fields,
 * their types and what they mean. The one place that says what an analyst may see (analyst-view.ts builds the events
 * to it, a spec checks every built event against it); the workbench's completion, docs/events.md ("The analyst's
 * view") and the export's columns are made from it.
 *
 * Kept: ratings, item codes, caregiver indexes, statuses, assessment types, dates of assessment (and every event's
 * time, so approval dates), agencies and counties. Never: names, addresses, phone numbers, PIDs, Unique IDs, family
 * ids, free text (comments, narratives, reasons), dates of birth (an age in months at the event instead). A child,
 * an assessment and a user are stable pseudonyms (keyed HMAC: the same child is the same pseudonym in every event
 * and every run; the key is sealed in the settings and never shown); a user comes with the name of their group.
 */

export type AnalystFieldType = 'string' | 'number' | 'string | null' | 'number | null' | 'Actor' | 'Actor | null' | 'number[]';

export interface AnalystFieldDeclaration {
  readonly type: AnalystFieldType;
  readonly description: string;
}

export interface AnalystEventDeclaration {
  readonly description: string;
  readonly fields: Readonly<Record<string, AnalystFieldDeclaration>>;
}

const field = (type: AnalystFieldType, description: string): AnalystFieldDeclaration => ({ type, description });

/** Fields every event of the view has. */
export const ANALYST_COMMON_FIELDS: Readonly<Record<string, AnalystFieldDeclaration>> = {
  type: field('string', 'The event type (a heading of this list).'),
  position: field('number', 'The event’s place in the log: events come in this order.'),
  recordedAt: field('string', 'When it was recorded, ISO-8601 UTC (`2025-03-14T09:30:00.000Z`): the only clock.'),
  by: field('Actor | null', 'Who did it: `{ user, group }` (a user pseudonym and the name of their group then); null for the system.'),
};

/** Fields every assessment event has (after its common fields). */
export const ANALYST_ASSESSMENT_FIELDS: Readonly<Record<string, AnalystFieldDeclaration>> = {
  assessment: field('string', 'The assessment’s pseudonym (`a-…`).'),
  child: field(
    'string | null',
    'The child’s pseudonym (`c-…`, the same on every assessment of the child); null before the child is recorded.',
  ),
  ageInMonths: field('number | null', 'The child’s age in whole months at this event (from the date of birth, which is never shown).'),
  agency: field('string | null', 'The id of the owner’s agency (the agency events name it).'),
  county: field('string | null', 'The child’s county, as recorded.'),
};

const assessmentEvent = (description: string, fields: Record<string, AnalystFieldDeclaration> = {}): AnalystEventDeclaration => ({
  description,
  fields: { ...ANALYST_ASSESSMENT_FIELDS, ...fields },
});

export const ANALYST_EVENT_TYPES = {
  AssessmentStarted: assessmentEvent('A new assessment, status Incomplete.', {
    owner: field('Actor', 'The case worker who owns it.'),
    assessmentType: field('string', 'An id of the "Initialized" option list (62 Initial Assessment, …).'),
    previousAssessment: field('string | null', 'The pseudonym of the approved assessment it was prefilled from.'),
  }),
  AssessmentLibraryVersionRecorded: assessmentEvent('The question library version the assessment uses.', {
    instrumentCode: field('string', 'The instrument.'),
    version: field('string', 'Its version.'),
  }),
  ChildInformationSaved: assessmentEvent('The child record as saved (a snapshot; identifying fields left out).', {
    gender: field('string', 'Gender code.'),
    raceEthnicity: field('string', 'Race/ethnicity option.'),
    primaryLanguage: field('string | null', 'Primary language option.'),
    dateOfAssessment: field('string', 'Date of assessment, `yyyy-MM-dd`.'),
    caseOpeningDate: field('string', 'Removal date, `yyyy-MM-dd`.'),
    daysToNextAssessment: field('number | null', 'Days until the next assessment is due.'),
    lookedAfterChild: field('string | null', 'Looked after child (Y/N).'),
    lookedAfterStatus: field('string | null', 'Looked after status (an id of the "Foster Care Status" list).'),
    involvement: field('string | null', 'Involvement code.'),
    assessmentScope: field('string | null', 'Assessment scope code.'),
  }),
  AssessmentTypeChanged: assessmentEvent('The assessment type changed.', {
    from: field('string', 'The type before.'),
    to: field('string', 'The type after.'),
  }),
  CaregiverAdded: assessmentEvent('A caregiver was added.', {
    caregiver: field('number', 'The caregiver’s index on this assessment (1, 2, … in the order they were added).'),
    relationship: field('string | null', 'Relationship to the child (a code).'),
  }),
  CaregiverEdited: assessmentEvent('A caregiver’s details were saved.', {
    caregiver: field('number', 'The caregiver’s index.'),
    relationship: field('string | null', 'Relationship to the child (a code).'),
  }),
  CaregiverRemoved: assessmentEvent('A caregiver left the assessment, with their ratings.', {
    caregiver: field('number', 'The caregiver’s index.'),
  }),
  FamilyCaregiversBound: assessmentEvent('The caregivers recorded for the child’s family were loaded.', {
    caregivers: field('number[]', 'Their indexes.'),
  }),
  ItemRated: assessmentEvent('One item was rated.', {
    item: field('string', 'The item’s code (`SUICIDE_RISK`).'),
    caregiver: field('number | null', 'The caregiver’s index for a caregiver item; null for a child item.'),
    rating: field('string', "The rating as recorded: `'0'`–`'3'` (`'4'` on some instruments) or `'NA'`."),
  }),
  ItemRatingCleared: assessmentEvent('One item’s rating was removed.', {
    item: field('string', 'The item’s code.'),
    caregiver: field('number | null', 'The caregiver’s index, or null.'),
  }),
  AssessmentCompleted: assessmentEvent('Submitted for approval (Pending Approval).'),
  AssessmentReturned: assessmentEvent('Returned to the assessor (the reason is left out).'),
  AssessmentApproved: assessmentEvent('Approved: from now on it counts in reports unless excluded. Its time is the approval date.'),
  AssessmentClosed: assessmentEvent('Closed (the reason is left out).'),
  AssessmentDeleted: assessmentEvent('Deleted: it leaves every list and report.', {
    previousStatus: field('string', 'The status it had.'),
  }),
  AssessmentIncludedInReports: assessmentEvent('It counts in reports again.'),
  AssessmentExcludedFromReports: assessmentEvent('It no longer counts in reports.'),
  AssessmentReassigned: assessmentEvent('Another case worker owns it now (`agency` is the new owner’s).', {
    from: field('Actor', 'The previous owner.'),
    to: field('Actor', 'The new owner.'),
  }),
  AgencyCreated: {
    description: 'An agency was created.',
    fields: { agency: field('string', 'The agency’s id.'), name: field('string', 'Its display name.') },
  },
  AgencyUpdated: {
    description: 'An agency was renamed.',
    fields: { agency: field('string', 'The agency’s id.'), name: field('string', 'Its display name.') },
  },
  AgencyDeleted: { description: 'An agency was deleted.', fields: { agency: field('string', 'The agency’s id.') } },
} satisfies Record<string, AnalystEventDeclaration>;

export type AnalystEventType = keyof typeof ANALYST_EVENT_TYPES;

/** A user as the analyst sees them. */
export interface AnalystActor {
  readonly user: string;
  readonly group: string | null;
}

/** One event of the analyst's view: the common fields and its type's (ANALYST_EVENT_TYPES). */
export interface AnalystEvent {
  readonly type: AnalystEventType;
  readonly position: number;
  readonly recordedAt: string;
  readonly by: AnalystActor | null;
  readonly [field: string]: unknown;
}
