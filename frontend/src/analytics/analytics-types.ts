/* The analytics catalogue as GET /api/analytics answers it. */

export interface AnalyticsField {
  name: string;
  description: string;
}

export interface AnalyticsCollection {
  name: string;
  description: string;
  fields: AnalyticsField[];
}

export interface AnalyticsProjectionInfo {
  name: string;
  version: number;
  description: string;
  collections: AnalyticsCollection[];
}

export type AnalyticsRow = Record<string, unknown> & { id: string };
