/**
 * The tables of the data feeds: every file, every column, its type and meaning, and how a value is read from a
 * feed document (@cans/projections/data-feed). One definition serves the CSV files, the data dictionary inside the
 * zip and docs/data-feed.md (data-feed.http.spec.ts checks the doc lists the same columns), and is meant for the
 * XML feed and the XLSX export too. A column's cell is '' when the value is null.
 */
import type { FeedAssessmentDocument, FeedField } from '@cans/projections/data-feed/data-feed.queries';
import type { Caregiver } from '@cans/domain/assessments';

export type FeedColumnType = 'id' | 'text' | 'integer' | 'boolean' | 'date' | 'timestamp' | 'rating';

/** How each type is written: the dictionary's "Type" column explains it in words. */
export const FEED_TYPE_DESCRIPTIONS: Readonly<Record<FeedColumnType, string>> = {
  id: 'identifier (text; UUID or numeric string)',
  text: 'text (UTF-8)',
  integer: 'whole number',
  boolean: 'true or false',
  date: 'date yyyy-MM-dd',
  timestamp: 'date and time, ISO 8601 in UTC (yyyy-MM-ddTHH:mm:ss.sssZ)',
  rating: 'rating 0, 1, 2, 3, 4 or NA',
};

export type Cell = string | number | boolean | null | undefined;

export interface FeedColumn<Row> {
  name: string;
  type: FeedColumnType;
  description: string;
  value: (row: Row) => Cell;
}

export interface FeedTable<Row = unknown> {
  /** File name in the zip. */
  file: string;
  description: string;
  rowsOf: (doc: FeedAssessmentDocument) => Row[];
  columns: FeedColumn<Row>[];
  /** The only fields of a feed document its rows read (a pass over a month reads just these). */
  reads: readonly FeedField[];
}

const column = <Row>(name: string, type: FeedColumnType, description: string, value: (row: Row) => Cell): FeedColumn<Row> => ({
  name,
  type,
  description,
  value,
});

type Doc = FeedAssessmentDocument;
const ASSESSMENT_ID = 'The assessment (children.csv assessment_id).';

