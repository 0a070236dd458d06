/**
 * (Over 400 lines on purpose: one self-contained benchmark — data generator, scenarios, report — read top to bottom.)
 *
 * Assessment list latency at scale (spec 000 "Assessment list", page size 20): the query GET /api/assessments runs
 * — the list's own filter (assessmentListFilter), the row-access scope, sort, one page, and the total for
 * Content-Range — over BENCH_LIST_ASSESSMENTS (default 100,000) assessments on PostgreSQL.
 *
 * The read model is built the way production builds it: generated assessment events (start, library version,
 * child record, the status transitions; a share now and then; the case workers' UserCreated names) are appended to
 * the event store, then the assessment-list projection is rebuilt from event zero. Rows are never written by hand.
 *
 * Scopes: the administrator (everything), a supervisor (own + 20 case workers' records), a case worker (own records
 * plus the ones shared with them) — the filter shapes AssessmentAccessService.listScope builds for them.
 * Each scenario runs the page query and the count in parallel, as ListAssessmentsHandler does (the total from the
 * projection's counters when assessmentListTotalFromCounters describes the request, else an exact count).
 * Target: p50 < 20 ms per list request.
 *
 * Limitation: recordedAt is stamped by the store at append time, so every row was "last updated" during the run;
 * the date-of-assessment spread is realistic, the last-update spread is not (the lud filter matches everything).
 *
 * Run alone: `node -r @swc-node/register scripts/bench/assessment-list-bench.ts`; `npm run bench` runs it too.
 * Quicker iterations: BENCH_LIST_ASSESSMENTS=10000 (smaller data), or BENCH_KEEP_DB=1 once and then
 * BENCH_LIST_DATABASE_URL=<kept database> (no new events; the projection is rebuilt when its version changed).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  ASSESSMENT_LIST_COLLECTION,
  ASSESSMENT_SHARES_COLLECTION,
  AssessmentShareDocument,
  assessmentListProjection,
} from '@cans/projections/assessments/assessment-list.projection';
import type { AssessmentAccessService } from '@cans/backend/assessments/access/assessment-access.service';
import { AssessmentCountsService } from '@cans/backend/assessments/statistics/assessment-counts.service';
import { AssessmentMonthsService } from '@cans/backend/assessments/statistics/assessment-months.service';
import { SupervisorCaseloadsService } from '@cans/backend/assessments/statistics/supervisor-caseloads.service';
import type { AccessScope } from '@cans/backend/identity/access/row-access-policy';
import { ProjectionRunner } from '@cans/projections/engine/projection-runner';
import {
  AssessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  addDays,
  assessmentEvent,
  assessmentStreamId,
} from '@cans/domain/assessments';
import type { ChildInformation } from '@cans/domain/assessments';
import { assessmentListFilter, assessmentListTotalFromCounters } from '@cans/backend/assessments/queries/assessment-list.queries';
import type { NewEvent } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { Filter, SortField } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import { DEFAULT_REMINDER_SETTINGS } from '@cans/domain/assessments/reminder-settings';
import { benchServerUrl } from './bench-server';

const ASSESSMENTS = Number(process.env.BENCH_LIST_ASSESSMENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
export const WORKERS = 500;
const SUPERVISEES = 20;
const AGENCIES = 10;
const APPEND_CONCURRENCY = 8;
const PAGE = 20;

export interface ListBenchRow {
  scenario: string;
  requests: number;
  rows: number;
  total: number;
  'p50 ms': number;
  'p99 ms': number;
  'mean ms': number;
  /** The page query alone and the count alone (p50), to see which one costs. */
  'page p50 ms': number;
  'count p50 ms': number;
}

