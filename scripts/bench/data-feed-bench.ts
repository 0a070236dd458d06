/**
 * The data feed files at scale (issue 15 "Performance"), on PostgreSQL through the real app: BENCH_FEED_ASSESSMENTS
 * (default 5,000) approved assessments of the full seed library (every top-level child item rated), written as
 * events and projected as in production, all in one month, then
 * - the XLSX export of all of them (AssessmentExportService.download: ids, audit record, the streamed workbook into
 *   a sink that discards it): time (target < 10 s) and the process's memory growth while it runs (peak rss and heap
 *   above the values before it, sampled every 20 ms; target < 200 MB);
 * - the monthly zip of the same month (feedZip in a worker thread of the heavy-work pool, as the download writes it):
 *   time (target < 5 s);
 * each beside a same-run baseline: `COPY (SELECT doc FROM <data_feed_assessments> WHERE <same range>) TO STDOUT`
 * of the same rows through pg-copy-streams into a sink.
 *
 * Run alone: `node -r @swc-node/register scripts/bench/data-feed-bench.ts` (TEST_DATABASE_URL or DATABASE_URL,
 * else the local server; the test app creates and drops its scratch database). BENCH_FEED_ASSESSMENTS=200 for a
 * quick run.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CommandBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { seedInstrument, seedRules } from '@cans/domain/library/instrument/seed-instrument';
import { DATA_FEED_ASSESSMENTS_COLLECTION } from '@cans/projections/data-feed/data-feed.projection';
import { feedAssessments, feedMonthIds } from '@cans/projections/data-feed/data-feed.queries';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { tableName } from '@cans/storage/read-store/sql-read-store-layout';
import { startTestApp } from '@cans/backend/test-support/test-app';
import { appendApprovedAssessments } from '@cans/backend/test-support/approved-history';
import { AssessmentExportService } from '@cans/backend/data-feed/export/assessment-export.service';
import { HeavyWorkPool } from '@cans/backend/platform/heavy-work/heavy-work-pool';
import { seedLibrary } from '@cans/backend/library/library-seed';
import { LibraryStateService } from '@cans/backend/library/library-stream/library-state.service';
import { systemActor } from '@cans/backend/platform/commands/actor';
import { ProjectionRunnerService } from '@cans/backend/platform/projections/projection-runner.service';
import { EVENT_STORE, READ_STORE } from '@cans/backend/platform/storage/storage-tokens';
import type { AuthenticatedUser } from '@cans/backend/identity/authentication/authenticated-user';
import { benchServerUrl } from './bench-server';

export const FEED_BENCH_ASSESSMENTS = Number(process.env.BENCH_FEED_ASSESSMENTS ?? 5_000);
const MONTH = '2019-06';
const RANGE = { from: '2019-06-01', to: '2019-06-30' };

export interface DataFeedBenchRow {
  scenario: string;
  assessments: number;
  seconds: number;
  'MB out': number;
  'rss growth MB': number | null;
  'heap growth MB': number | null;
  'baseline COPY s': number;
}

/** A sink that counts and drops what it is given. */
function countingSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
}

/** Runs `work` and answers its time and the peak rss / heap above the values before it (sampled every 20 ms). */
async function measured(work: () => Promise<void>): Promise<{ seconds: number; rssMb: number; heapMb: number }> {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = { rss: before.rss, heap: before.heapUsed };
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) };
  }, 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sample);
  }
  const seconds = (performance.now() - started) / 1000;
  const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
  return { seconds: Math.round(seconds * 100) / 100, rssMb: mb(peak.rss - before.rss), heapMb: mb(peak.heap - before.heapUsed) };
}

