/** Issue 29's rows of the bench summary: normal work beside report PDFs, failover, recovery after a restart. */
import type { SummaryRow } from '../bench-summary';
import type { MixedLoadRow } from './mixed-load-bench';
import type { OperationsResult } from './operations-bench';

export const OPERATIONS_PART = 'operations, production start';
export const MIXED_LOAD_PART = 'mixed load of 100 users, one and two instances';

export function mixedLoadSummaryRow(rows: MixedLoadRow[]): SummaryRow {
  const all = (instances: number) => rows.find((row) => row.instances === instances && row.operation === 'all');
  const [one, two] = [all(1), all(2)];
  const say = (row: MixedLoadRow | undefined) =>
    row ? `${row['per s']} operations/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, ${row.errors} errors` : 'not measured';
  return {
    figure: '100 simulated users (70 case workers, 20 supervisors, 10 monitors) for 60 s, per operation in the bench log',
    measured: `two instances: ${say(two)}`,
    baseline: `one instance: ${say(one)}`,
    target: '0 errors on one and on two',
    met: !!one && !!two && one.errors === 0 && two.errors === 0,
  };
}

export function operationsSummaryRows(result: OperationsResult): SummaryRow[] {
  const [baseline, loaded] = result.pdfs;
  const f = result.failover;
  const r = result.recovery;
  return [
    {
      figure: `GET /api/health and an answer save while 20 clients ask for report PDFs (production start, PostgreSQL)`,
      measured:
        `health p50 ${loaded['health p50 ms']} ms, p99 ${loaded['health p99 ms']} ms; save p50 ${loaded['save p50 ms']} ms, ` +
        `p99 ${loaded['save p99 ms']} ms; PDFs ${loaded['PDFs done']} done, ${loaded['PDFs 429']} × 429 and ` +
        `${loaded['PDFs 503']} × 503 with Retry-After, ${loaded['PDFs otherwise']} otherwise`,
      baseline: `no PDFs: health p99 ${baseline['health p99 ms']} ms, save p99 ${baseline['save p99 ms']} ms`,
      target: 'health p99 < 50 ms, save p99 < 100 ms, every PDF done or refused with Retry-After',
      met: loaded['health p99 ms'] < 50 && loaded['save p99 ms'] < 100 && loaded['PDFs otherwise'] === 0,
    },
    {
      figure: 'failover of the projections after kill -9 of the instance running them (two instances, one database)',
      measured: `lease taken over after ${f['lease taken over ms']} ms; a write on the survivor read back after ${f['write read back ms']} ms`,
      baseline: `PROJECTIONS_LEASE_TTL_MS 6,000`,
      target: '≤ 10 s',
      met: f['lease taken over ms'] <= 10_000 && f['write read back ms'] <= 10_000,
    },
    {
      figure: 'recovery after a PostgreSQL restart under the 100 users of the mixed load (a private cluster)',
      measured:
        `/api/ready 200 ${r['ready after ms']} ms after the server is back; first operation answered ${r['first answer after ms']} ms after; ` +
        `${r['refused 503']} operations refused 503 meanwhile, ${r.errors} errors`,
      baseline: `server down ${r['down ms']} ms`,
      target: 'ready ≤ 5 s after, no answer but 200 or 503',
      met: r['ready after ms'] <= 5000 && r['first answer after ms'] >= 0 && r.errors === 0,
    },
  ];
}
