/** The answers of GET /assessments/{id}/history (and its CSV): the agreed contract of issue 16. */
import type { FieldChange, HistoryKind } from '@cans/domain/assessments/history';

export type { FieldChange, HistoryKind };

export interface HistoryEntry {
  /** Null for a read ('viewed'): reads are not events of the assessment's stream. */
  revision: number | null;
  at: string;
  userId: string | null;
  userName: string;
  groupName: string | null;
  kind: HistoryKind;
  /** The event type ('AssessmentRecordsRead' for a read). */
  type: string;
  sentence: string;
  changes: FieldChange[];
  libraryVersion: string | null;
}

/** Consecutive entries of one user, no more than 30 minutes apart. */
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
  childName: string | null;
  libraryVersion: string | null;
  lastRevision: number;
  sessions: HistorySession[];
  /** Everyone in the whole history (the user filter's options), whatever the filters. */
  users: { id: string; name: string }[];
  /** The kinds present in the whole history, whatever the filters. */
  kinds: HistoryKind[];
}

export interface HistoryFilter {
  readonly userId?: string;
  readonly kinds?: readonly HistoryKind[];
}