export async function runDataFeedBench(log: (line: string) => void = console.log): Promise<DataFeedBenchRow[]> {
  const t = await startTestApp({ backend: 'postgres' });
  try {
    await seedLibrary(t.app.get(CommandBus), systemActor(), seedInstrument, seedRules);
    const library = await t.app.get(LibraryStateService).currentInstrument();
    const ratedItems = library.instrument.domains.flatMap((domain) =>
      domain.caregiverItem ? [] : domain.items.filter((item) => item.kind === 'question').map((item) => item.code),
    );
    log(`data feed bench: writing ${FEED_BENCH_ASSESSMENTS} approved assessments (${ratedItems.length} ratings each)…`);
    const position = await appendApprovedAssessments(t.app.get<EventStore>(EVENT_STORE), library, {
      count: FEED_BENCH_ASSESSMENTS,
      ownerId: '1',
      dateOfAssessment: (i) => `${MONTH}-${String(1 + (i % 30)).padStart(2, '0')}`,
      ratedItems,
    });
    if (!(await t.app.get(ProjectionRunnerService).waitForPosition(position, 600_000))) throw new Error('projections did not catch up');
    const readStore = t.app.get<ReadStore>(READ_STORE);
    const exporter = t.app.get(AssessmentExportService);
    const caller: AuthenticatedUser = {
      id: '1',
      username: 'admin',
      fullName: 'Administrator',
      privileges: ['DATA_FEED_SHOW'],
      kind: 'user',
      sessionId: 'bench',
      isAdministrator: true,
      groupId: '1',
      agencyId: null,
      maxRecords: null,
    };

    // Baseline: the same rows as plain COPY … TO STDOUT (the documents as stored, no file format).
    const table = tableName((await readStore.collectionTarget(DATA_FEED_ASSESSMENTS_COLLECTION)) ?? DATA_FEED_ASSESSMENTS_COLLECTION);
    const client = new Client({ connectionString: t.databaseUrl! });
    await client.connect();
    const copied = countingSink();
    const copy = await measured(() =>
      pipeline(
        client.query(
          copyTo(
            `COPY (SELECT doc FROM ${table} WHERE doc->>'dateOfAssessment' >= '${RANGE.from}' AND doc->>'dateOfAssessment' <= '${RANGE.to}') TO STDOUT`,
          ),
        ),
        copied.sink,
      ),
    );
    await client.end();
    log(`  baseline COPY: ${copy.seconds} s, ${(copied.bytes() / 2 ** 20).toFixed(1)} MB`);

    const xlsx = countingSink();
    const exported = await measured(async () => {
      const file = await exporter.download(RANGE, caller, { ...systemActor(), userId: '1' });
      await pipeline(file.stream, xlsx.sink);
    });
    const zip = countingSink();
    const zipped = await measured(async () => {
      const ids = await feedMonthIds(readStore, MONTH);
      // As the monthly download writes it: in a worker thread of the heavy-work pool, over documents read here.
      const slot = t.app.get(HeavyWorkPool).reserve('bench');
      await pipeline(
        slot.streamFile('zip', (fields) => feedAssessments(readStore, ids, fields)),
        zip.sink,
      );
    });
    const mbOut = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
    return [
      {
        scenario: 'XLSX export of approved assessments (streamed, worker thread)',
        assessments: FEED_BENCH_ASSESSMENTS,
        seconds: exported.seconds,
        'MB out': mbOut(xlsx.bytes()),
        'rss growth MB': exported.rssMb,
        'heap growth MB': exported.heapMb,
        'baseline COPY s': copy.seconds,
      },
      {
        scenario: 'monthly zip of CSVs (feedZip, worker thread)',
        assessments: FEED_BENCH_ASSESSMENTS,
        seconds: zipped.seconds,
        'MB out': mbOut(zip.bytes()),
        'rss growth MB': zipped.rssMb,
        'heap growth MB': zipped.heapMb,
        'baseline COPY s': copy.seconds,
      },
    ];
  } finally {
    await t.close();
  }
}

export function printDataFeedBench(rows: DataFeedBenchRow[]): void {
  console.log('\nData feed files on PostgreSQL (beside a plain COPY of the same documents):');
  console.table(rows);
}

if (require.main === module) {
  process.env.LOG_LEVEL ??= 'silent';
  process.env.TEST_DATABASE_URL ||= benchServerUrl();
  runDataFeedBench()
    .then(printDataFeedBench)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