const children: FeedTable<Doc> = {
  file: 'children.csv',
  description: 'One row per approved assessment whose date of assessment falls in the month: the assessment and the child record.',
  rowsOf: (doc) => [doc],
  reads: [
    'dateOfAssessment',
    'assessmentType',
    'agencyId',
    'ownerId',
    'approvedBy',
    'approvedAt',
    'completedAt',
    'createdAt',
    'previousAssessmentId',
    'libraryVersion',
    'includedInReports',
    'child',
  ],
  columns: [
    column('assessment_id', 'id', 'The assessment; links the other files.', (d) => d.id),
    column('date_of_assessment', 'date', 'Date of assessment (decides the month).', (d) => d.dateOfAssessment),
    column(
      'assessment_type',
      'id',
      'Assessment type: an id of the "Initialized" option list (62 Initial, 63 Re-assessment, 64 Closing by default).',
      (d) => d.assessmentType,
    ),
    column('agency_id', 'id', 'Agency of the assessor when the assessment was started or last reassigned; empty: none.', (d) => d.agencyId),
    column('assessor_id', 'id', 'User id of the case worker (assessor) who owns the assessment.', (d) => d.ownerId),
    column('approved_by', 'id', 'User id of the supervisor who approved it.', (d) => d.approvedBy),
    column('approved_at', 'timestamp', 'When it was approved.', (d) => d.approvedAt),
    column('completed_at', 'timestamp', 'When it was last completed (sent for approval).', (d) => d.completedAt),
    column('created_at', 'timestamp', 'When it was started.', (d) => d.createdAt),
    column(
      'previous_assessment_id',
      'id',
      "The child's earlier approved assessment it was prefilled from; empty: none.",
      (d) => d.previousAssessmentId,
    ),
    column(
      'instrument_code',
      'text',
      'The question library (instrument) the assessment was answered on.',
      (d) => d.libraryVersion?.instrumentCode,
    ),
    column('library_version', 'text', 'The version of that library: its questions and rules.', (d) => d.libraryVersion?.version),
    column('included_in_reports', 'boolean', 'Whether the assessment counts in reports (report inclusion).', (d) => d.includedInReports),
    column('pid', 'text', 'PID: the local-authority identifier of the child.', (d) => d.child.cin),
    column('family_id', 'text', 'Family id binding siblings and their caregivers.', (d) => d.child.familyId),
    column('first_name', 'text', "Child's first name.", (d) => d.child.firstName),
    column('last_name', 'text', "Child's last name.", (d) => d.child.lastName),
    column('gender', 'text', 'Gender code: M Male, F Female, G Gender Fluid, N Non-binary Gender, O Other.', (d) => d.child.gender),
    column('race_ethnicity', 'text', 'Race / ethnicity as chosen.', (d) => d.child.raceEthnicity),
    column('primary_language', 'text', 'Primary language as chosen.', (d) => d.child.primaryLanguage),
    column('unique_id', 'text', 'Unique ID (Medicaid number): 9 or 10 digits.', (d) => d.child.medicaidNumber),
    column('age', 'integer', 'Age in whole years as entered on the child form.', (d) => d.child.age),
    column('date_of_birth', 'date', 'Date of birth.', (d) => d.child.dateOfBirth),
    column('address', 'text', 'Address.', (d) => d.child.address),
    column('city', 'text', 'City.', (d) => d.child.city),
    column('zip', 'text', 'Postal code.', (d) => d.child.zip),
    column('county', 'text', 'County.', (d) => d.child.county),
    column('removal_date', 'date', 'Removal date (case opening date).', (d) => d.child.caseOpeningDate),
    column('assessor_phone', 'text', "The assessor's phone number as entered.", (d) => d.child.assessorPhoneNumber),
    column('days_to_next_assessment', 'integer', 'Days until the next assessment is due, as entered.', (d) => d.child.daysToNextAssessment),
    column('looked_after_child', 'text', 'Looked after child: Y or N.', (d) => d.child.lookedAfterChild),
    column(
      'looked_after_status',
      'id',
      'Looked after status: an id of the "Foster Care Status" option list (only when looked_after_child is Y).',
      (d) => d.child.lookedAfterStatus,
    ),
    column('involvement', 'text', 'Involvement as chosen.', (d) => d.child.involvement),
    column('assessment_scope', 'text', 'Child assessment only, or Child and parent assessment.', (d) => d.child.assessmentScope),
    column('recommendations_note', 'text', 'Free-text recommendations box of the child record.', (d) => d.child.recommendationsNote),
  ],
};

type CaregiverRow = { doc: Doc; caregiver: Caregiver; position: number };
const caregivers: FeedTable<CaregiverRow> = {
  file: 'caregivers.csv',
  description: 'One row per caregiver of each assessment, in the order they were added.',
  rowsOf: (doc) => doc.caregivers.map((caregiver, i) => ({ doc, caregiver, position: i + 1 })),
  reads: ['caregivers'],
  columns: [
    column('assessment_id', 'id', ASSESSMENT_ID, (r) => r.doc.id),
    column('caregiver_id', 'id', 'The caregiver on this assessment; links ratings.csv and comments.csv.', (r) => r.caregiver.caregiverId),
    column('position', 'integer', 'Order of the caregiver on the assessment, from 1.', (r) => r.position),
    column('first_name', 'text', "Caregiver's first name.", (r) => r.caregiver.firstName),
    column('last_name', 'text', "Caregiver's last name.", (r) => r.caregiver.lastName),
    column(
      'relationship_group',
      'text',
      'Relationship to the child: Parent/Guardian or Substitute Caregiver; empty: not set yet.',
      (r) => r.caregiver.relationship?.group,
    ),
    column(
      'relationship_role',
      'text',
      'Role within the relationship group (Mother, Foster Carer …).',
      (r) => r.caregiver.relationship?.role,
    ),
    column('gender', 'text', 'Gender code (as for the child); empty: not recorded.', (r) => r.caregiver.gender),
    column('phone', 'text', 'Phone number.', (r) => r.caregiver.phone),
    column('address', 'text', 'Address.', (r) => r.caregiver.address),
    column('city', 'text', 'City.', (r) => r.caregiver.city),
    column('zip', 'text', 'Postal code.', (r) => r.caregiver.zip),
    column('county', 'text', 'County.', (r) => r.caregiver.county),
    column('pid', 'text', "The caregiver's own PID, when known.", (r) => r.caregiver.cin),
  ],
};

