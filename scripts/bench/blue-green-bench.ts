/**
 * A live blue/green rebuild (issue 12, "Proof"): the real app on PostgreSQL, listening on a port, rebuilds
 * assessment-list over BENCH_BLUE_GREEN_ASSESSMENTS (default 100,000) assessments while case workers keep saving
 * answers through HTTP (cookie auth, keep-alive) and an administrator keeps reading the list.
 *
 * 1. History: the assessment-list bench's generator (assessment-list-bench.ts: start, library version, child record,
 *    the status transitions, shares; ≈ 4.5 events per assessment) plus its case workers as complete UserCreated
 *    events, appended straight into a fresh database before the app starts (synchronous_commit off while writing;
 *    restored before the app connects). The app then builds every projection from zero; the bench waits until all
 *    are live.
 * 2. Load: answer saves (PUT …/ratings) on a fixed schedule of BENCH_BLUE_GREEN_SAVES_PER_SECOND (default 50; open
 *    loop, so a slow app cannot lower the rate it is measured at) spread over a few assessments, and one list read
 *    (GET /api/assessments, page 20, total in Content-Range) every LIST_READ_INTERVAL_MS.
 * 3. BENCH_BLUE_GREEN_BASELINE_SECONDS (default 10) of that load alone: the same-run baseline. Then
 *    ProjectionRunnerService.rebuildOnce('assessment-list') with the load going on, until readers are switched.
 *
 * 4. With the load still going on, an analyst publishes the item-transitions template (issue 30): the app builds it
 *    from event zero in the projection's own worker thread (sandbox); the saves meanwhile are the third phase.
 *
 * Printed: rebuild time and events/s beside the raw read of the same events (plain SQL, batches of the runner's
 * size, measured just before); save p50/p99 before vs during the rebuild, and during the sandboxed build (target:
 * p99 < 2× the baseline's); failed saves (target 0); list reads served during the rebuild, and any that saw fewer
 * rows than the history holds (a half-built model; target 0).
 *
 * Run alone: `node -r @swc-node/register scripts/bench/blue-green-bench.ts` (TEST_DATABASE_URL or DATABASE_URL,
 * else the local server); `npm run bench` runs it too. Quick check: BENCH_BLUE_GREEN_ASSESSMENTS=5000.
 */
import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { seedLibrary } from '@cans/backend/library/library-seed';
import { systemActor } from '@cans/backend/platform/commands/actor';
import { ProjectionRunnerService } from '@cans/backend/platform/projections/projection-runner.service';
import { READ_STORE } from '@cans/backend/platform/storage/storage-tokens';
import { startTestApp, TestApp } from '@cans/backend/test-support/test-app';
import { UserEvents, userStreamId } from '@cans/domain/identity/user.events';
import type { UserCreatedData } from '@cans/domain/identity/user.events';
import { assessmentListProjection } from '@cans/projections/assessments/assessment-list.projection';
import type { NewEvent } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import { CookieClient, Item, startAssessment } from './answer-save-bench';
import { assessmentEvents, prng, workerId, WORKERS } from './assessment-list-bench';
import { rawReadBaseline } from './real-mix/replay';
import { benchServerUrl, onServer } from './bench-server';
import { PROJECTION_TEMPLATES } from '@cans/projections/analytics/sandbox/projection-templates';

const ASSESSMENTS = Number(process.env.BENCH_BLUE_GREEN_ASSESSMENTS ?? 100_000);
const SAVES_PER_SECOND = Number(process.env.BENCH_BLUE_GREEN_SAVES_PER_SECOND ?? 50);
const BASELINE_SECONDS = Number(process.env.BENCH_BLUE_GREEN_BASELINE_SECONDS ?? 10);
const LIST_READ_INTERVAL_MS = 100;
const PROGRESS_INTERVAL_MS = 5000;
const CATCH_UP_TIMEOUT_MS = 30 * 60 * 1000;
const SAVE_ASSESSMENTS = 10;
const APPEND_CONCURRENCY = 8;
const MAX_IN_FLIGHT = 64;
/** The app's runner reads batches of this size (ProjectionRunner's default); the raw baseline reads the same. */
const RUNNER_BATCH = 500;
const WORKER_PRIVILEGES = ['HOME_SHOW', 'Assessment_View', 'Assessment_New', 'Assessment_Edit'] as const;

