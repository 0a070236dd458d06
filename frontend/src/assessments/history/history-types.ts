/* What the audit reads of one assessment answer (GET /api/assessments/{id}/history, as-of, compare, access-at). */
import type { AssessmentView } from '../assessment-types';

export type HistoryKind =
  'created' | 'child' | 'caregiver' | 'rating' | 'comment' | 'narrative' | 'status' | 'sharing' | 'reports' | 'owner' | 'viewed';

export const HISTORY_KINDS: readonly HistoryKind[] = [
  'created',
  'child',
  'caregiver',
  'rating',
  'comment',
  'narrative',
  'status',
  'sharing',
  'reports',
  'owner',
  'viewed',
];

/** One field before → after, as display text (null: it had no value). */
export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

export interface HistoryEntry {
  /** The event's revision in the assessment's stream; null for a read ("Viewed by …"). */
  revision: number | null;
  at: string;
  userId: string | null;
  userName: string;
  groupName: string | null;
  kind: HistoryKind;
  type: string;
  sentence: string;
  changes: FieldChange[];
  libraryVersion: string | null;
}

export interface HistorySession {
  userId: string | null;
  userName: string;
  groupName: string | null;
  startedAt: string;
  endedAt: string;
  entries: HistoryEntry[];
}

export interface AssessmentHistory {
  assessmentId: string;
  /** The child's name as the record holds it now (the page's heading). */
  childName?: string | null;
  libraryVersion: string | null;
  lastRevision: number;
  sessions: HistorySession[];
  users: Array<{ id: string; name: string }>;
  kinds: HistoryKind[];
}

export interface AsOf {
  revision: number;
  at: string;
  libraryVersion: string | null;
}

export type PastAssessmentView = AssessmentView & { asOf: AsOf };

export interface AssessmentComparison {
  before: PastAssessmentView;
  after: PastAssessmentView;
  changes: FieldChange[];
}

export interface AccessAtMoment {
  at: string;
  users: Array<{ userId: string; name: string; groupName: string | null; reason: string; canEdit: boolean }>;
}
