/**
 * Issue 32's rows of the bench summary: the answer save in the production setup beside the raw commit of the same
 * run (p50 ≤ 10x, p99 ≤ 30x the raw commit's p50, as the issue counts them), and the throughput ceiling with the
 * projections' lag.
 */
import type { AnswerSaveRow } from '../answer-save-bench';
import type { SummaryRow } from '../bench-summary';
import type { ProductionSaveResult } from './production-save-bench';

export const PRODUCTION_SAVE_PART = 'answer save, production start';
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

export function productionSaveSummaryRows(result: ProductionSaveResult): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const how of ['back to back', 'paced like a person (app at rest)']) {
    const row = (prefix: string): AnswerSaveRow | undefined =>
      result.sequential.find((r) => r.scenario.startsWith(prefix) && r.scenario.includes(`(${how})`));
    const save = row('answer save');
    const raw = row('baseline: raw single-row INSERT');
    const health = row('baseline: empty GET /api/health');
    if (!save?.['p50 ms'] || !save['p99 ms'] || !raw?.['p50 ms']) continue;
    rows.push({
      figure: `answer save, production start (NODE_ENV=production, demo data, every projection live, cookie), ${how}`,
      measured: `p50 ${save['p50 ms']} ms (${ratio(save['p50 ms'], raw['p50 ms'])} raw), p99 ${save['p99 ms']} ms (${ratio(save['p99 ms'], raw['p50 ms'])} raw)`,
      baseline: `raw INSERT commit, same database, p50 ${raw['p50 ms']} ms; GET /api/health p50 ${health?.['p50 ms']} ms`,
      target: 'p50 ≤ 10x, p99 ≤ 30x the raw commit',
      met: save['p50 ms'] <= 10 * raw['p50 ms'] && save['p99 ms'] <= 30 * raw['p50 ms'],
    });
  }
  const t = result.throughput;
  rows.push({
    figure: `saves/s of ${t.workers} case workers on assessments of their own, every projection live, and the projections' lag`,
    measured: `${t['saves/s']} saves/s (save p50 ${t['save p50 ms']} ms, p99 ${t['save p99 ms']} ms); lag p50 ${t['lag p50 ms']} ms, p99 ${t['lag p99 ms']} ms; ${t.failed} failed, ${t['never applied']} never applied`,
    baseline: 'the ceiling: each worker sends its next save when the last is answered',
    target: 'lag p99 < 1 s, 0 failed',
    met: t['lag p99 ms'] < 1000 && t.failed === 0 && t['never applied'] === 0,
  });
  return rows;
}
