/**
 * The short stable id of a saved report query: a hash of its canonical content, so the same report with the same
 * parameters always has the same print and PDF URL, and saving it twice is one stream.
 */
import { createHash } from 'node:crypto';
import type { ReportKind } from '@cans/domain/reports/saved-report-query.events';

/** 12 base64url characters: 72 bits, far beyond any number of queries a deployment saves. */
export const SAVED_REPORT_QUERY_ID_LENGTH = 12;
export const SAVED_REPORT_QUERY_ID = /^[A-Za-z0-9_-]{12}$/;

export interface CanonicalReportQuery {
  report: ReportKind;
  query: Record<string, string>;
  comparison: Record<string, string> | null;
}

/** Keys sorted, empty values dropped: an absent parameter and an empty one mean the same report. */
function canonicalParameters(parameters: Record<string, string> | null | undefined): Record<string, string> {
  const canonical: Record<string, string> = {};
  for (const key of Object.keys(parameters ?? {}).sort()) {
    const value = parameters![key];
    if (value !== '') canonical[key] = value;
  }
  return canonical;
}

/**
 * The query as it is saved and hashed. A comparison without parameters is a comparison with everyone (the
 * comparison route's meaning of no choice), not the absence of a comparison: only null or absent is none.
 */
export function canonicalReportQuery(
  report: ReportKind,
  query: Record<string, string>,
  comparison: Record<string, string> | null | undefined,
): CanonicalReportQuery {
  return { report, query: canonicalParameters(query), comparison: comparison ? canonicalParameters(comparison) : null };
}

export function savedReportQueryId(canonical: CanonicalReportQuery): string {
  // Written key by key so the JSON does not depend on how the object was built.
  const json = JSON.stringify([canonical.report, canonical.query, canonical.comparison]);
  return createHash('sha256').update(json).digest('base64url').slice(0, SAVED_REPORT_QUERY_ID_LENGTH);
}
