/**
 * `npm run bench`: event store and projection throughput on PGlite and PostgreSQL.
 *
 * For each back-end it appends BENCH_EVENTS events three ways (single writer, batches of 50, 8 concurrent
 * writers) and measures the same inserts as plain SQL in the same run — the ratio store/raw is the figure,
 * since absolute numbers depend on the machine. Then it rebuilds every projection over the real event mix
 * (real-mix/real-mix-events.ts: what the product writes for N assessments, ≈ 80 events each) on a fresh database,
 * each beside the raw-SQL floor (every event row read in batches of the same size) measured in the same run:
 * PostgreSQL at BENCH_REAL_MIX_ASSESSMENTS (default 10,000 ≈ 800k events), PGlite at BENCH_REAL_MIX_PGLITE
 * (default 2,000 ≈ 160k events) — at 100,000 (≈ 8M events) one rebuild of every projection takes longer than the
 * whole bench should.
 * Then, on PostgreSQL: the assessment list at 100k assessments (assessment-list-bench.ts: its rebuild, list
 * latency, home counts), answer saves through HTTP (answer-save-bench.ts), /api/ready under 130 writes/s
 * (readiness-bench.ts), and a live blue/green rebuild of assessment-list at 100k with saves going on
 * (blue-green-bench.ts), and the report statistics at 50,000 approved assessments (reports-bench.ts), and the audit
 * figures (audit-bench.ts): an assessment's history and its state as of a past event at 500 events through HTTP, the
 * cost of recording a read, and the analytics projections rebuilt (and one `replay --until`) over the real mix at
 * BENCH_ANALYTICS_ASSESSMENTS (default 100,000, written by the part itself). Issue 32: the answer save as a user meets
 * it (production-save/: the built app started in production mode with the demo data, saves paced and back to back,
 * 20 case workers at once with the projections' lag) and the breakdown of one save's time. Each part
 * prints its own table as it finishes and says how long it took; at the very end ONE summary (bench-summary.ts) gives
 * every figure of issue 12's, 13's, 15's and 16's tables beside its same-run baseline, its target and whether it is met.
 * A part that fails is reported in the summary and the others still run (the exit code is then 1).
 * Targets: see the summary.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ListBenchRow, printListBench, runAssessmentListBench } from './assessment-list-bench';
import { printAnswerSaveRows, runAnswerSaveBench } from './answer-save-bench';
import { printBlueGreenBench, runBlueGreenBench } from './blue-green-bench';
import { printReadinessBench, runReadinessBench } from './readiness-bench';
import { printReportsBench, REPORTS_BENCH_ASSESSMENTS, runReportsBenchOnServer } from './reports-bench';
import { FEED_BENCH_ASSESSMENTS, printDataFeedBench, runDataFeedBench } from './data-feed-bench';
import { printRealMix, REAL_MIX_BATCH, runRealMixBench, withScratchDatabase } from './real-mix/real-mix-bench';
import { rawReadBaseline } from './real-mix/replay';
import {
  ANALYTICS_BENCH_ASSESSMENTS,
  printAnalyticsReplayBench,
  printAuditViewsBench,
  runAnalyticsReplayBench,
  runAuditViewsBench,
} from './audit-bench';
import { AppendRow as Row, Measured, printSummary } from './bench-summary';
import { printProductionSaveBench, runProductionSaveBench } from './production-save/production-save-bench';
import { PRODUCTION_SAVE_PART } from './production-save/production-save-summary';
import { measureSaveBreakdown, printSaveBreakdown } from './production-save/save-breakdown';
import { printOperationsBench, runOperationsBench } from './operations/operations-bench';
import { MIXED_LOAD_PART, OPERATIONS_PART } from './operations/operations-summary';
import { printMixedLoadBench, runMixedLoadBench } from './operations/mixed-load-bench';
import type { NewEvent } from '@cans/storage/event-store/event-store.port';
import { prepareRawInsertBaseline, rawInsertBaseline, SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import { PgliteSqlClient } from '@cans/storage/sql/pglite-sql-client';
import type { SqlClient } from '@cans/storage/sql/sql-client';
import { benchServerUrl } from './bench-server';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20000);
const BATCH = 50;
const WRITERS = 8;
const REAL_MIX_POSTGRES = Number(process.env.BENCH_REAL_MIX_ASSESSMENTS ?? 10_000);
const REAL_MIX_PGLITE = Number(process.env.BENCH_REAL_MIX_PGLITE ?? 2_000);

function sampleEvent(i: number): NewEvent {
  return {
    type: i % 3 === 0 ? 'AgencyCreated' : 'BenchmarkItemRated',
    data: { agencyId: randomUUID(), name: `Agency ${i}`, displayName: `A${i}`, questionCode: 'CHRONICITY', rating: i % 4 },
    metadata: { userId: 'bench', correlationId: randomUUID(), causationId: null, ip: '127.0.0.1' },
  };
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

async function benchmarkBackend(backend: string, client: SqlClient): Promise<Row[]> {
  const store = await SqlEventStore.create(client);
  // The baseline is the same multi-row INSERT as an append, without the lock, the revision check or NOTIFY.
  await prepareRawInsertBaseline(client);
  const rows: Row[] = [];
  const rate = (events: number, seconds: number) => Math.round(events / seconds);
  const add = (scenario: string, events: number, storeSeconds: number, rawSeconds: number) =>
    rows.push({
      backend,
      scenario,
      events,
      'events/s': rate(events, storeSeconds),
      'raw SQL events/s': rate(events, rawSeconds),
      'store/raw': `${(storeSeconds / rawSeconds).toFixed(2)}x time`,
    });

  // Single writer, one event per append (the common case: one answer saved = one event).
  const single = Math.min(EVENTS, 5000);
  let storeSeconds = await timed(async () => {
    for (let i = 0; i < single; i++) await store.append(`bench-single-${i % 500}`, [sampleEvent(i)], 'any');
  });
  let rawSeconds = await timed(async () => {
    for (let i = 0; i < single; i++) await rawInsertBaseline(client, `raw-single-${i % 500}`, [sampleEvent(i)], i);
  });
  add('append, single writer, 1 event/append', single, storeSeconds, rawSeconds);

  // Batched appends.
  const batches = Math.ceil(EVENTS / BATCH);
  storeSeconds = await timed(async () => {
    for (let b = 0; b < batches; b++) {
      await store.append(
        `bench-batch-${b}`,
        Array.from({ length: BATCH }, (_, i) => sampleEvent(b * BATCH + i)),
        'no_stream',
      );
    }
  });
  rawSeconds = await timed(async () => {
    for (let b = 0; b < batches; b++)
      await rawInsertBaseline(
        client,
        `raw-batch-${b}`,
        Array.from({ length: BATCH }, (_, i) => sampleEvent(b * BATCH + i)),
        0,
      );
  });
  add(`append, batches of ${BATCH}`, batches * BATCH, storeSeconds, rawSeconds);

  // Concurrent writers, each to its own streams.
  const perWriter = Math.floor(single / WRITERS);
  storeSeconds = await timed(async () => {
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) await store.append(`bench-writer-${w}-${i % 50}`, [sampleEvent(i)], 'any');
      }),
    );
  });
  rawSeconds = await timed(async () => {
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) await rawInsertBaseline(client, `raw-writer-${w}-${i % 50}`, [sampleEvent(i)], i);
      }),
    );
  });
  add(`append, ${WRITERS} concurrent writers`, perWriter * WRITERS, storeSeconds, rawSeconds);

  await store.close();
  return rows;
}

function print(rows: Row[]): void {
  console.log(`\nCANS benchmarks — ${EVENTS} events per scenario (BENCH_EVENTS), node ${process.version}\n`);
  console.table(rows);
  console.log('Targets: single append within 2x of raw SQL time (in the running app: see the answer-save bench), 8 writers < 2x.');
}

/** Runs one part, timing it; a failure is recorded for the summary instead of ending the bench. */
async function part<T>(measured: Measured, name: string, work: () => Promise<T>): Promise<T | null> {
  const started = performance.now();
  try {
    const result = await work();
    console.log(`\n[${name}: ${((performance.now() - started) / 1000).toFixed(0)} s]`);
    return result;
  } catch (error) {
    console.error(`\n[${name} FAILED after ${((performance.now() - started) / 1000).toFixed(0)} s]`, error);
    measured.failures.set(name, (error as Error).message ?? String(error));
    return null;
  }
}

