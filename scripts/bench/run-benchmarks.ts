/**
 * `npm run bench`: event store and projection throughput on PGlite and PostgreSQL.
 *
 * For each back-end it appends BENCH_EVENTS events three ways (single writer, batches of 50, 8 concurrent
 * writers) and measures the same inserts as plain SQL in the same run — the ratio store/raw is the figure,
 * since absolute numbers depend on the machine. Then it rebuilds projections over those events.
 * Targets: append within 3x of raw; rebuild > 20k events/s on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { printListBench, runAssessmentListBenchOnServer } from './assessment-list-bench';
import { allProjections } from '@cans/projections';
import { printAnswerSaveRows, runAnswerSaveBench } from './answer-save-bench';
import { ProjectionRunner } from '@cans/projections/engine/projection-runner';
import type { NewEvent } from '@cans/storage/event-store/event-store.port';
import { prepareRawInsertBaseline, rawInsertBaseline, SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import { PgliteSqlClient } from '@cans/storage/sql/pglite-sql-client';
import type { SqlClient } from '@cans/storage/sql/sql-client';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20000);
const BATCH = 50;
const WRITERS = 8;

interface Row {
  backend: string;
  scenario: string;
  events: number;
  'events/s': number;
  'raw SQL events/s': number | string;
  'store/raw': string;
}

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

  // Rebuild every projection over everything appended above (a rebuild replays the whole log).
  const readStore = await SqlReadStore.create(client);
  const runner = new ProjectionRunner(store, readStore, allProjections, { batchSize: 1000 });
  for (const projection of allProjections) {
    const { events, seconds } = await runner.rebuildOnce(projection.name);
    rows.push({
      backend,
      scenario: `rebuild projection "${projection.name}"`,
      events,
      'events/s': rate(events, seconds),
      'raw SQL events/s': '-',
      'store/raw': '-',
    });
  }
  await store.close();
  return rows;
}

async function main(): Promise<void> {
  const results: Row[] = [];

  const dataDir = mkdtempSync(join(tmpdir(), 'cans-bench-'));
  const pglite = await PgliteSqlClient.open(dataDir);
  try {
    results.push(...(await benchmarkBackend('PGlite (data folder)', pglite)));
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `cans_bench_${Date.now()}`;
  try {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
  } catch (error) {
    console.warn(`PostgreSQL skipped: cannot reach ${serverUrl} (${(error as Error).message})`);
    print(results);
    return;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const postgres = new PgSqlClient(url.toString(), WRITERS + 2);
  try {
    results.push(...(await benchmarkBackend('PostgreSQL', postgres)));
  } finally {
    await postgres.close();
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  print(results);
  // Assessment list latency over 100k assessments (its own scratch database).
  printListBench(await runAssessmentListBenchOnServer(serverUrl));
}

function print(rows: Row[]): void {
  console.log(`\nCANS benchmarks — ${EVENTS} events per scenario (BENCH_EVENTS), node ${process.version}\n`);
  console.table(rows);
  console.log('Targets: append within 3x of raw SQL time; rebuild > 20,000 events/s on PostgreSQL.');
}

main()
  // Answer-save latency through the assessment command handler (scripts/bench/answer-save-bench.ts).
  .then(async () => printAnswerSaveRows(await runAnswerSaveBench()))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
