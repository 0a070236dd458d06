/* The analytics catalogue as GET /api/analytics answers it. */

export interface AnalyticsField {
  name: string;
  description: string;
  /** A count: published only from the collection's minimumCellSize on. */
  count?: boolean;
  /** Computed from these counts: suppressed with them. */
  derivedFrom?: string[];
}

export interface AnalyticsCollection {
  name: string;
  description: string;
  /** Counts below it (but 0) are suppressed, with the figures derived from them. */
  minimumCellSize: number;
  fields: AnalyticsField[];
}

export interface AnalyticsProjectionInfo {
  name: string;
  version: number;
  description: string;
  collections: AnalyticsCollection[];
}

/** A row; `suppressedFields` names its small counts and the figures derived from them (answered null). */
export type AnalyticsRow = Record<string, unknown> & { id: string; suppressedFields?: string[] };
