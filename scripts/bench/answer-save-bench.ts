/**
 * Answer-save latency (spec 000 §4 "answering a question saves it") measured the way the browser meets it: the real
 * Nest app listening on a port (every middleware, guard, interceptor and the request log at level info, written to
 * /dev/null), signed in with the session cookie, one keep-alive connection, PUT /api/assessments/:id/ratings on the
 * full seed library. PostgreSQL (a fresh database) and PGlite (a data folder).
 *
 * Rows, each beside its same-run baselines:
 * - baseline: a raw single-row INSERT commit (PostgreSQL: the same server, own connection; PGlite: its own data
 *   folder, the engine alone), an empty GET /api/health through the same stack, and a bare one-event append through
 *   the app's event store with the projections live (the floor every save pays);
 * - sequential saves: BENCH_ANSWER_SAVES (default 400) rating saves one after another on one assessment;
 * - concurrent saves: CONCURRENT_SAVES rating saves sent at once to one assessment, on different items and on the
 *   same item: how many were refused (target 0; rating saves merge).
 *
 * Targets on PostgreSQL: save p50 < 8 ms, p99 < 30 ms; the bare append within 2x of the raw INSERT; 0 refused.
 *
 * Run alone: `node -r @swc-node/register scripts/bench/answer-save-bench.ts`; `npm run bench` runs it too.
 * BENCH_ANSWER_BACKENDS=postgres (or pglite) runs one backend only. Profile: add `--cpu-prof` to the node command.
 */
import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { seedLibrary } from '@cans/backend/library/library-seed';
import { systemActor } from '@cans/backend/platform/commands/actor';
import { EVENT_STORE } from '@cans/backend/platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { PgliteSqlClient } from '@cans/storage/sql/pglite-sql-client';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '@cans/backend/test-support/test-app';
import { benchServerUrl } from './bench-server';

const SAVES = Number(process.env.BENCH_ANSWER_SAVES ?? 400);
const WARM_UP = 30;
const CONCURRENT_SAVES = 60;
const WORKER_PRIVILEGES = ['HOME_SHOW', 'Assessment_View', 'Assessment_New', 'Assessment_Edit'] as const;
const RATINGS = [0, 1, 2, 3, 1, 0, 'NA'] as const;

export interface AnswerSaveRow {
  backend: string;
  scenario: string;
  count: number;
  'p50 ms': number | null;
  'p99 ms': number | null;
  'mean ms': number | null;
  /** Concurrent rows: refused saves (any answer other than 200); sequential rows: the answer's size. */
  note: string;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 100) / 100;

export function timingRow(backend: string, scenario: string, times: number[], note = ''): AnswerSaveRow {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    backend,
    scenario,
    count: times.length,
    'p50 ms': round(percentile(sorted, 50)),
    'p99 ms': round(percentile(sorted, 99)),
    'mean ms': round(times.reduce((a, b) => a + b, 0) / times.length),
    note,
  };
}

/** A browser-like client: the session cookie, JSON, one keep-alive connection per concurrent request. */
export class CookieClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT_SAVES });
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(path, this.baseUrl);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            cookie: `cans_token=${this.token}`,
            origin: this.baseUrl,
            accept: 'application/json',
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.send(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}

const child = (i: number) => ({
  cin: `BENCH-${i}`,
  firstName: 'Bench',
  lastName: `Child ${i}`,
  gender: 'F',
  raceEthnicity: 'White British',
  medicaidNumber: '123456789',
  age: 12,
  dateOfBirth: '2012-03-15',
  dateOfAssessment: '2024-05-01',
  caseOpeningDate: '2024-01-10',
  assessmentType: '62',
});

export interface Item {
  code: string;
  caregiverId: string | null;
}
interface Node {
  code: string;
  caregiverId?: string | null;
  questions?: Node[];
  modules?: Node[];
}

