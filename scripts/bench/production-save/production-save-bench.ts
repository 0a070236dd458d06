/**
 * The answer save as a user meets it (issue 32): the built app started as production starts it
 * (production-app.ts: NODE_ENV=production, its middleware and JSON request log, demo data, every projection live) on
 * a fresh PostgreSQL database, a case worker signed in by cookie.
 *
 * - Sequential: BENCH_ANSWER_SAVES (default 400) saves of one rating each on one assessment, one after another, each
 *   followed by the same-run floors: a raw single-row INSERT commit on the app's own database (own connection) and
 *   an empty GET /api/health through the same stack.
 * - Throughput: BENCH_THROUGHPUT_WORKERS (default 20) case workers, each saving on an assessment of their own as
 *   fast as answers come back, for BENCH_THROUGHPUT_SECONDS (default 20): saves per second, their latency, and the
 *   projections' lag: from each save's answer to the first moment the projections' checkpoints (read every 10 ms on
 *   a connection of the bench's own) include its event — an upper bound.
 *
 * Targets: sequential save p50 ≤ 10x and p99 ≤ 30x the raw commit's; lag p99 < 1 s with 0 failed saves.
 * Run alone (after `npm run build`): `node -r @swc-node/register scripts/bench/production-save/production-save-bench.ts`.
 * BENCH_PROFILE=1 starts the app with --cpu-prof (the .cpuprofile lands in ./profiles).
 */
import { Client } from 'pg';
import { AnswerSaveRow, CookieClient, percentile, rate, startAssessment, time, timingRow } from '../answer-save-bench';
import { startProductionApp } from './production-app';
import { benchServerUrl } from '../bench-server';

const SAVES = Number(process.env.BENCH_ANSWER_SAVES ?? 400);
const WARM_UP = 30;
/** The pause between a paced case worker's saves once the app is at rest (a click on the next answer). */
const PAUSE_MS = 20;
const WORKERS = Number(process.env.BENCH_THROUGHPUT_WORKERS ?? 20);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 20);
const CHECKPOINT_POLL_MS = 10;
const RATINGS = [0, 1, 2, 3, 1, 0, 'NA'] as const;
const BACKEND = 'PostgreSQL, production start';

export interface ThroughputRow {
  workers: number;
  seconds: number;
  saves: number;
  failed: number;
  'saves/s': number;
  'save p50 ms': number;
  'save p99 ms': number;
  'lag p50 ms': number;
  'lag p99 ms': number;
  /** Saves whose event the checkpoints had not reached 10 s after the run. */
  'never applied': number;
}

export interface ProductionSaveResult {
  sequential: AnswerSaveRow[];
  throughput: ThroughputRow;
}

const RAW_TABLE_DDL =
  'CREATE TABLE IF NOT EXISTS bench_raw_insert (id bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL)';
const RAW_INSERT = 'INSERT INTO bench_raw_insert (stream_id, data) VALUES ($1, $2)';
const RAW_DATA = JSON.stringify({ questionCode: 'X', rating: '1' });

/**
 * Waits until the live projections' checkpoints include `position`, read every `pollMs` on the bench's own
 * connection (every live checkpoint is stored in one transaction per batch, so their maximum is the live position).
 */
export async function projectionsReached(raw: Client, position: number, pollMs: number): Promise<void> {
  for (const deadline = performance.now() + 10_000; performance.now() < deadline;) {
    const { rows } = await raw.query<{ position: string | null }>('SELECT max(position) AS position FROM projection_checkpoints');
    if (Number(rows[0].position ?? 0) >= position) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`the projections did not reach position ${position} within 10 s`);
}

/**
 * One case worker answering question after question. `paced`: as a person does, each save on an app at rest (the
 * previous save's projection work done, a pause as short as a click); otherwise back to back, each save meeting the
 * previous one's projection work on the same two cores (a script, not a person). The floors are taken in the same
 * loop, so every row sees the same machine.
 */
async function sequentialRows(client: CookieClient, raw: Client, paced: boolean, seed: number): Promise<AnswerSaveRow[]> {
  const assessment = await startAssessment(client, seed);
  const saves: number[] = [];
  const health: number[] = [];
  const commits: number[] = [];
  let answerBytes = 0;
  const rest = async (position: number) => {
    if (!paced) return;
    await projectionsReached(raw, position, 5);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  };
  for (let i = 0; i < SAVES + WARM_UP; i++) {
    const item = assessment.items[i % assessment.items.length];
    const rating = RATINGS[(i + Math.floor(i / assessment.items.length)) % RATINGS.length];
    const commit = await time(() => raw.query(RAW_INSERT, ['bench', RAW_DATA]));
    const healthTime = await time(() => client.json('GET', '/api/health'));
    const started = performance.now();
    const answer = await rate(client, assessment.id, item, rating);
    const save = performance.now() - started;
    if (answer.status !== 200) throw new Error(`rating save → ${answer.status} ${answer.body.slice(0, 300)}`);
    answerBytes = Buffer.byteLength(answer.body);
    await rest((JSON.parse(answer.body) as { position: number }).position);
    if (i < WARM_UP) continue;
    saves.push(save);
    health.push(healthTime);
    commits.push(commit);
  }
  const how = paced ? 'paced like a person (app at rest)' : 'back to back';
  return [
    timingRow(BACKEND, `baseline: raw single-row INSERT commit, same database (${how})`, commits),
    timingRow(BACKEND, `baseline: empty GET /api/health, HTTP keep-alive (${how})`, health),
    timingRow(BACKEND, `answer save: PUT …/ratings, 1 assessment (${how})`, saves, `answer ${answerBytes} B`),
  ];
}