/**
 * The assessment-list bench on a scratch database of its own (as runAssessmentListBenchOnServer makes it), keeping
 * the figures of its rebuild (it logs them) and reading the same events with plain SQL before dropping it.
 */
async function listBenchWithRebuild(serverUrl: string, measured: Measured): Promise<ListBenchRow[]> {
  const name = `cans_list_bench_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const rows = await runAssessmentListBench(url.toString(), (line) => {
      console.log(line);
      const rebuilt = /^rebuilt "assessment-list": (\d+) events in ([\d.]+) s \((\d+) events\/s\)/.exec(line);
      if (rebuilt) {
        const [events, seconds, eventsPerSecond] = rebuilt.slice(1).map(Number);
        measured.listRebuild = { events, seconds, eventsPerSecond, rawReadEventsPerSecond: NaN };
      }
    });
    if (measured.listRebuild) {
      const client = new PgSqlClient(url.toString(), 1);
      const raw = await rawReadBaseline(client, REAL_MIX_BATCH).finally(() => client.close());
      measured.listRebuild.rawReadEventsPerSecond = Math.round(raw.events / raw.seconds);
    }
    return rows;
  } finally {
    const dropper = new Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

async function main(): Promise<void> {
  const measured: Measured = {
    appends: [],
    realMix: [],
    list: null,
    listRebuild: null,
    answerSaves: null,
    readiness: null,
    blueGreen: null,
    reports: null,
    dataFeed: null,
    auditViews: null,
    analyticsReplay: null,
    productionSave: null,
    operations: null,
    mixedLoad: null,
    saveBreakdown: null,
    failures: new Map(),
    sizes: {
      writers: WRITERS,
      realMixPostgres: REAL_MIX_POSTGRES,
      realMixPglite: REAL_MIX_PGLITE,
      // The sizes the list and blue/green parts read from the same variables.
      list: Number(process.env.BENCH_LIST_ASSESSMENTS ?? 100_000),
      blueGreen: Number(process.env.BENCH_BLUE_GREEN_ASSESSMENTS ?? 100_000),
      reports: REPORTS_BENCH_ASSESSMENTS,
      dataFeed: FEED_BENCH_ASSESSMENTS,
      analytics: ANALYTICS_BENCH_ASSESSMENTS,
    },
  };
  // The bootstrap's welcome mail to the administrator would be printed otherwise (apps started by the HTTP parts).
  process.env.LOG_LEVEL ??= 'silent';
  const started = performance.now();

  await part(measured, 'appends, PGlite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cans-bench-'));
    const pglite = await PgliteSqlClient.open(dataDir);
    try {
      measured.appends.push(...(await benchmarkBackend('PGlite (data folder)', pglite)));
    } finally {
      await pglite.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  // The real-mix rebuilds on a data folder of their own: only the mix in the log.
  await part(measured, 'real-mix rebuilds, PGlite', async () => {
    const mixDir = mkdtempSync(join(tmpdir(), 'cans-bench-mix-'));
    const mixPglite = await PgliteSqlClient.open(mixDir);
    try {
      measured.realMix.push(...(await runRealMixBench('PGlite (data folder)', mixPglite, REAL_MIX_PGLITE)));
    } finally {
      await mixPglite.close();
      rmSync(mixDir, { recursive: true, force: true });
    }
  });

  const serverUrl = benchServerUrl();
  // The HTTP parts start the app on a fresh database of this server (startTestApp reads TEST_DATABASE_URL).
  process.env.TEST_DATABASE_URL ||= serverUrl;
  const databaseName = `cans_bench_${Date.now()}`;
  let postgresReachable = true;
  try {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
  } catch (error) {
    console.warn(`PostgreSQL skipped: cannot reach ${serverUrl} (${(error as Error).message})`);
    postgresReachable = false;
  }
  if (postgresReachable) {
    await part(measured, 'appends, PostgreSQL', async () => {
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      const postgres = new PgSqlClient(url.toString(), WRITERS + 2);
      try {
        measured.appends.push(...(await benchmarkBackend('PostgreSQL', postgres)));
      } finally {
        await postgres.close();
        const admin = new Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
        await admin.end();
      }
    });
    await part(measured, 'real-mix rebuilds, PostgreSQL', async () => {
      measured.realMix.push(
        ...(await withScratchDatabase(serverUrl, (client, generation) =>
          runRealMixBench('PostgreSQL', client, REAL_MIX_POSTGRES, console.log, generation),
        )),
      );
    });
  }
  print(measured.appends);
  printRealMix(measured.realMix, `PGlite ${REAL_MIX_PGLITE} assessments${postgresReachable ? `, PostgreSQL ${REAL_MIX_POSTGRES}` : ''}`);

  if (postgresReachable) {
    // Assessment list latency, home counts and the list's rebuild over 100k assessments (its own scratch database).
    measured.list = await part(measured, 'assessment list, PostgreSQL', () => listBenchWithRebuild(serverUrl, measured));
    if (measured.list) printListBench(measured.list);
    // The report statistics at 50k approved assessments (its own scratch database).
    measured.reports = await part(measured, 'reports, PostgreSQL', () => runReportsBenchOnServer(serverUrl));
    if (measured.reports) printReportsBench(measured.reports);
    // The XLSX export and the monthly zip of 5,000 approved assessments (the test app's scratch database).
    measured.dataFeed = await part(measured, 'data feed files, PostgreSQL', () => runDataFeedBench());
    if (measured.dataFeed) printDataFeedBench(measured.dataFeed);
  }
  if (postgresReachable) {
    // Issue 32: the answer save as a user meets it (the built app in production mode, its own process), then where
    // one save's time goes (a second start, with SERVER_TIMING=true).
    measured.productionSave = await part(measured, PRODUCTION_SAVE_PART, () => runProductionSaveBench(serverUrl));
    if (measured.productionSave) printProductionSaveBench(measured.productionSave);
    measured.saveBreakdown = await part(measured, 'answer save breakdown, production start', () => measureSaveBreakdown(serverUrl));
    if (measured.saveBreakdown) printSaveBreakdown(measured.saveBreakdown);
    // Issue 29: normal work beside report PDFs, failover after kill -9, recovery after a database restart.
    measured.operations = await part(measured, OPERATIONS_PART, () => runOperationsBench(serverUrl));
    if (measured.operations) printOperationsBench(measured.operations);
    measured.mixedLoad = await part(measured, MIXED_LOAD_PART, () => runMixedLoadBench(serverUrl));
    if (measured.mixedLoad) printMixedLoadBench(measured.mixedLoad);
  }
  // Answer saves through HTTP (PGlite, then PostgreSQL when reachable).
  measured.answerSaves = await part(measured, 'answer saves through HTTP', () => runAnswerSaveBench());
  if (measured.answerSaves) printAnswerSaveRows(measured.answerSaves);
  if (postgresReachable) {
    measured.readiness = await part(measured, '/api/ready under writes, PostgreSQL', () => runReadinessBench());
    if (measured.readiness) printReadinessBench(measured.readiness);
    measured.blueGreen = await part(measured, 'live blue/green rebuild, PostgreSQL', () => runBlueGreenBench(serverUrl));
    if (measured.blueGreen) printBlueGreenBench(measured.blueGreen);
    // Issue 16: the history and as-of views and the read recording (the test app's scratch database), then the
    // analytics projections over the real mix (a scratch database of its own).
    measured.auditViews = await part(measured, 'audit views through HTTP, PostgreSQL', () => runAuditViewsBench());
    if (measured.auditViews) printAuditViewsBench(measured.auditViews);
    measured.analyticsReplay = await part(measured, 'analytics replay, PostgreSQL', () => runAnalyticsReplayBench(serverUrl));
    if (measured.analyticsReplay) printAnalyticsReplayBench(measured.analyticsReplay);
  }

  printSummary(measured, (performance.now() - started) / 1000);
  if (measured.failures.size > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