export interface BlueGreenRow {
  scenario: string;
  count: number;
  'p50 ms': number | string;
  'p99 ms': number | string;
  'max ms': number | string;
  failed: number | string;
  note: string;
}

export interface LatencyFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

export interface BlueGreenResult {
  assessments: number;
  historyEvents: number;
  /** caughtUpSeconds: when the build first reached the head (status polled every 250 ms); then indexes and switch. */
  rebuild: { events: number; seconds: number; eventsPerSecond: number; caughtUpSeconds: number | null };
  /** Plain-SQL read of every event row just before the rebuild (the floor a replay cannot beat). */
  rawReadEventsPerSecond: number;
  savesBefore: LatencyFigures;
  savesDuring: LatencyFigures;
  listReadsBefore: LatencyFigures;
  listReadsDuring: LatencyFigures;
  /** List reads during the rebuild whose total was below the history's size (a half-built model). */
  incompleteListReads: number;
  /** An analyst's projection (the item-transitions template) built in its sandbox thread, saves going on. */
  sandboxBuild: { events: number; seconds: number; eventsPerSecond: number; publishMs: number };
  savesDuringSandboxBuild: LatencyFigures;
  /** Saves during the publish request itself (its preview over the first 10,000 events of the view). */
  savesDuringPublish: LatencyFigures;
  /** Saves due while MAX_IN_FLIGHT were outstanding (the app stalled), over the whole run. */
  savesNotSent: number;
  rows: BlueGreenRow[];
}

type Phase = 'before' | 'during' | 'between' | 'publishing' | 'sandbox' | 'after';
interface Sample {
  phase: Phase;
  ms: number;
  ok: boolean;
  /** List reads: the total the answer gave (Content-Range). */
  total?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n: number) => Math.round(n * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** fetch says "fetch failed" and puts the reason (ECONNRESET, …) in its cause. */
const reasonOf = (error: unknown) =>
  [error, (error as { cause?: unknown }).cause]
    .filter(Boolean)
    .map((e) => (e as Error).message)
    .join(': ');

function figuresOf(samples: Sample[]): LatencyFigures {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  if (times.length === 0) return { count: 0, p50: NaN, p99: NaN, max: NaN, failed: 0 };
  return {
    count: samples.length,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1]),
    failed: samples.filter((sample) => !sample.ok).length,
  };
}

const row = (scenario: string, figures: LatencyFigures, note = ''): BlueGreenRow => ({
  scenario,
  count: figures.count,
  'p50 ms': figures.p50,
  'p99 ms': figures.p99,
  'max ms': figures.max,
  failed: figures.failed,
  note,
});

const metadata = (userId: string) => ({ userId, correlationId: randomUUID(), causationId: null, ip: '127.0.0.1' });

/** The list bench's case workers as the user commands write them (the users projection reads every field). */
function workerCreated(w: number): NewEvent {
  const data: UserCreatedData = {
    userId: workerId(w),
    firstName: 'Bench',
    lastName: `Worker ${w}`,
    username: `eo_bench_worker_${w}`,
    email: `bench.worker.${w}@example.test`,
    phone: null,
    status: 1,
    userGroupId: 'bench-case-workers',
    supervisorId: 'bench-supervisor-0',
    agencyId: null,
    externalId: `BENCH-${w}`,
    expirationDate: null,
  };
  return { type: UserEvents.Created, data, metadata: metadata('bench') };
}