/** Reads the projections' position (every live checkpoint is stored in one transaction per batch) until stopped. */
function followCheckpoints(databaseUrl: string) {
  const seen: Array<{ at: number; position: number }> = [];
  let running = true;
  const client = new Client({ connectionString: databaseUrl });
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ position: string | null }>('SELECT max(position) AS position FROM projection_checkpoints');
      seen.push({ at: performance.now(), position: Number(rows[0].position ?? 0) });
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_POLL_MS));
    }
    await client.end();
  })();
  return {
    /** When the checkpoints were first seen at or past `position` (null: not yet). */
    appliedAt(position: number, from: number): number | null {
      for (let i = from; i < seen.length; i++) if (seen[i].position >= position) return seen[i].at;
      return null;
    },
    indexAt(time: number): number {
      const index = seen.findIndex((s) => s.at >= time);
      return index < 0 ? seen.length : Math.max(0, index - 1);
    },
    latest: () => seen[seen.length - 1]?.position ?? 0,
    async stop() {
      running = false;
      await done;
    },
  };
}

async function throughputRow(baseUrl: string, databaseUrl: string, tokens: string[]): Promise<ThroughputRow> {
  const clients = Array.from({ length: WORKERS }, (_, w) => new CookieClient(baseUrl, tokens[w % tokens.length]));
  try {
    const assessments = await Promise.all(clients.map((client, w) => startAssessment(client, 100 + w)));
    const checkpoints = followCheckpoints(databaseUrl);
    const acknowledged: Array<{ at: number; position: number }> = [];
    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    const until = started + THROUGHPUT_SECONDS * 1000;
    await Promise.all(
      clients.map(async (client, w) => {
        const { id, items } = assessments[w];
        for (let i = 0; performance.now() < until; i++) {
          const sent = performance.now();
          const answer = await rate(client, id, items[i % items.length], RATINGS[(i + w) % RATINGS.length]);
          const at = performance.now();
          if (answer.status !== 200) {
            failed++;
            continue;
          }
          latencies.push(at - sent);
          acknowledged.push({ at, position: (JSON.parse(answer.body) as { position: number }).position });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const last = Math.max(...acknowledged.map((a) => a.position));
    const settleBy = performance.now() + 10_000;
    while (checkpoints.latest() < last && performance.now() < settleBy) await new Promise((resolve) => setTimeout(resolve, 50));
    await checkpoints.stop();
    const lags: number[] = [];
    let neverApplied = 0;
    for (const save of acknowledged) {
      const appliedAt = checkpoints.appliedAt(save.position, checkpoints.indexAt(save.at));
      if (appliedAt === null) neverApplied++;
      else lags.push(Math.max(0, appliedAt - save.at));
    }
    const sortedLatencies = [...latencies].sort((a, b) => a - b);
    const sortedLags = [...lags].sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      workers: WORKERS,
      seconds: round(seconds),
      saves: acknowledged.length,
      failed,
      'saves/s': Math.round(acknowledged.length / seconds),
      'save p50 ms': round(percentile(sortedLatencies, 50)),
      'save p99 ms': round(percentile(sortedLatencies, 99)),
      'lag p50 ms': round(percentile(sortedLags, 50)),
      'lag p99 ms': round(percentile(sortedLags, 99)),
      'never applied': neverApplied,
    };
  } finally {
    for (const client of clients) client.close();
  }
}

export async function runProductionSaveBench(serverUrl: string): Promise<ProductionSaveResult> {
  const app = await startProductionApp(serverUrl, {
    nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=profiles'] : [],
  });
  const raw = new Client({ connectionString: app.databaseUrl });
  try {
    await raw.connect();
    await raw.query(RAW_TABLE_DDL);
    const tokens = [await app.signIn('worker1'), await app.signIn('worker2')];
    const client = new CookieClient(app.baseUrl, tokens[0]);
    const sequential = [
      ...(await sequentialRows(client, raw, true, 1)),
      ...(await sequentialRows(client, raw, false, 2).finally(() => client.close())),
    ];
    const throughput = await throughputRow(app.baseUrl, app.databaseUrl, tokens);
    return { sequential, throughput };
  } finally {
    await raw.end().catch(() => undefined);
    await app.stop();
  }
}

export function printProductionSaveBench(result: ProductionSaveResult): void {
  console.log(
    `\nAnswer save as a user meets it — production start (NODE_ENV=production, demo data, every projection live), PostgreSQL, cookie sign-in; ${SAVES} sequential saves\n`,
  );
  console.table(result.sequential);
  console.log(`\n${WORKERS} case workers saving at once on assessments of their own, ${THROUGHPUT_SECONDS} s\n`);
  console.table([result.throughput]);
  console.log('Targets: save p50 ≤ 10x and p99 ≤ 30x the raw commit of the same run; lag p99 < 1 s; 0 failed.');
}

if (require.main === module) {
  process.env.LOG_LEVEL ??= 'silent';
  const serverUrl = benchServerUrl();
  runProductionSaveBench(serverUrl)
    .then(printProductionSaveBench)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
