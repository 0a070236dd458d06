/**
 * Report latency at scale (issue 13 "Performance"): the report queries over BENCH_REPORTS_ASSESSMENTS (default
 * 50,000) approved assessments on PostgreSQL, each beside a raw SQL aggregate over the same stored facts measured in
 * the same run.
 *
 * The read model is built the way production builds it: generated assessment events (start, library version, child
 * record, a caregiver on 70 %, one ItemRated per answered question of the seed library — about 85 % of the child
 * questions and every caregiver question — completion, approval) are appended to the event store, then the
 * report-rows projection is rebuilt from event zero with the ProjectionRunner. Rows are never written by hand.
 * Children: min(10,000, N / 5) children have two assessments (90 to 720 days apart), every other assessment is a
 * child of its own; so at 50,000 Many Children Many CANS pairs 10,000 children out of 50,000 rows.
 *
 * Scenarios (what the controllers run, for a state-level user — everything covered, no filter — the largest cohort):
 * - Many Children One CANS, all domains: the cohort rows + codebook, manyChildrenReport. Target p50 < 500 ms.
 *   Raw SQL: per code position and rating, the count over the packed child and caregiver ratings (GROUP BY).
 * - Quick Glance, all domains: the glance facts + codebook + class count, reportGlance() (Gender Overview pie).
 *   Target p50 < 200 ms.
 *   Raw SQL: count, distinct PIDs, mean age and the rating overview (GROUP BY rating).
 * - Many Children Many CANS, all child domains: rows, first and last time-point per child, manyChildrenManyCans.
 *   Target p50 < 1 s. Raw SQL: first and last per PID by window functions, then counts per position and rating.
 * - Filter lookups: the (assessor, agency, county) counters. Raw SQL: SELECT DISTINCT over the rows.
 * - The cohort read alone (statistics fields + codebook, shared by the reports above), beside the same SELECT: how
 *   much of each report is reading and how much is aggregating.
 *
 * Run alone: `node -r @swc-node/register scripts/bench/reports-bench.ts` (TEST_DATABASE_URL or DATABASE_URL, else
 * the local server; a scratch database is created and dropped). BENCH_REPORTS_REQUESTS (default 20) per scenario.
 */
import { Client } from 'pg';
import { addDays, assessmentEvent, assessmentStreamId, type AssessmentEvent, type Caregiver } from '@cans/domain/assessments';
import type { Item, Module, Rating } from '@cans/domain/library/instrument/instrument.types';
import { seedInstrument } from '@cans/domain/library/instrument/seed-instrument';
import { ProjectionRunner } from '@cans/projections/engine/projection-runner';
import { REPORT_ROWS_COLLECTION, reportRowsProjection } from '@cans/projections/reports/report-rows.projection';
import {
  countReportChildren,
  findGlanceFacts,
  findReportDimensions,
  findReportFacts,
  ratingCodebook,
  REPORT_FACT_FIELDS,
} from '@cans/projections/reports/report-rows.queries';
import { reportDomainsOf } from '@cans/backend/reports/report-library.service';
import { manyChildrenReport } from '@cans/backend/reports/report-statistics';
import { reportGlance } from '@cans/backend/reports/glance/report-glance';
import { multiAssessmentSeries } from '@cans/backend/reports/time-points/time-points';
import { manyChildrenManyCans } from '@cans/backend/reports/time-points/many-children-many-cans';
import type { NewEvent } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import { tableName } from '@cans/storage/read-store/sql-read-store-layout';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import { caregiverOf, childOf, mixId, prng } from './real-mix/real-mix-records';
import { benchServerUrl } from './bench-server';

export const REPORTS_BENCH_ASSESSMENTS = Number(process.env.BENCH_REPORTS_ASSESSMENTS ?? 50_000);
const ASSESSMENTS = REPORTS_BENCH_ASSESSMENTS;
const REQUESTS = Number(process.env.BENCH_REPORTS_REQUESTS ?? 20);
const WORKERS = 250;
const AGENCIES = 10;
const COUNTIES = ['West Yorkshire', 'North Yorkshire', 'Lancashire', 'Cumbria', 'Durham'];
const APPEND_CONCURRENCY = 8;
const RATINGS: Rating[] = ['0', '1', '0', '2', '1', '0', '3', '1', '0', '2', 'NA', '1'];

