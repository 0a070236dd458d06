/* The analytics catalogue as GET /api/analytics answers it. */

export interface AnalyticsField {
  name: string;
  /** The column's heading, in words. */
  label: string;
  /** Markdown. */
  description: string;
  /** A count: published only from the collection's minimumCellSize on. */
  count?: boolean;
  /** Computed from these counts: suppressed with them. */
  derivedFrom?: string[];
  /** Its values are codes of library items or agency ids: each row's `names` gives their names. */
  refersTo?: 'item' | 'agency';
}

export interface AnalyticsCollection {
  name: string;
  label: string;
  /** Markdown. */
  description: string;
  /** Counts below it (but 0) are suppressed, with the figures derived from them. */
  minimumCellSize: number;
  fields: AnalyticsField[];
}

export interface AnalyticsProjectionInfo {
  name: string;
  label: string;
  version: number;
  /** Markdown. */
  description: string;
  collections: AnalyticsCollection[];
  /** Published from the browser by an analyst (not built into the product). */
  authored: boolean;
  /** What "As replayed until" can read: the replays of the current version. */
  replays: { until: string; builtAt: string }[];
}

/**
 * A row; `suppressedFields` names its small counts and the figures derived from them (answered null), `names` the
 * current names of its item codes and agency ids (field → name).
 */
export type AnalyticsRow = Record<string, unknown> & { id: string; suppressedFields?: string[]; names?: Record<string, string> };

/** An in-app replay as GET /api/analytics-replays answers it. */
export interface ReplayJob {
  id: string;
  projection: string;
  /** The moment (ISO) and as asked (yyyy-MM-dd from this page): `until` of the reads once done. */
  until: string;
  label: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  mine: boolean;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  position: number;
  headPosition: number;
  eventsPerSecond: number;
  applied: number | null;
  error: string | null;
}