/** The questions the editor shows for an assessment (GET /api/assessments/:id), in order. */
async function visibleItems(client: CookieClient, assessmentId: string): Promise<Item[]> {
  const view = await client.json<{ questionnaire: { domains: Node[] } }>('GET', `/api/assessments/${assessmentId}`);
  const items: Item[] = [];
  const walk = (node: Node, caregiverId: string | null) => {
    for (const q of node.questions ?? []) items.push({ code: q.code, caregiverId });
    for (const m of node.modules ?? []) walk(m, caregiverId);
  };
  for (const domain of view.questionnaire.domains) walk(domain, domain.caregiverId ?? null);
  return items;
}

export async function startAssessment(client: CookieClient, i: number): Promise<{ id: string; items: Item[] }> {
  const started = await client.json<{ id: string }>('POST', '/api/assessments', { child: child(i) });
  return { id: started.id, items: await visibleItems(client, started.id) };
}

/** One rating save (PUT …/ratings) as the editor sends it. */
export const rate = (client: CookieClient, assessmentId: string, item: Item, rating: number | string) =>
  client.send('PUT', `/api/assessments/${assessmentId}/ratings`, { questionCode: item.code, caregiverId: item.caregiverId, rating });

/** How long `work` took, in ms. */
export async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(t: TestApp, backend: string, rawInsert: () => Promise<void>): Promise<AnswerSaveRow[]> {
  await seedLibrary(t.app.get(CommandBus), systemActor());
  const token = t.tokenFor([...WORKER_PRIVILEGES]);
  await t.settled();
  const client = new CookieClient(t.baseUrl!, token);
  try {
    // Sequential saves on one assessment, each waiting for the last (a user answering question after question). Each
    // save is followed by the same-run baselines, interleaved so that all rows see the same machine load: an empty
    // request through the same stack, a raw INSERT commit, a bare one-event append in the running app.
    const sequential = await startAssessment(client, 1);
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const saveTimes: number[] = [];
    const healthTimes: number[] = [];
    const rawTimes: number[] = [];
    const appendTimes: number[] = [];
    let answerBytes = 0;
    for (let i = 0; i < SAVES + WARM_UP; i++) {
      const item = sequential.items[i % sequential.items.length];
      const rating = RATINGS[(i + Math.floor(i / sequential.items.length)) % RATINGS.length];
      const started = performance.now();
      const answer = await rate(client, sequential.id, item, rating);
      const save = performance.now() - started;
      if (answer.status !== 200) throw new Error(`rating save → ${answer.status} ${answer.body.slice(0, 300)}`);
      answerBytes = Buffer.byteLength(answer.body);
      const health = await time(() => client.json('GET', '/api/health'));
      const raw = await time(rawInsert);
      const append = await time(() =>
        eventStore.append(
          `bench-bare-${i % 50}`,
          [
            {
              type: 'BenchItemRated',
              data: { questionCode: 'X', rating: '1' },
              metadata: { userId: 'bench', correlationId: 'bench', causationId: null },
            },
          ],
          'any',
        ),
      );
      if (i < WARM_UP) continue;
      saveTimes.push(save);
      healthTimes.push(health);
      rawTimes.push(raw);
      appendTimes.push(append);
    }

    // Concurrent saves on one assessment: all sent at once, on different items, then on one item.
    const concurrent = await startAssessment(client, 2);
    const refusedOf = async (items: (i: number) => Item): Promise<{ refused: number; statuses: string; times: number[] }> => {
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT_SAVES }, async (_, i) => {
          const started = performance.now();
          const answer = await rate(client, concurrent.id, items(i), RATINGS[i % RATINGS.length]);
          return { status: answer.status, elapsed: performance.now() - started };
        }),
      );
      const refused = answers.filter((a) => a.status !== 200);
      const statuses = [...new Set(refused.map((a) => a.status))].join(', ');
      return { refused: refused.length, statuses, times: answers.map((a) => a.elapsed) };
    };
    const spread = await refusedOf((i) => concurrent.items[i % concurrent.items.length]);
    const same = await refusedOf(() => concurrent.items[0]);
    const refusedNote = (r: { refused: number; statuses: string }) => `${r.refused} refused${r.refused ? ` (${r.statuses})` : ''}`;

    return [
      timingRow(backend, 'baseline: raw single-row INSERT commit', rawTimes),
      timingRow(backend, 'baseline: empty GET /api/health (HTTP, keep-alive)', healthTimes),
      timingRow(backend, 'baseline: bare 1-event append in the running app', appendTimes),
      timingRow(backend, 'answer save: PUT …/ratings, sequential, 1 assessment', saveTimes, `answer ${answerBytes} B`),
      timingRow(backend, `${CONCURRENT_SAVES} concurrent saves, different items`, spread.times, refusedNote(spread)),
      timingRow(backend, `${CONCURRENT_SAVES} concurrent saves, same item`, same.times, refusedNote(same)),
    ];
  } finally {
    client.close();
  }
}