export interface ReportsBenchRow {
  scenario: string;
  requests: number;
  'cohort rows': number;
  children: number;
  'p50 ms': number;
  'p99 ms': number;
  'raw SQL p50 ms': number;
  'target p50 ms': number | string;
}

/** The seed library's questions (child or caregiver). */
function seedQuestions(): Array<{ code: string; caregiver: boolean }> {
  const out: Array<{ code: string; caregiver: boolean }> = [];
  const walk = (items: readonly Item[], modules: readonly Module[], caregiver: boolean) => {
    for (const item of items) if (item.kind === 'question') out.push({ code: item.code, caregiver });
    for (const m of modules) walk(m.items, m.modules, caregiver);
  };
  for (const domain of seedInstrument.domains) walk(domain.items, domain.modules, domain.caregiverItem);
  return out;
}

/** Children with two assessments (the first 2 × pairs assessments, consecutive), the rest one each. */
export const twoTimePointChildren = (assessments: number) => Math.min(10_000, Math.floor(assessments / 5));

/** The events of one approved assessment (one append). */
function approvedAssessment(i: number, today: string, questions: ReturnType<typeof seedQuestions>) {
  // A PRNG per assessment: the same data whatever order the concurrent appenders take them in.
  const random = prng(13 + i);
  const assessmentId = mixId('report-assessment', i);
  const w = Math.floor(random() * WORKERS);
  const owner = `bench-worker-${w}`;
  const pairs = twoTimePointChildren(ASSESSMENTS);
  const paired = i < 2 * pairs;
  const base = childOf(i, random, today, ASSESSMENTS);
  // The second assessment of a pair 90-720 days after the first (the same PRNG draw for both halves of the pair).
  const firstDay = addDays(today, -(800 + (Math.floor(i / 2) % 700)));
  const dateOfAssessment = paired ? (i % 2 === 0 ? firstDay : addDays(firstDay, 90 + ((i * 37) % 630))) : base.dateOfAssessment;
  const child = {
    ...base,
    cin: paired ? `PID-P${Math.floor(i / 2)}` : `PID-S${i}`,
    county: COUNTIES[i % COUNTIES.length],
    dateOfAssessment,
    dateOfBirth: addDays(dateOfAssessment, -(1500 + Math.floor(random() * 5000))),
  };
  const ev = (event: AssessmentEvent, by = owner): NewEvent => ({
    type: event.type,
    data: event.data as object,
    metadata: { userId: by, correlationId: mixId('correlation', i), causationId: null, ip: '127.0.0.1' },
  });
  const events: NewEvent[] = [
    ev(
      assessmentEvent('AssessmentStarted', {
        assessmentId,
        ownerId: owner,
        agencyId: `bench-agency-${w % AGENCIES}`,
        assessmentType: ['62', '63', '64'][i % 3],
        previousAssessmentId: null,
      }),
    ),
    ev(assessmentEvent('AssessmentLibraryVersionRecorded', { assessmentId, instrumentCode: seedInstrument.code, version: '1' })),
    ev(assessmentEvent('ChildInformationSaved', { assessmentId, child })),
  ];
  const caregivers: Caregiver[] = random() < 0.7 ? [caregiverOf(`${assessmentId}:0`, 0)] : [];
  for (const caregiver of caregivers) events.push(ev(assessmentEvent('CaregiverAdded', { assessmentId, caregiver })));
  let n = i;
  for (const q of questions) {
    if (q.caregiver) {
      for (const c of caregivers)
        events.push(
          ev(assessmentEvent('ItemRated', { assessmentId, questionCode: q.code, caregiverId: c.caregiverId, rating: RATINGS[n++ % 12] })),
        );
    } else if (random() >= 0.15)
      events.push(ev(assessmentEvent('ItemRated', { assessmentId, questionCode: q.code, caregiverId: null, rating: RATINGS[n++ % 12] })));
  }
  events.push(ev(assessmentEvent('AssessmentCompleted', { assessmentId, completedBy: owner })));
  events.push(ev(assessmentEvent('AssessmentApproved', { assessmentId, approvedBy: 'bench-supervisor' }), 'bench-supervisor'));
  return { streamId: assessmentStreamId(assessmentId), events };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (ms: number) => Math.round(ms * 10) / 10;

async function timesOf(work: () => Promise<unknown>, n: number): Promise<number[]> {
  for (let i = 0; i < 2; i++) await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** Appends the events, rebuilds report-rows and measures, on the given (scratch) database. */
export async function runReportsBench(connectionString: string, log: (line: string) => void = console.log): Promise<ReportsBenchRow[]> {
  const client = new PgSqlClient(connectionString, APPEND_CONCURRENCY + 2);
  const fastUrl = new URL(connectionString);
  fastUrl.searchParams.set('options', '-c synchronous_commit=off');
  const generationClient = new PgSqlClient(fastUrl.toString(), APPEND_CONCURRENCY + 2);
  try {
    const store = await SqlEventStore.create(client);
    const writer = await SqlEventStore.create(generationClient);
    const readStore = await SqlReadStore.create(client);
    const today = new Date().toISOString().slice(0, 10);
    const questions = seedQuestions();

    let started = performance.now();
    let next = 0;
    let events = 0;
    await Promise.all(
      Array.from({ length: APPEND_CONCURRENCY }, async () => {
        while (next < ASSESSMENTS) {
          const stream = approvedAssessment(next++, today, questions);
          events += stream.events.length;
          await writer.append(stream.streamId, stream.events, 'no_stream');
        }
      }),
    );
    await writer.close();
    log(`appended ${events} events for ${ASSESSMENTS} approved assessments in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const runner = new ProjectionRunner(store, readStore, [reportRowsProjection], { batchSize: 1000 });
    const rebuilt = await runner.rebuildOnce(reportRowsProjection.name);
    log(
      `rebuilt "${reportRowsProjection.name}": ${rebuilt.events} events in ${rebuilt.seconds.toFixed(1)} s (${Math.round(rebuilt.events / rebuilt.seconds)} events/s), ${await readStore.count(REPORT_ROWS_COLLECTION)} rows`,
    );
    await client.query('VACUUM (ANALYZE)');
    const rowsTable = tableName((await readStore.collectionTarget(REPORT_ROWS_COLLECTION)) ?? REPORT_ROWS_COLLECTION);
    const sql = (text: string) => () => client.query(text);

    const domains = reportDomainsOf(seedInstrument);
    const childDomains = domains.filter((d) => !d.caregiverItem);
    const everything = {};
    const cohort = async () => {
      const [rows, codebook] = await Promise.all([findReportFacts(readStore, everything), ratingCodebook(readStore)]);
      return { rows, codebook };
    };
    const sample = await cohort();
    const children = new Set(sample.rows.map((r) => r.cin)).size;
    const pairs = multiAssessmentSeries(sample.rows).length;
    log(`cohort: ${sample.rows.length} rows, ${children} children, ${pairs} with two or more time-points`);

    const packedCounts = (field: string) =>
      `SELECT t.pos, t.ch, count(*) FROM ${rowsTable} r, LATERAL unnest(string_to_array(r.doc->>'${field}', NULL)) WITH ORDINALITY AS t(ch, pos) GROUP BY 1, 2`;
    const scenarios: Array<{
      scenario: string;
      rows: number;
      children: number;
      target: number | string;
      work: () => Promise<unknown>;
      raw: () => Promise<unknown>;
    }> = [
      {
        // Where the time goes: the cohort read alone (what every report above shares), beside reading the same fields raw.
        scenario: 'cohort read only (statistics fields + codebook)',
        rows: sample.rows.length,
        children,
        target: '-',
        work: cohort,
        raw: sql(
          `SELECT id, ${Object.keys(REPORT_FACT_FIELDS)
            .map((field) => `doc->>'${field}'`)
            .join(', ')} FROM ${rowsTable}`,
        ),
      },
      {
        scenario: 'Many Children One CANS, all domains',
        rows: sample.rows.length,
        children,
        target: 500,
        work: async () => {
          const { rows, codebook } = await cohort();
          return manyChildrenReport(rows, domains, codebook);
        },
        raw: sql(`${packedCounts('childRatings')} UNION ALL ${packedCounts('caregiverRatings')}`),
      },
      {
        scenario: 'Quick Glance, all domains',
        rows: sample.rows.length,
        children,
        target: 200,
        work: async () => {
          // As the glance route reads: the glance's narrower facts, the codebook and the class's children at once.
          const [rows, codebook, classChildren] = await Promise.all([
            findGlanceFacts(readStore, everything),
            ratingCodebook(readStore),
            countReportChildren(readStore, everything),
          ]);
          return reportGlance('many-children-one-cans', rows, domains, codebook, classChildren);
        },
        raw: async () =>
          Promise.all([
            client.query(`SELECT count(*), count(DISTINCT doc->>'cin'), avg((doc->>'age')::numeric) FROM ${rowsTable}`),
            client.query(
              `SELECT ch, count(*) FROM ${rowsTable} r, LATERAL unnest(string_to_array(r.doc->>'childRatings', NULL)) AS ch GROUP BY ch`,
            ),
          ]),
      },
      {
        scenario: `Many Children Many CANS, ${pairs} children with two time-points`,
        rows: sample.rows.length,
        children: pairs,
        target: 1000,
        work: async () => {
          const { rows, codebook } = await cohort();
          const firstAndLast = multiAssessmentSeries(rows).map((s) => ({ first: s[0], last: s[s.length - 1] }));
          return manyChildrenManyCans(firstAndLast, childDomains, codebook);
        },
        raw: sql(`
          WITH ranked AS (
            SELECT doc->>'childRatings' AS packed,
                   row_number() OVER (PARTITION BY doc->>'cin' ORDER BY doc->>'dateOfAssessment', doc->>'createdAt', id) AS n,
                   count(*) OVER (PARTITION BY doc->>'cin') AS c
            FROM ${rowsTable})
          SELECT n = 1 AS first, t.pos, t.ch, count(*)
          FROM ranked, LATERAL unnest(string_to_array(packed, NULL)) WITH ORDINALITY AS t(ch, pos)
          WHERE c >= 2 AND (n = 1 OR n = c)
          GROUP BY 1, 2, 3`),
      },
      {
        scenario: 'filter lookups (assessor/agency/county counters)',
        rows: sample.rows.length,
        children,
        target: '-',
        work: () => findReportDimensions(readStore, everything),
        raw: sql(`SELECT DISTINCT doc->>'ownerId', doc->>'agencyId', doc->>'county' FROM ${rowsTable}`),
      },
    ];

    const results: ReportsBenchRow[] = [];
    for (const s of scenarios) {
      const times = await timesOf(s.work, REQUESTS);
      const raw = await timesOf(s.raw, REQUESTS);
      results.push({
        scenario: s.scenario,
        requests: REQUESTS,
        'cohort rows': s.rows,
        children: s.children,
        'p50 ms': round(percentile(times, 50)),
        'p99 ms': round(percentile(times, 99)),
        'raw SQL p50 ms': round(percentile(raw, 50)),
        'target p50 ms': s.target,
      });
      log(`  ${s.scenario}: p50 ${round(percentile(times, 50))} ms (raw SQL ${round(percentile(raw, 50))} ms)`);
    }
    await store.close();
    return results;
  } finally {
    await generationClient.close().catch(() => undefined);
    await client.close();
  }
}

/** Creates a scratch database on the server, runs the bench in it, drops it. */
export async function runReportsBenchOnServer(serverUrl: string, log: (line: string) => void = console.log): Promise<ReportsBenchRow[]> {
  const databaseName = `cans_reports_bench_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  try {
    return await runReportsBench(url.toString(), log);
  } finally {
    if (process.env.BENCH_KEEP_DB) log(`kept database ${url.toString()} (BENCH_KEEP_DB)`);
    else {
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await dropper.end();
    }
  }
}

export function printReportsBench(rows: ReportsBenchRow[]): void {
  console.log(`\nReports on PostgreSQL — ${ASSESSMENTS} approved assessments (BENCH_REPORTS_ASSESSMENTS), state-level user, no filter\n`);
  console.table(rows);
  console.log(
    'Targets at 50,000: Many Children One CANS p50 < 500 ms, its glance < 200 ms, Many Children Many CANS (10,000 children) < 1 s.',
  );
}

if (require.main === module) {
  const serverUrl = benchServerUrl();
  runReportsBenchOnServer(serverUrl)
    .then(printReportsBench)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
