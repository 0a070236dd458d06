/**
 * Issue 29's rows: the built app as production starts it (production-app.ts), measured as an operator meets it.
 *
 * - PDFs beside normal work: GET /api/health and a case worker's answer saves, first with nothing else running (the
 *   baseline), then while 20 clients ask for report PDFs (the saved Many Children One CANS query over every domain)
 *   without pause, honouring Retry-After when refused. Every PDF must come back or be refused with Retry-After.
 * - Failover: a second instance on the same database; the one running the projections is killed with kill -9; how
 *   long until the other holds the lease, and until a write made on it is read back.
 * - Recovery: the app on a PostgreSQL cluster of the bench's own under the mixed load's 100 users; the server is
 *   stopped for 2 s and started again: how long until /api/ready answers 200 and until an operation succeeds again.
 *
 * Targets: with the PDFs, health p99 < 50 ms and save p99 < 100 ms; failover ≤ 10 s; ready ≤ 5 s after the restart.
 * Run alone (after `npm run build`): `node -r @swc-node/register scripts/bench/operations/operations-bench.ts`.
 */
import { Client } from 'pg';
import { startPrivatePostgres } from '@cans/storage/test-support/private-postgres';
import { CookieClient, percentile, rate, startAssessment, time } from '../answer-save-bench';
import { benchServerUrl } from '../bench-server';
import { ProductionApp, startProductionApp } from '../production-save/production-app';
import { runMixedUsers, signInMixedUsers } from './mixed-load-bench';

const PDF_CLIENTS = 20;
const MEASURE_SECONDS = Number(process.env.BENCH_OPERATIONS_SECONDS ?? 15);
const PAUSE_MS = 50;
/** Demo users who may run reports: the PDF clients take turns among them (with worker1, the five sign-ins a minute one address may make). */
const REPORT_USERS = ['supervisor', 'supervisor.admin', 'state.admin', 'analyst'];

export interface PdfLoadRow {
  scenario: string;
  'health p50 ms': number;
  'health p99 ms': number;
  'save p50 ms': number;
  'save p99 ms': number;
  'PDFs done': number;
  /** Refused at once with Retry-After: 429 (the user's own limit) and 503 (the pool's queue full). */
  'PDFs 429': number;
  'PDFs 503': number;
  /** Answers that were neither a PDF nor a refusal with Retry-After: must be 0. */
  'PDFs otherwise': number;
}

export interface FailoverRow {
  'lease taken over ms': number;
  'write read back ms': number;
}

export interface RecoveryRow {
  'down ms': number;
  'ready after ms': number;
  'first answer after ms': number;
  'refused 503': number;
  errors: number;
}

export interface OperationsResult {
  pdfs: PdfLoadRow[];
  failover: FailoverRow;
  recovery: RecoveryRow;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 100) / 100;
const p = (values: number[], at: number) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      at,
    ),
  );

/** Health and saves, one after another with a short pause each, for `seconds`. */
async function normalWork(worker: CookieClient, seconds: number) {
  const { id, items } = await startAssessment(worker, 7);
  const health: number[] = [];
  const saves: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all([
    (async () => {
      while (performance.now() < until) {
        health.push(await time(() => worker.json('GET', '/api/health')));
        await sleep(PAUSE_MS);
      }
    })(),
    (async () => {
      for (let i = 0; performance.now() < until; i++) {
        saves.push(await time(() => rate(worker, id, items[i % items.length], i % 4)));
        await sleep(PAUSE_MS);
      }
    })(),
  ]);
  return { health, saves };
}

async function pdfsBesideNormalWork(app: ProductionApp): Promise<PdfLoadRow[]> {
  const worker = new CookieClient(app.baseUrl, await app.signIn('worker1'));
  // One after another: each sign-in reads the next code mail.
  const reporters: CookieClient[] = [];
  for (const login of REPORT_USERS) reporters.push(new CookieClient(app.baseUrl, await app.signIn(login)));
  const saved = await reporters[0].json<{ pdfPath: string }>('POST', '/api/reports/saved-queries', {
    report: 'many-children-one-cans',
    query: { minAge: '-1', maxAge: '-1' },
  });
  const row = (scenario: string, work: { health: number[]; saves: number[] }, pdfs: Omit<PdfLoadRow, 'scenario' | `${string} ms`>) => ({
    scenario,
    'health p50 ms': p(work.health, 50),
    'health p99 ms': p(work.health, 99),
    'save p50 ms': p(work.saves, 50),
    'save p99 ms': p(work.saves, 99),
    ...pdfs,
  });
  const baseline = row('baseline: no PDFs', await normalWork(worker, MEASURE_SECONDS), {
    'PDFs done': 0,
    'PDFs 429': 0,
    'PDFs 503': 0,
    'PDFs otherwise': 0,
  });

  const counts = { 'PDFs done': 0, 'PDFs 429': 0, 'PDFs 503': 0, 'PDFs otherwise': 0 };
  let asking = true;
  const clients = Array.from({ length: PDF_CLIENTS }, async (_, i) => {
    const client = reporters[i % reporters.length];
    while (asking) {
      const answer = await client.send('GET', saved.pdfPath);
      const retryAfter = Number(answer.headers['retry-after'] ?? 0);
      if (answer.status === 200 && answer.headers['content-type']?.startsWith('application/pdf')) counts['PDFs done']++;
      else if ((answer.status === 429 || answer.status === 503) && retryAfter > 0) {
        counts[answer.status === 429 ? 'PDFs 429' : 'PDFs 503']++;
        await sleep(retryAfter * 1000);
      } else counts['PDFs otherwise']++;
    }
  });
  // The PDFs run first for a moment, so the measurement meets a full pool.
  await sleep(1000);
  const loaded = await normalWork(worker, MEASURE_SECONDS);
  asking = false;
  await Promise.all(clients);
  for (const client of [worker, ...reporters]) client.close();
  return [baseline, row(`with ${PDF_CLIENTS} clients asking for report PDFs without pause`, loaded, counts)];
}