/** A small deterministic PRNG (mulberry32): the same data on every run. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Robin',
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Jamie',
  'Riley',
  'Avery',
  'Quinn',
  'Charlie',
  'Drew',
  'Emery',
  'Harper',
  'Kai',
];
const LAST = [
  'Hale',
  'Smith',
  'Jones',
  'Patel',
  'Khan',
  'Brown',
  'Evans',
  'Wilson',
  'Taylor',
  'Davies',
  'Wright',
  'Walker',
  'Green',
  'Hughes',
  'Wood',
  'Clarke',
  'Lewis',
  'Young',
];
export const workerId = (w: number) => `bench-worker-${w}`;
const agencyId = (w: number) => `bench-agency-${w % AGENCIES}`;
const metadata = (userId: string) => ({ userId, correlationId: randomUUID(), causationId: null, ip: '127.0.0.1' });

function ev<T extends AssessmentEventType>(type: T, data: AssessmentEventDataMap[T]): AssessmentEvent {
  return assessmentEvent(type, data);
}

function childOf(i: number, random: () => number, today: string): ChildInformation {
  const dateOfAssessment = addDays(today, -Math.floor(random() * 3 * 365));
  return {
    cin: `PID-${String(i % Math.floor(ASSESSMENTS * 0.7)).padStart(6, '0')}`,
    familyId: `FAM-${i % 40_000}`,
    firstName: FIRST[Math.floor(random() * FIRST.length)],
    lastName: `${LAST[Math.floor(random() * LAST.length)]}${i % 97}`,
    gender: (['M', 'F', 'G', 'N', 'O'] as const)[Math.floor(random() * 5)],
    raceEthnicity: 'White British',
    primaryLanguage: 'English',
    medicaidNumber: String(100_000_000 + i),
    age: 10,
    dateOfBirth: addDays(dateOfAssessment, -(3650 + Math.floor(random() * 2000))),
    address: null,
    city: null,
    zip: null,
    county: null,
    dateOfAssessment,
    caseOpeningDate: addDays(dateOfAssessment, -30),
    assessorPhoneNumber: null,
    daysToNextAssessment: null,
    lookedAfterChild: 'N',
    lookedAfterStatus: null,
    involvement: null,
    assessmentScope: null,
    recommendationsNote: null,
  };
}

/** The events one assessment's stream ends up with (one append per assessment). */
export function assessmentEvents(
  i: number,
  random: () => number,
  today: string,
): { streamId: string; owner: string; events: AssessmentEvent[] } {
  const assessmentId = randomUUID();
  const w = i % WORKERS;
  const owner = workerId(w);
  const events: AssessmentEvent[] = [
    ev('AssessmentStarted', {
      assessmentId,
      ownerId: owner,
      agencyId: agencyId(w),
      assessmentType: ['62', '63', '64'][i % 3],
      previousAssessmentId: null,
    }),
    ev('AssessmentLibraryVersionRecorded', { assessmentId, instrumentCode: 'CANS_COMPREHENSIVE', version: '1' }),
    ev('ChildInformationSaved', { assessmentId, child: childOf(i, random, today) }),
  ];
  const roll = random();
  const complete = ev('AssessmentCompleted', { assessmentId, completedBy: owner });
  if (roll < 0.2) {
    // incomplete
  } else if (roll < 0.25)
    events.push(complete, ev('AssessmentReturned', { assessmentId, returnedBy: 'bench-supervisor-0', reason: 'Please review.' }));
  else if (roll < 0.35) events.push(complete);
  else if (roll < 0.9) events.push(complete, ev('AssessmentApproved', { assessmentId, approvedBy: 'bench-supervisor-0' }));
  else events.push(ev('AssessmentClosed', { assessmentId, closedBy: owner, reason: 'Case closed.' }));
  if (random() < 0.05) events.push(ev('AssessmentSharedWithUsers', { assessmentId, userIds: [workerId((w + 1) % WORKERS)] }));
  return { streamId: assessmentStreamId(assessmentId), owner, events };
}

