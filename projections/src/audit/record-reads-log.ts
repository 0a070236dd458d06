/** How the System Log describes a read of children's records (never a child's name: the PID at most). */
import { type AssessmentRecordsReadData, recordReadDisplayName, recordReadVerb } from '@cans/domain/audit/record-reads.events';

const countOf = (n: number): string => `${n} ${n === 1 ? 'assessment' : 'assessments'}`;

/**
 * "Viewed: CANS Summary PDF of 1 assessment (PID 12345)" or "Exported: 5000 assessments (XLSX export)".
 * `pid` names the assessment of a read of one ("PID 12345"), when the log knows it.
 */
export function recordReadsSummary({ assessmentIds, what }: AssessmentRecordsReadData, pid: string | null): string {
  const count = new Set(assessmentIds).size;
  const verb = recordReadVerb(what);
  if (verb === 'Exported') return `${verb}: ${countOf(count)} (${recordReadDisplayName(what)})`;
  return `${verb}: ${recordReadDisplayName(what)} of ${countOf(count)}${pid ? ` (${pid})` : ''}`;
}