async function leaseOwnerPid(databaseUrl: string): Promise<number | null> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ owner: string }>(
      "SELECT owner FROM read_store_leases WHERE name = 'projections' AND expires_at > now()",
    );
    return rows[0] ? Number(rows[0].owner.split(':')[1]) : null;
  } finally {
    await client.end();
  }
}

async function failover(first: ProductionApp): Promise<FailoverRow> {
  const second = await first.another();
  try {
    if ((await leaseOwnerPid(first.databaseUrl)) !== first.pid) throw new Error('the first instance does not hold the lease');
    const admin = new CookieClient(second.baseUrl, await second.signIn('admin'));
    process.kill(first.pid, 'SIGKILL');
    const killed = performance.now();
    while ((await leaseOwnerPid(first.databaseUrl)) !== second.pid) await sleep(50);
    const takenOver = performance.now() - killed;
    const created = await admin.send('POST', '/api/agencies', { name: `Failover ${Date.now()}`, displayName: 'Failover' });
    const { id } = JSON.parse(created.body) as { id: string };
    for (;;) {
      const read = await admin.send('GET', `/api/agencies/${id}`);
      if (read.status === 200) break;
      await sleep(20);
    }
    const readBack = performance.now() - killed;
    admin.close();
    return { 'lease taken over ms': Math.round(takenOver), 'write read back ms': Math.round(readBack) };
  } finally {
    await second.stop();
  }
}

/**
 * The 100 users of the mixed load (mixed-load-bench.ts) on an app whose PostgreSQL is a cluster of the bench's own;
 * 10 s in, the server stops for 2 s and starts again; the users go on (a 503 is counted as refused, not an error).
 */
async function recovery(): Promise<RecoveryRow> {
  const cluster = await startPrivatePostgres();
  let app: ProductionApp | null = null;
  try {
    const started = await startProductionApp(cluster.url());
    app = started;
    const tokens = await signInMixedUsers(started);
    let down = 0;
    let up = 0;
    let readyAt = 0;
    const { rows, recorder } = await runMixedUsers([started], tokens, {
      seconds: 30,
      tolerated: [503],
      during: {
        afterSeconds: 10,
        fault: async () => {
          down = performance.now();
          await cluster.stopServer();
          await sleep(2000);
          await cluster.startServer();
          up = performance.now();
          while (!readyAt) {
            const ready = await fetch(`${started.baseUrl}/api/ready`).then(
              (answer) => answer.status,
              () => 0,
            );
            if (ready === 200) readyAt = performance.now();
            else await sleep(50);
          }
        },
      },
    });
    const firstSuccess = recorder.succeededAt.find((at) => at > up);
    return {
      'down ms': Math.round(up - down),
      'ready after ms': Math.round(readyAt - up),
      'first answer after ms': firstSuccess ? Math.round(firstSuccess - up) : -1,
      'refused 503': recorder.refused,
      errors: rows.find((row) => row.operation === 'all')?.errors ?? -1,
    };
  } finally {
    await app?.stop();
    await cluster.stop();
  }
}

export async function runOperationsBench(serverUrl: string): Promise<OperationsResult> {
  const app = await startProductionApp(serverUrl);
  try {
    const pdfs = await pdfsBesideNormalWork(app);
    const failoverRow = await failover(app);
    return { pdfs, failover: failoverRow, recovery: await recovery() };
  } finally {
    await app.stop();
  }
}

export function printOperationsBench(result: OperationsResult): void {
  console.log('\nHealth and saves beside report PDFs (production start, PostgreSQL):');
  console.table(result.pdfs);
  console.log('Failover of the projections after kill -9 of the instance running them:');
  console.table([result.failover]);
  console.log('Recovery after a PostgreSQL restart under the 100 users of the mixed load (a private cluster):');
  console.table([result.recovery]);
}

if (require.main === module) {
  runOperationsBench(benchServerUrl()).then(
    (result) => printOperationsBench(result),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