const toNew = (event: AssessmentEvent, userId: string): NewEvent => ({ type: event.type, data: event.data, metadata: metadata(userId) });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Builds the data on a fresh PostgreSQL database and measures the list queries. */
export async function runAssessmentListBench(
  connectionString: string,
  log: (line: string) => void = console.log,
  generate = true,
): Promise<ListBenchRow[]> {
  const client = new PgSqlClient(connectionString, APPEND_CONCURRENCY + 2);
  // The history is written on sessions that skip the commit flush (generating it is not what is measured); the
  // rebuild and the reads run with the server's own durability settings, as production does.
  const fastUrl = new URL(connectionString);
  fastUrl.searchParams.set('options', '-c synchronous_commit=off');
  const generationClient = generate ? new PgSqlClient(fastUrl.toString(), APPEND_CONCURRENCY + 2) : null;
  try {
    const store = await SqlEventStore.create(client);
    const writer = generationClient ? await SqlEventStore.create(generationClient) : store;
    const readStore = await SqlReadStore.create(client);
    const today = new Date().toISOString().slice(0, 10);
    const random = prng(42);

    const rebuild = async () => {
      const started = performance.now();
      const runner = new ProjectionRunner(store, readStore, [assessmentListProjection], { batchSize: 1000 });
      const rebuilt = await runner.rebuildOnce(assessmentListProjection.name);
      const rows = await readStore.count(ASSESSMENT_LIST_COLLECTION);
      log(
        `rebuilt "${assessmentListProjection.name}": ${rebuilt.events} events in ${((performance.now() - started) / 1000).toFixed(1)} s (${Math.round(rebuilt.events / rebuilt.seconds)} events/s), ${rows} list rows`,
      );
      // As autovacuum leaves a live table: statistics, and the visibility map.
      await client.query('VACUUM (ANALYZE)');
    };
    if (generate) {
      const started = performance.now();
      for (let w = 0; w < WORKERS; w++) {
        await writer.append(
          `user-${workerId(w)}`,
          [
            {
              type: 'UserCreated',
              data: { userId: workerId(w), firstName: FIRST[w % FIRST.length], lastName: `Worker ${w}` },
              metadata: metadata('bench'),
            },
          ],
          'any',
        );
      }
      const streams = Array.from({ length: ASSESSMENTS }, (_, i) => assessmentEvents(i, random, today));
      let next = 0;
      await Promise.all(
        Array.from({ length: APPEND_CONCURRENCY }, async () => {
          while (next < streams.length) {
            const { streamId, owner, events } = streams[next++];
            await writer.append(
              streamId,
              events.map((e) => toNew(e, owner)),
              'no_stream',
            );
          }
        }),
      );
      const eventCount = WORKERS + streams.reduce((sum, s) => sum + s.events.length, 0);
      log(`appended ${eventCount} events for ${ASSESSMENTS} assessments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await rebuild();
    } else if ((await readStore.getCheckpoint(assessmentListProjection.name))?.version !== assessmentListProjection.version) {
      // A kept database (BENCH_LIST_DATABASE_URL) built by an older projection version: rebuild it as the app would.
      await rebuild();
    } else {
      for (const collection of assessmentListProjection.collections) await readStore.ensureCollection(collection);
    }

    // Row-access filters as AssessmentAccessService.listScope builds them (policy scope OR shared-with-me ids).
    const sharedWithWorker0 = (
      await readStore.find<AssessmentShareDocument>(ASSESSMENT_SHARES_COLLECTION, { userId: workerId(0) }, { limit: 10_000 })
    ).map((share) => share.assessmentId);
    const scopes: Record<string, Filter> = {
      administrator: {},
      supervisor: { $or: [{ ownerId: { $in: ['bench-supervisor-0', ...Array.from({ length: SUPERVISEES }, (_, w) => workerId(w))] } }] },
      'case worker': {
        $or: [{ ownerId: { $in: [workerId(0)] } }, ...(sharedWithWorker0.length ? [{ id: { $in: sharedWithWorker0 } }] : [])],
      },
    };
    const month = today.slice(0, 7);
    const scenarios: Array<{ scenario: string; scope: string; filter: Record<string, unknown>; sort: SortField[]; skip?: number }> = [
      {
        scenario: 'admin, all, sort last update desc',
        scope: 'administrator',
        filter: {},
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
      {
        scenario: 'admin, status Incomplete',
        scope: 'administrator',
        filter: { status: 'i' },
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
      {
        scenario: 'admin, status Approved, last 30 days',
        scope: 'administrator',
        filter: { status: 'a', lud: 30 },
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
      {
        scenario: 'admin, month of assessment, sort DOA',
        scope: 'administrator',
        filter: { month },
        sort: [{ field: 'dateOfAssessment', direction: 'desc' }],
      },
      { scenario: 'admin, sort child name asc', scope: 'administrator', filter: {}, sort: [{ field: 'fullName', direction: 'asc' }] },
      {
        scenario: 'admin, page 100',
        scope: 'administrator',
        filter: {},
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
        skip: 99 * PAGE,
      },
      {
        scenario: 'admin, global search "PID-0012"',
        scope: 'administrator',
        filter: { q: 'PID-0012' },
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
      {
        scenario: 'admin, overdue tab',
        scope: 'administrator',
        filter: { view: 'overdue' },
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
      {
        scenario: 'supervisor (20 workers), sort DOA',
        scope: 'supervisor',
        filter: {},
        sort: [{ field: 'dateOfAssessment', direction: 'desc' }],
      },
      {
        scenario: 'supervisor, status Pending Approval',
        scope: 'supervisor',
        filter: { status: 'c' },
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
      {
        scenario: 'case worker, all, sort last update',
        scope: 'case worker',
        filter: {},
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
      {
        scenario: 'case worker, search "Hale"',
        scope: 'case worker',
        filter: { q: 'Hale' },
        sort: [{ field: 'lastModifiedAt', direction: 'desc' }],
      },
    ];

    const results: ListBenchRow[] = [];
    for (const s of scenarios) {
      const { filter } = assessmentListFilter(s.filter, today, DEFAULT_REMINDER_SETTINGS.daysOfTimeoutAlert);
      const scope = scopes[s.scope];
      const where: Filter = Object.keys(scope).length ? { $and: [scope, filter] } : filter;
      const page = () => readStore.find(ASSESSMENT_LIST_COLLECTION, where, { sort: s.sort, skip: s.skip ?? 0, limit: PAGE });
      // As ListAssessmentsHandler: the projection's counters when they describe the request, else an exact count.
      const count = async () =>
        (Object.keys(scope).length === 0
          ? await assessmentListTotalFromCounters(readStore, s.filter, today, DEFAULT_REMINDER_SETTINGS.daysOfTimeoutAlert)
          : null) ?? (await readStore.count(ASSESSMENT_LIST_COLLECTION, where));
      const run = () => Promise.all([page(), count()]);
      for (let i = 0; i < 5; i++) await run(); // warm-up
      const timesOf = async (work: () => Promise<unknown>, n: number) => {
        const times: number[] = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          await work();
          times.push(performance.now() - t0);
        }
        return times.sort((a, b) => a - b);
      };
      const last = await run();
      const times = await timesOf(run, REQUESTS);
      const pageTimes = await timesOf(page, Math.ceil(REQUESTS / 4));
      const countTimes = await timesOf(count, Math.ceil(REQUESTS / 4));
      results.push({
        scenario: s.scenario,
        requests: REQUESTS,
        rows: last[0].length,
        total: last[1],
        'p50 ms': round(percentile(times, 50)),
        'p99 ms': round(percentile(times, 99)),
        'mean ms': round(times.reduce((a, b) => a + b, 0) / times.length),
        'page p50 ms': round(percentile(pageTimes, 50)),
        'count p50 ms': round(percentile(countTimes, 50)),
      });
    }
    // Home counts (GET /api/assessment-counts?days=30) as AssessmentCountsService computes them for these scopes.
    // "supervisor, rows counted": the same scope with its case workers' rows reached through the filter only (none
    // of their counters), so they are counted row by row as before the per-owner counters — the same totals.
    const scopeOf = (name: string): AccessScope => ({
      actorId: name === 'case worker' ? workerId(0) : 'bench-supervisor-0',
      everything: name === 'administrator',
      editEverything: name === 'administrator',
      everythingReason: name === 'administrator' ? 'administrator' : null,
      // As the policy scopes them: the supervisor edits the records of their case workers (the filter above).
      editableOwnerIds: name === 'supervisor' ? Array.from({ length: SUPERVISEES }, (_, w) => workerId(w)) : [],
      viewableOwnerIds: [],
      agencyIds: [],
      temporary: [],
    });
    const supervisorRowsCounted: Filter = { $or: [{ ownerId: 'bench-supervisor-0' }, ...(scopes.supervisor.$or ?? [])] };
    for (const name of ['administrator', 'supervisor', 'supervisor, rows counted', 'case worker']) {
      const filter = name === 'supervisor, rows counted' ? supervisorRowsCounted : scopes[name];
      const access = { listScope: async () => ({ scope: scopeOf(name), filter }) } as unknown as AssessmentAccessService;
      const service = new AssessmentCountsService(readStore, access);
      const principal = {
        id: 'bench',
        kind: 'user' as const,
        isAdministrator: name === 'administrator',
        privileges: [],
        groupId: null,
        agencyId: null,
      };
      const run = () => service.countsFor(principal, 30);
      for (let i = 0; i < 3; i++) await run();
      const times: number[] = [];
      let last = await run();
      for (let i = 0; i < Math.ceil(REQUESTS / 2); i++) {
        const t0 = performance.now();
        last = await run();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      results.push({
        scenario: `home counts (${name}, 30 days)`,
        requests: times.length,
        rows: 7,
        total: Object.values(last.byStatus).reduce((x, y) => x + y, 0),
        'p50 ms': round(percentile(times, 50)),
        'p99 ms': round(percentile(times, 99)),
        'mean ms': round(times.reduce((x, y) => x + y, 0) / times.length),
        'page p50 ms': 0,
        'count p50 ms': 0,
      });
    }
    results.push(...(await dashboardRows(client, readStore, scopes, scopeOf, today)));
    // Same-run baseline: the cheapest read of the read store, one list row by primary key.
    const someId = (await readStore.find<{ id: string }>(ASSESSMENT_LIST_COLLECTION, {}, { limit: 1 }))[0]?.id ?? 'none';
    const baseline: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await readStore.get(ASSESSMENT_LIST_COLLECTION, someId);
      baseline.push(performance.now() - t0);
    }
    baseline.sort((a, b) => a - b);
    results.push({
      scenario: 'baseline: one list row by primary key',
      requests: REQUESTS,
      rows: 1,
      total: 1,
      'p50 ms': round(percentile(baseline, 50)),
      'p99 ms': round(percentile(baseline, 99)),
      'mean ms': round(baseline.reduce((x, y) => x + y, 0) / baseline.length),
      'page p50 ms': 0,
      'count p50 ms': 0,
    });
    await store.close();
    return results;
  } finally {
    await generationClient?.close();
    await client.close();
  }
}

/** n timed runs (after 3 warm-ups), sorted; and the last run's answer. */
async function timeRuns<T>(run: () => Promise<T>, n: number): Promise<{ times: number[]; last: T }> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  let last = await run();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    last = await run();
    times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), last };
}

const timedRow = (scenario: string, rows: number, total: number, times: number[]): ListBenchRow => ({
  scenario,
  requests: times.length,
  rows,
  total,
  'p50 ms': round(percentile(times, 50)),
  'p99 ms': round(percentile(times, 99)),
  'mean ms': round(times.reduce((x, y) => x + y, 0) / times.length),
  'page p50 ms': 0,
  'count p50 ms': 0,
});

/** Indexed jsonb expressions of the read store (sql-read-store-filter.ts), so the raw SQL uses the same indexes. */
const field = (name: string) => `(doc #> '{"${name}"}')`;
const text = (name: string) => `(doc #>> '{"${name}"}')`;

/**
 * The home dashboard (issue 13: "dashboard p50 < 50 ms at 100,000 assessments … beside a raw SQL aggregate over the
 * same facts measured in the same run"): GET /api/assessment-counts/months and …/supervisees as their services answer
 * them from the projection's counters, each beside one GROUP BY over the list rows of the same scope. The two
 * answers must agree (the bench stops otherwise), so the figures compare the same facts.
 * Supervisees: the supervisor supervises the 20 case workers of its scope; the administrator, as an upper bound, all
 * 500 workers directly; the case worker nobody. The bench has no identity read model: the service's two directory
 * reads (the supervisor, the workers' names) are stood in for by one read by primary key each, of the same ids.
 */
async function dashboardRows(
  client: PgSqlClient,
  readStore: SqlReadStore,
  scopes: Record<string, Filter>,
  scopeOf: (name: string) => AccessScope,
  today: string,
): Promise<ListBenchRow[]> {
  const rows: ListBenchRow[] = [];
  const n = Math.ceil(REQUESTS / 2);
  const list = `rm_${ASSESSMENT_LIST_COLLECTION}`;
  const now = new Date(`${today}T12:00:00Z`);
  const superviseesOf: Record<string, string[]> = {
    administrator: Array.from({ length: WORKERS }, (_, w) => workerId(w)),
    supervisor: Array.from({ length: SUPERVISEES }, (_, w) => workerId(w)),
    'case worker': [],
  };
  const jsonIds = (ids: string[]) => ids.map((id) => JSON.stringify(id));
  for (const name of ['administrator', 'supervisor', 'case worker']) {
    const scope = scopeOf(name);
    const filter = scopes[name];
    const access = {
      listScope: async () => ({ scope, filter }),
      user: async (id: string) => {
        await readStore.get(ASSESSMENT_LIST_COLLECTION, id);
        return { id, superviseeIds: superviseesOf[name] };
      },
      userNames: async (ids: readonly string[]) => {
        await readStore.getMany(ASSESSMENT_LIST_COLLECTION, [...ids]);
        return new Map(ids.map((id) => [id, `Name of ${id}`]));
      },
    } as unknown as AssessmentAccessService;
    const principal = {
      id: scope.actorId,
      kind: 'user' as const,
      isAdministrator: scope.everything,
      privileges: [],
      groupId: null,
      agencyId: null,
    };

    // Months: the service (counters), and GROUP BY month, type over the rows of the scope in the same 12 months.
    const months = new AssessmentMonthsService(readStore, access);
    const served = await timeRuns(() => months.monthlyFor(principal, now), n);
    const { months: window } = served.last;
    const owners = [...new Set([scope.actorId, ...scope.editableOwnerIds])];
    const sharedIds = ((filter.$or as Filter[] | undefined) ?? []).flatMap(
      (clause) => ((clause.id as { $in?: string[] })?.$in ?? []) as string[],
    );
    const monthsSql = `SELECT left(${text('dateOfAssessment')}, 7) AS month, ${text('assessmentType')} AS type, count(*)::int AS n
      FROM ${list} WHERE ${field('dateOfAssessment')} >= to_jsonb($1::text) AND ${field('dateOfAssessment')} <= to_jsonb($2::text)
      ${scope.everything ? '' : `AND (${field('ownerId')} = ANY($3::jsonb[]) OR id = ANY($4::text[]))`} GROUP BY 1, 2`;
    const monthsParams = [`${window[0]}-01`, `${window[window.length - 1]}-31`, ...(scope.everything ? [] : [jsonIds(owners), sharedIds])];
    const raw = await timeRuns(() => client.query<{ month: string; type: string; n: number }>(monthsSql, monthsParams), n);
    const servedTotal = served.last.totals.reduce((x, y) => x + y, 0);
    const rawTotal = raw.last.rows.reduce((x, row) => x + row.n, 0);
    if (servedTotal !== rawTotal) throw new Error(`months (${name}): the service counts ${servedTotal}, the SQL ${rawTotal}`);
    rows.push(timedRow(`dashboard months (${name}), service`, 12, servedTotal, served.times));
    rows.push(timedRow(`dashboard months (${name}), raw SQL GROUP BY`, raw.last.rows.length, rawTotal, raw.times));

    // Supervisees: the service (counters), and one GROUP BY owner over the workers' rows with the same seven numbers.
    const caseloads = new SupervisorCaseloadsService(readStore, access);
    const servedCaseloads = await timeRuns(() => caseloads.caseloadsFor(principal, now), n);
    const { dueUntil, overdueAfterDays } = servedCaseloads.last;
    const overdueBefore = addDays(today, -overdueAfterDays);
    const status = text('status');
    const due = text('nextAssessmentDueOn');
    const caseloadSql = `SELECT ${text('ownerId')} AS owner,
        count(*) FILTER (WHERE ${field('hasLaterAssessment')} = 'false') AS children,
        count(*) FILTER (WHERE ${status} IN ('incomplete', 'returned')) AS in_progress,
        count(*) FILTER (WHERE ${status} = 'pendingApproval') AS pending_approval,
        count(*) FILTER (WHERE ${status} = 'approved') AS completed,
        count(*) FILTER (WHERE ${due} > $2 AND ${due} <= $3) AS due_soon,
        count(*) FILTER (WHERE ${due} > $4 AND ${due} <= $2) AS follow_up,
        count(*) FILTER (WHERE ${due} > '' AND ${due} <= $4) AS overdue
      FROM ${list} WHERE ${field('ownerId')} = ANY($1::jsonb[]) GROUP BY 1`;
    const rawCaseloads = await timeRuns(
      () => client.query<Record<string, string>>(caseloadSql, [jsonIds(superviseesOf[name]), today, dueUntil, overdueBefore]),
      n,
    );
    const sum = (numbers: number[]) => numbers.reduce((x, y) => x + y, 0);
    const servedFigures = servedCaseloads.last.workers.map((w) => [
      w.children,
      w.inProgress,
      w.pendingApproval,
      w.completed,
      w.dueSoon,
      w.followUp,
      w.overdue,
    ]);
    const rawFigures = rawCaseloads.last.rows.map((r) =>
      ['children', 'in_progress', 'pending_approval', 'completed', 'due_soon', 'follow_up', 'overdue'].map((key) => Number(r[key])),
    );
    const [servedSums, rawSums] = [servedFigures, rawFigures].map((figures) =>
      [0, 1, 2, 3, 4, 5, 6].map((i) => sum(figures.map((f) => f[i]))),
    );
    if (servedSums.join() !== rawSums.join())
      throw new Error(`supervisees (${name}): the service counts ${servedSums.join()}, the SQL ${rawSums.join()}`);
    const workers = superviseesOf[name].length;
    rows.push(
      timedRow(`dashboard supervisees (${name}, ${workers} workers), service`, servedFigures.length, servedSums[0], servedCaseloads.times),
    );
    rows.push(
      timedRow(`dashboard supervisees (${name}, ${workers} workers), raw SQL GROUP BY`, rawFigures.length, rawSums[0], rawCaseloads.times),
    );
  }
  return rows;
}

/** Creates a scratch database on the server, runs the bench in it, drops it. */
export async function runAssessmentListBenchOnServer(serverUrl: string): Promise<ListBenchRow[]> {
  const databaseName = `cans_list_bench_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  try {
    return await runAssessmentListBench(url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DB) {
      console.log(`kept database ${url.toString()} (BENCH_KEEP_DB)`);
    } else {
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await dropper.end();
    }
  }
}

export function printListBench(rows: ListBenchRow[]): void {
  console.log(
    `\nAssessment list on PostgreSQL — ${ASSESSMENTS} assessments (BENCH_LIST_ASSESSMENTS), page ${PAGE} + count, ${REQUESTS} requests each\n`,
  );
  console.table(rows);
  console.log(
    'Target: p50 < 20 ms per list request; home counts (supervisor) p50 < 10 ms; dashboard months and supervisees p50 < 50 ms (beside the raw SQL GROUP BY of the same scope).',
  );
}

if (require.main === module) {
  const serverUrl = benchServerUrl();
  // BENCH_LIST_DATABASE_URL: measure again on a database kept by an earlier run (BENCH_KEEP_DB), without regenerating.
  const existing = process.env.BENCH_LIST_DATABASE_URL;
  (existing ? runAssessmentListBench(existing, console.log, false) : runAssessmentListBenchOnServer(serverUrl))
    .then(printListBench)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