/** The app as it runs in production, on a port; its request log at level info goes to /dev/null. */
async function withListeningApp(
  backend: 'pglite' | 'postgres',
  config: { dataDir?: string },
  work: (t: TestApp) => Promise<AnswerSaveRow[]>,
) {
  const t = await startTestApp({
    backend,
    listen: true,
    config: { ...config, logLevel: 'info' },
    logStream: pino.destination({ dest: '/dev/null', sync: false }),
  });
  try {
    return await work(t);
  } finally {
    await t.close();
  }
}

const RAW_TABLE = 'bench_raw_insert';
const RAW_TABLE_DDL = `CREATE TABLE IF NOT EXISTS ${RAW_TABLE} (id bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL)`;
const RAW_INSERT = `INSERT INTO ${RAW_TABLE} (stream_id, data) VALUES ($1, $2)`;
const RAW_DATA = JSON.stringify({ questionCode: 'X', rating: '1' });

async function pgliteRows(): Promise<AnswerSaveRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cans-answer-bench-'));
  const rawDir = mkdtempSync(join(tmpdir(), 'cans-answer-bench-raw-'));
  const raw = await PgliteSqlClient.open(rawDir);
  try {
    await raw.execScript(RAW_TABLE_DDL);
    return await withListeningApp('pglite', { dataDir }, (t) =>
      measure(t, 'PGlite (data folder)', async () => {
        await raw.query(RAW_INSERT, ['bench', RAW_DATA]);
      }),
    );
  } finally {
    await raw.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(rawDir, { recursive: true, force: true });
  }
}

async function postgresRows(serverUrl: string): Promise<AnswerSaveRow[]> {
  const raw = new Client({ connectionString: serverUrl });
  await raw.connect();
  try {
    await raw.query(RAW_TABLE_DDL);
    return await withListeningApp('postgres', {}, (t) =>
      measure(t, 'PostgreSQL', async () => {
        await raw.query(RAW_INSERT, ['bench', RAW_DATA]);
      }),
    );
  } finally {
    await raw.query(`DROP TABLE IF EXISTS ${RAW_TABLE}`).catch(() => undefined);
    await raw.end();
  }
}

export async function runAnswerSaveBench(): Promise<AnswerSaveRow[]> {
  // The bootstrap's welcome mail to the administrator would be printed otherwise.
  process.env.LOG_LEVEL ??= 'silent';
  const only = process.env.BENCH_ANSWER_BACKENDS;
  const rows: AnswerSaveRow[] = [];
  if (!only || only.includes('pglite')) rows.push(...(await pgliteRows()));
  if (only && !only.includes('postgres')) return rows;
  process.env.TEST_DATABASE_URL ??= benchServerUrl();
  const serverUrl = testPostgresUrl()!;
  try {
    rows.push(...(await postgresRows(serverUrl)));
  } catch (error) {
    if (!/ECONNREFUSED|ENOTFOUND|does not exist/.test((error as Error).message)) throw error;
    console.warn(`PostgreSQL skipped: cannot reach ${serverUrl} (${(error as Error).message})`);
  }
  return rows;
}

export function printAnswerSaveRows(rows: AnswerSaveRow[]): void {
  console.log(
    `\nAnswer-save latency through HTTP — ${SAVES} sequential saves (BENCH_ANSWER_SAVES) on one assessment, cookie auth, keep-alive, full seed library\n`,
  );
  console.table(rows);
  console.log('Targets (PostgreSQL): save p50 < 8 ms, p99 < 30 ms; bare append within 2x of the raw INSERT; concurrent saves: 0 refused.');
}

if (require.main === module) {
  runAnswerSaveBench()
    .then(printAnswerSaveRows)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