type RatingRow = { doc: Doc } & Doc['ratings'][number];
const ratings: FeedTable<RatingRow> = {
  file: 'ratings.csv',
  description:
    'One row per rated item × caregiver: child items once (caregiver_id empty), caregiver items once per caregiver. Unrated items have no row.',
  rowsOf: (doc) => doc.ratings.map((rating) => ({ doc, ...rating })),
  reads: ['ratings'],
  columns: [
    column('assessment_id', 'id', ASSESSMENT_ID, (r) => r.doc.id),
    column('item_code', 'text', 'Stable question code of the item (the same across library versions).', (r) => r.questionCode),
    column('caregiver_id', 'id', 'The caregiver the item was answered for (caregivers.csv); empty: a child item.', (r) => r.caregiverId),
    column(
      'rating',
      'rating',
      "The rating: 0, 1, 2, 3 or 4 as the item's answer descriptions define them, or NA (not applicable).",
      (r) => r.rating,
    ),
  ],
};

type CommentRow = { doc: Doc } & Doc['comments'][number];
const comments: FeedTable<CommentRow> = {
  file: 'comments.csv',
  description: 'One row per question comment, in the order they were first written.',
  rowsOf: (doc) => doc.comments.map((comment) => ({ doc, ...comment })),
  reads: ['comments'],
  columns: [
    column('assessment_id', 'id', ASSESSMENT_ID, (r) => r.doc.id),
    column('comment_id', 'id', 'The comment.', (r) => r.commentId),
    column('item_code', 'text', 'Stable question code of the item commented on.', (r) => r.questionCode),
    column('caregiver_id', 'id', 'The caregiver of a caregiver item; empty: a child item.', (r) => r.caregiverId),
    column('content', 'text', 'The comment as written.', (r) => r.content),
    column('author_id', 'id', 'User id of the author.', (r) => r.authorId),
    column('created_at', 'timestamp', 'When it was first written.', (r) => r.createdAt),
    column('saved_at', 'timestamp', 'When it was last saved.', (r) => r.savedAt),
  ],
};

const narratives: FeedTable<Doc> = {
  file: 'narratives.csv',
  description: 'One row per assessment: the six narrative fields (empty text when not written).',
  rowsOf: (doc) => [doc],
  reads: ['narrative'],
  columns: [
    column('assessment_id', 'id', ASSESSMENT_ID, (d) => d.id),
    column('impressions', 'text', 'Impressions.', (d) => d.narrative.impressions),
    column('needs', 'text', 'Needs.', (d) => d.narrative.needs),
    column('targets', 'text', 'Targets.', (d) => d.narrative.targets),
    column('outcomes', 'text', 'Outcomes.', (d) => d.narrative.outcomes),
    column('plan', 'text', 'Plan.', (d) => d.narrative.plan),
    column('recommendations', 'text', 'Recommendations.', (d) => d.narrative.recommendations),
  ],
};

/** The data files, in zip order. */
export const FEED_TABLES = [children, caregivers, ratings, comments, narratives] as unknown as readonly FeedTable[];

export const DATA_DICTIONARY_FILE = 'data-dictionary.csv';
export const DATA_DICTIONARY_HEADER = ['file', 'column', 'type', 'description'] as const;

/** The dictionary's rows: one per file (column empty: the file itself), then one per column. */
export function dataDictionaryRows(): string[][] {
  return FEED_TABLES.flatMap((table) => [
    [table.file, '', '', table.description],
    ...table.columns.map((c) => [table.file, c.name, FEED_TYPE_DESCRIPTIONS[c.type], c.description]),
  ]);
}

/** A cell as the CSV writes it: null → '', booleans as true/false. */
export const cellText = (value: Cell): string => (value === null || value === undefined ? '' : String(value));