/** Appends the history into the (empty) database; answers the number of events written. */
async function writeHistory(url: string, log: (line: string) => void): Promise<number> {
  const client = new PgSqlClient(url, APPEND_CONCURRENCY + 2);
  const store = await SqlEventStore.create(client);
  try {
    const started = performance.now();
    for (let w = 0; w < WORKERS; w++) await store.append(userStreamId(workerId(w)), [workerCreated(w)], 'no_stream');
    const random = prng(42);
    const today = new Date().toISOString().slice(0, 10);
    let next = 0;
    let events = WORKERS;
    await Promise.all(
      Array.from({ length: APPEND_CONCURRENCY }, async () => {
        while (next < ASSESSMENTS) {
          // Generated in order (synchronously after taking its number): the same history on every run.
          const { streamId, owner, events: life } = assessmentEvents(next++, random, today);
          events += life.length;
          await store.append(
            streamId,
            life.map((event) => ({ type: event.type, data: event.data, metadata: metadata(owner) })),
            'no_stream',
          );
        }
      }),
    );
    log(`  history: ${events} events for ${ASSESSMENTS} assessments appended in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return events;
  } finally {
    await store.close();
    await client.close();
  }
}

/** Waits until every projection is live at the head, logging the slowest one meanwhile. */
async function waitUntilLive(runner: ProjectionRunnerService, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  let lastLog = started;
  for (;;) {
    const statuses = await runner.status();
    const behind = statuses.filter((status) => status.state !== 'live' || status.rebuild !== null || status.lag > 0);
    if (behind.length === 0) return;
    const failed = statuses.find((status) => status.state === 'failed');
    if (failed) throw new Error(`projection ${failed.name} failed: ${failed.error}`);
    if (performance.now() - started > CATCH_UP_TIMEOUT_MS) throw new Error(`projections not live after ${CATCH_UP_TIMEOUT_MS / 1000} s`);
    if (performance.now() - lastLog > PROGRESS_INTERVAL_MS) {
      lastLog = performance.now();
      log(
        `  catching up: ${behind.map((status) => `${status.name} ${status.rebuild?.position ?? status.position}/${status.headPosition}`).join(', ')}`,
      );
    }
    await sleep(250);
  }
}

export async function runBlueGreenBench(serverUrl = benchServerUrl(), log: (line: string) => void = console.log): Promise<BlueGreenResult> {
  // The bootstrap's welcome mail to the administrator would be printed otherwise.
  process.env.LOG_LEVEL ??= 'silent';
  const name = `cans_blue_green_${Date.now()}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const database = { name, url: databaseUrl.toString() };
  let t: TestApp | null = null;
  try {
    log(`Blue/green bench: ${ASSESSMENTS} assessments in ${database.name}`);
    // Writing the history is not what is measured: its commits need not wait for the disk. The app gets the default.
    await onServer(serverUrl, `ALTER DATABASE ${database.name} SET synchronous_commit = off`);
    const historyEvents = await writeHistory(database.url, log);
    await onServer(serverUrl, `ALTER DATABASE ${database.name} RESET synchronous_commit`);

    // The app as it runs in production (request log at level info, written to /dev/null), on this database.
    const appStarted = performance.now();
    t = await startTestApp({
      listen: true,
      config: { databaseUrl: database.url, logLevel: 'info' },
      logStream: pino.destination({ dest: '/dev/null', sync: false }),
    });
    const runner = t.app.get(ProjectionRunnerService);
    await waitUntilLive(runner, log);
    log(`  app started and every projection built from zero in ${((performance.now() - appStarted) / 1000).toFixed(1)} s`);

    await seedLibrary(t.app.get(CommandBus), systemActor());
    const workerToken = t.tokenFor([...WORKER_PRIVILEGES]);
    const adminToken = t.adminToken();
    await t.settled();
    const setup = new CookieClient(t.baseUrl!, workerToken);
    const targets: Array<{ id: string; items: Item[] }> = [];
    for (let i = 0; i < SAVE_ASSESSMENTS; i++) targets.push(await startAssessment(setup, 1000 + i));
    setup.close();
    // The load goes through fetch (undici), as a browser would: its pool retires a keep-alive connection before the
    // server's Keep-Alive timeout, where node's http.Agent can reuse one the server is closing (ECONNRESET).
    const base = t.baseUrl!;
    const send = (token: string, method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          cookie: `cans_token=${token}`,
          origin: base,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await waitUntilLive(runner, log);

    const raw = new PgSqlClient(database.url, 1);
    const floor = await rawReadBaseline(raw, RUNNER_BATCH).finally(() => raw.close());
    const rawReadEventsPerSecond = Math.round(floor.events / floor.seconds);

    let phase: Phase = 'before';
    let stopping = false;
    const saves: Sample[] = [];
    const listReads: Sample[] = [];
    const failures = new Map<string, number>();
    const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);

    let inFlight = 0;
    let notSent = 0;
    const save = async (n: number) => {
      const target = targets[n % targets.length];
      const item = target.items[Math.floor(n / targets.length) % target.items.length];
      const sentIn = phase;
      inFlight += 1;
      const t0 = performance.now();
      try {
        const answer = await send(workerToken, 'PUT', `/api/assessments/${target.id}/ratings`, {
          questionCode: item.code,
          caregiverId: item.caregiverId,
          rating: n % 4,
        });
        const text = await answer.text();
        const ok = answer.status === 200;
        if (!ok) fail(`save ${answer.status} ${text.slice(0, 120)}`);
        saves.push({ phase: sentIn, ms: performance.now() - t0, ok });
      } catch (error) {
        fail(`save ${reasonOf(error)}`);
        saves.push({ phase: sentIn, ms: performance.now() - t0, ok: false });
      } finally {
        inFlight -= 1;
      }
    };
    const writing = (async () => {
      const pending: Array<Promise<void>> = [];
      const started = performance.now();
      // BENCH_BLUE_GREEN_SAVES_PER_SECOND=0: the rebuild with list reads only (to see what the saves cost it).
      for (let n = 0; !stopping && SAVES_PER_SECOND > 0; n++) {
        const wait = started + (n * 1000) / SAVES_PER_SECOND - performance.now();
        if (wait > 0) await sleep(wait);
        if (stopping) break;
        if (inFlight >= MAX_IN_FLIGHT) notSent += 1;
        else pending.push(save(n));
      }
      await Promise.all(pending);
    })();

    const listPath = `/api/assessments?${new URLSearchParams({ filter: '{}', sort: '["lud","DESC"]', range: '[0,19]' })}`;
    const reading = (async () => {
      while (!stopping) {
        const sentIn = phase;
        const t0 = performance.now();
        try {
          const answer = await send(adminToken, 'GET', listPath);
          const rows = (await answer.json()) as unknown[];
          const total = Number(answer.headers.get('content-range')?.split('/')[1]);
          const ok = answer.status === 200 && rows.length === 20;
          if (!ok) fail(`list ${answer.status} (${rows.length} rows)`);
          listReads.push({ phase: sentIn, ms: performance.now() - t0, ok, total });
        } catch (error) {
          fail(`list ${reasonOf(error)}`);
          listReads.push({ phase: sentIn, ms: performance.now() - t0, ok: false });
        }
        await sleep(Math.max(0, LIST_READ_INTERVAL_MS - (performance.now() - t0)));
      }
    })();

    await sleep(BASELINE_SECONDS * 1000);
    phase = 'during';
    log(`  rebuilding assessment-list blue/green under ${SAVES_PER_SECOND} saves/s …`);
    // Progress as `status()` reports it, and when the build first reached the head: the rest of the rebuild is the
    // new collections' indexes and the switch.
    const rebuildStarted = performance.now();
    let caughtUpSeconds: number | null = null;
    let lastProgressLog = rebuildStarted;
    const progress = setInterval(() => {
      void runner.status().then((statuses) => {
        const build = statuses.find((status) => status.name === assessmentListProjection.name)?.rebuild;
        if (!build) return;
        if (caughtUpSeconds === null && build.position >= build.headPosition) caughtUpSeconds = (performance.now() - rebuildStarted) / 1000;
        if (performance.now() - lastProgressLog < PROGRESS_INTERVAL_MS) return;
        lastProgressLog = performance.now();
        const eta = build.etaSeconds === null ? '?' : `${Math.round(build.etaSeconds)} s`;
        log(`  g${build.generation}: ${build.position}/${build.headPosition}, ${Math.round(build.eventsPerSecond)} events/s, ETA ${eta}`);
      });
    }, 250);
    let rebuilt: { events: number; seconds: number };
    let sandboxBuild: BlueGreenResult['sandboxBuild'];
    try {
      try {
        rebuilt = await runner.rebuildOnce(assessmentListProjection.name);
      } finally {
        clearInterval(progress);
        phase = 'between';
      }
      await sleep(2000);
      sandboxBuild = await buildSandboxedProjection(send, adminToken, log, (next) => (phase = next));
    } finally {
      phase = 'after';
      stopping = true;
      await Promise.all([writing, reading]);
    }

    const target = await t.app.get<ReadStore>(READ_STORE).collectionTarget('assessment_list');
    for (const [what, count] of failures) log(`  failed × ${count}: ${what}`);

    const during = (samples: Sample[]) => samples.filter((sample) => sample.phase === 'during');
    const before = (samples: Sample[]) => samples.filter((sample) => sample.phase === 'before');
    // The list's total before the rebuild (no assessment is started meanwhile): every read during it must see as many.
    const expectedTotal = Math.max(0, ...before(listReads).map((sample) => sample.total ?? 0));
    const incompleteListReads = during(listReads).filter((sample) => sample.ok && !(Number(sample.total) >= expectedTotal)).length;
    const result: Omit<BlueGreenResult, 'rows'> = {
      assessments: ASSESSMENTS,
      historyEvents,
      rebuild: {
        events: rebuilt.events,
        seconds: round(rebuilt.seconds),
        eventsPerSecond: Math.round(rebuilt.events / rebuilt.seconds),
        caughtUpSeconds: caughtUpSeconds === null ? null : round(caughtUpSeconds),
      },
      rawReadEventsPerSecond,
      savesBefore: figuresOf(before(saves)),
      savesDuring: figuresOf(during(saves)),
      listReadsBefore: figuresOf(before(listReads)),
      listReadsDuring: figuresOf(during(listReads)),
      incompleteListReads,
      sandboxBuild,
      savesDuringSandboxBuild: figuresOf(saves.filter((sample) => sample.phase === 'sandbox')),
      savesDuringPublish: figuresOf(saves.filter((sample) => sample.phase === 'publishing')),
      savesNotSent: notSent,
    };
    const rows: BlueGreenRow[] = [
      {
        scenario: 'rebuild of assessment-list (live, blue/green)',
        count: rebuilt.events,
        'p50 ms': '-',
        'p99 ms': '-',
        'max ms': '-',
        failed: '-',
        note:
          `${result.rebuild.seconds} s, ${result.rebuild.eventsPerSecond} events/s (raw read ${rawReadEventsPerSecond}/s); ` +
          `at the head after ${result.rebuild.caughtUpSeconds ?? '?'} s; readers now on ${target ?? '?'}`,
      },
      row(`baseline: answer saves before the rebuild (${SAVES_PER_SECOND}/s, HTTP)`, result.savesBefore),
      row(
        'answer saves during the rebuild',
        result.savesDuring,
        notSent ? `${notSent} not sent in the run (${MAX_IN_FLIGHT} in flight)` : '',
      ),
      row(
        'answer saves while an analyst’s projection builds in its sandbox thread',
        result.savesDuringSandboxBuild,
        `p99 ${round(result.savesDuringSandboxBuild.p99 / result.savesBefore.p99)}× the baseline's (target < 2×); item-transitions ` +
          `template over ${sandboxBuild.events} events in ${sandboxBuild.seconds} s (${sandboxBuild.eventsPerSecond} events/s)`,
      ),
      row('answer saves during the publish request (its preview)', result.savesDuringPublish, `${sandboxBuild.publishMs} ms`),
      row('baseline: list reads before the rebuild (admin, page 20 + total)', result.listReadsBefore),
      row('list reads during the rebuild', result.listReadsDuring, `${incompleteListReads} saw fewer than ${expectedTotal} rows`),
    ];
    return { ...result, rows };
  } finally {
    await t?.close().catch(() => undefined);
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`).catch((error) =>
      console.warn(`could not drop ${database.name}: ${(error as Error).message}`),
    );
  }
}

/**
 * Publishes the item-transitions template as an analyst does (POST, as the administrator, who holds
 * Analytics_Author) and waits until the app has built it from event zero and serves it.
 */
async function buildSandboxedProjection(
  send: (token: string, method: string, path: string, body?: unknown) => Promise<Response>,
  token: string,
  log: (line: string) => void,
  enter: (phase: 'publishing' | 'sandbox') => void,
): Promise<BlueGreenResult['sandboxBuild']> {
  const template = PROJECTION_TEMPLATES.find((candidate) => candidate.name === 'item-transitions')!;
  // The publish request runs the code as a preview first (its own phase); the build follows it.
  enter('publishing');
  const started = performance.now();
  const published = await send(token, 'POST', '/api/analytics-workbench/projections', {
    name: 'bench-item-transitions',
    label: 'Item transitions (bench)',
    description: '',
    code: template.code,
  });
  if (published.status !== 201) throw new Error(`publishing the template: ${published.status} ${await published.text()}`);
  const publishMs = Math.round(performance.now() - started);
  enter('sandbox');
  const buildStarted = performance.now();
  log(`  published in ${publishMs} ms (its preview included); building the item-transitions template in its sandbox thread …`);
  let lastLog = performance.now();
  let headPosition = 0;
  for (;;) {
    const status = (await (await send(token, 'GET', '/api/analytics-workbench/projections/bench-item-transitions')).json()) as {
      state: string;
      build: { position: number; headPosition: number; eventsPerSecond: number } | null;
      servedPosition: number | null;
      error: { message: string } | null;
    };
    if (status.state === 'failed') throw new Error(`the sandboxed build failed: ${status.error?.message}`);
    if (status.build) headPosition = status.build.headPosition;
    if (status.state === 'live') {
      const seconds = (performance.now() - buildStarted) / 1000;
      const events = status.servedPosition ?? headPosition;
      return { events, seconds: round(seconds), eventsPerSecond: Math.round(events / seconds), publishMs };
    }
    if (status.build && performance.now() - lastLog > PROGRESS_INTERVAL_MS) {
      lastLog = performance.now();
      log(`  sandbox: ${status.build.position}/${status.build.headPosition}, ${status.build.eventsPerSecond} events/s`);
    }
    await sleep(250);
  }
}

export function printBlueGreenBench(result: BlueGreenResult): void {
  console.log(
    `\nLive blue/green rebuild of assessment-list on PostgreSQL — ${result.assessments} assessments (BENCH_BLUE_GREEN_ASSESSMENTS), ${result.historyEvents} history events, ${SAVES_PER_SECOND} answer saves/s through HTTP\n`,
  );
  console.table(result.rows);
  console.log('Targets: 0 failed saves and list reads, 0 list reads of a half-built model (save latency: during vs the baseline before).');
}

if (require.main === module) {
  runBlueGreenBench()
    .then(printBlueGreenBench)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
