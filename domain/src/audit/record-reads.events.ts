/**
 * Reads of children's records (issue 16 "Who saw and who could see"): every opening of an assessment — editor,
 * summary, print, their PDFs, a past state, a comparison, a one-child report — and every export that carries
 * assessments is recorded,
 * with who (metadata.userId), from where (metadata.ip) and when. Reads are queued and appended in batches
 * (backend/src/audit/record-reads) to day streams of their own ("record-reads-<yyyy-MM-dd>"), never to the
 * assessment's stream: a read changes nothing, and an audit of reads must not contend with the edits.
 */
import type { EventUnion } from '../decider';

/** @stream `record-reads-<yyyy-MM-dd>` (the UTC day the batch was appended; readAt near midnight may be the day before) */
export const RecordReadEvents = {
  AssessmentRecordsRead: 'AssessmentRecordsRead',
} as const;

/** What was read: a stable code (filters, analytics) and how the log and the history name it. */
export const RECORD_READ_KINDS = {
  editor: { label: 'Assessment', verb: 'Viewed' },
  'as-of': { label: 'Assessment as it was', verb: 'Viewed' },
  compare: { label: 'Assessment comparison', verb: 'Viewed' },
  // The history shows every past value of the record, so reading it is reading the record.
  history: { label: 'Assessment history', verb: 'Viewed' },
  'history-csv': { label: 'Assessment history CSV', verb: 'Exported' },
  summary: { label: 'CANS Summary', verb: 'Viewed' },
  'summary-pdf': { label: 'CANS Summary PDF', verb: 'Viewed' },
  print: { label: 'Printable assessment', verb: 'Viewed' },
  'print-pdf': { label: 'Printable assessment PDF', verb: 'Viewed' },
  'data-feed-zip': { label: 'Monthly data feed zip', verb: 'Exported' },
  'export-xlsx': { label: 'XLSX export', verb: 'Exported' },
  'export-mail': { label: 'XLSX export, mailed', verb: 'Exported' },
  'xml-manual': { label: 'XML data feed, manual upload', verb: 'Exported' },
  // The one-child reports show one child's record (name, PID, every rating of the chosen domains): reading one is
  // reading the record, whether as the report, its Quick Glance, its PDF, or the wizard's lists of the child's CANS.
  'one-child-cases': { label: 'One Child One CANS assessment list', verb: 'Viewed' },
  'one-child-one-cans': { label: 'One Child One CANS report', verb: 'Viewed' },
  'one-child-one-cans-glance': { label: 'One Child One CANS Quick Glance', verb: 'Viewed' },
  'one-child-one-cans-pdf': { label: 'One Child One CANS PDF', verb: 'Viewed' },
  'one-child-time-points': { label: 'One Child Many CANS time-points', verb: 'Viewed' },
  'one-child-many-cans': { label: 'One Child Many CANS report', verb: 'Viewed' },
  'one-child-many-cans-glance': { label: 'One Child Many CANS Quick Glance', verb: 'Viewed' },
  'one-child-many-cans-pdf': { label: 'One Child Many CANS PDF', verb: 'Viewed' },
} as const satisfies Record<string, { label: string; verb: 'Viewed' | 'Exported' }>;

export type RecordReadKind = keyof typeof RECORD_READ_KINDS;

/** Display names of `what`, e.g. 'summary-pdf' → 'CANS Summary PDF'. */
export const RECORD_READ_DISPLAY_NAMES: Readonly<Record<RecordReadKind, string>> = Object.fromEntries(
  Object.entries(RECORD_READ_KINDS).map(([code, { label }]) => [code, label]),
) as Record<RecordReadKind, string>;

/** The display name of a code; a code this version does not know (a newer writer's) shows as itself. */
export const recordReadDisplayName = (what: string): string => (RECORD_READ_DISPLAY_NAMES as Record<string, string>)[what] ?? what;

/** 'Viewed' for the screens and PDFs, 'Exported' for files of many assessments. */
export const recordReadVerb = (what: string): 'Viewed' | 'Exported' =>
  (RECORD_READ_KINDS as Record<string, { verb: 'Viewed' | 'Exported' }>)[what]?.verb ?? 'Viewed';

/** One user's read of one or more assessments in one request (an export names every assessment of its file). */
export interface AssessmentRecordsReadData {
  assessmentIds: string[];
  /** A RecordReadKind (kept a string: readers show unknown codes as they are). */
  what: string;
  /** ISO date-time of the read (the event's recordedAt is the batch's append, up to a flush interval later). */
  readAt: string;
}

export type RecordReadEvent = EventUnion<{
  [RecordReadEvents.AssessmentRecordsRead]: AssessmentRecordsReadData;
}>;

export const RECORD_READ_EVENT_TYPES: readonly RecordReadEvent['type'][] = Object.values(RecordReadEvents);

export const RECORD_READ_SCHEMA_VERSION = 1;

/** The day stream (UTC) a read recorded at `readAt` is appended to. */
export const recordReadsStreamId = (readAt: string): string => `record-reads-${readAt.slice(0, 10)}`;
