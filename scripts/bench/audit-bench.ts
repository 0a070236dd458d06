/**
 * The audit figures of issue 16 ("Performance"), on PostgreSQL, each beside a baseline measured in the same run:
 *
 * Audit views (runAuditViewsBench): the real Nest app listening on a port (request log at level info to /dev/null,
 * as the answer-save bench), a case worker signed in with the session cookie, one keep-alive connection. One
 * assessment of the full seed library driven through the HTTP commands to HISTORY_EVENTS events on its stream
 * (ratings, a question comment every 20 steps, a narrative every 50) with an editor read every 10 steps (recorded
 * as AssessmentRecordsRead events, ≈ 50 'viewed' entries).
 * - history: GET /api/assessments/{id}/history through HTTP (the figure), and AssessmentHistoryService.history()
 *   called directly; baseline: EventStore.readStream of the same events. While these are timed, record() is a no-op
 *   (the history's own reads would otherwise add 'viewed' entries during the run; their cost is the last figure).
 * - as of a past event: GET …/as-of?revision=N for random N through HTTP, and AssessmentAsOfService.asOf() directly;
 *   baseline: readStream with toRevision N (the same N).
 * - recording a read: GET /api/assessments/{id} (the editor) in alternating blocks with RecordReadsService.record
 *   live and made a no-op (the flushes and their projection inside the recorded blocks; what is left queued after a
 *   block is flushed untimed), p50 of each; and record() alone against an empty function, per call.
 * Each request is followed by its baseline, so both see the same machine load.
 *
 * Analytics replay (runAnalyticsReplayBench): the real event mix (real-mix/write-real-mix.ts) for
 * BENCH_ANALYTICS_ASSESSMENTS (default 100,000 ≈ 7.5M events) on a scratch database (its write time is printed),
 * then for each analytics projection the raw-SQL read floor (real-mix/replay.ts) and the runner's rebuildOnce right
 * after it; then one `replay --until` (replayAnalyticsProjection) of item-transitions at the middle of the log's time
 * span beside a fresh floor. events/s counts every event read, as the real-mix rows do.
 *
 * Targets: history p50 < 100 ms; as of a past event p50 < 50 ms; analytics rebuild > 20,000 events/s; recording a
 * read adds < 1 ms to the read's p50.
 *
 * Run alone: `node --max-semi-space-size=64 -r @swc-node/register scripts/bench/audit-bench.ts` (TEST_DATABASE_URL or
 * DATABASE_URL, else the local server). BENCH_ANALYTICS_ASSESSMENTS=5000 for a quick run; BENCH_AUDIT_REQUESTS
 * (default 200) timed requests per figure; BENCH_AUDIT_PARTS=views (or analytics) runs one part.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { CommandBus } from '@nestjs/cqrs';
import { assessmentStreamId } from '@cans/domain/assessments';
import { ANALYTICS_PROJECTIONS } from '@cans/projections/analytics';
import { parseReplayMoment, replayAnalyticsProjection } from '@cans/projections/analytics/analytics-replay';
import { allProjections } from '@cans/projections';
import { ProjectionRunner } from '@cans/projections/engine/projection-runner';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { findAssessmentReads } from '@cans/projections/audit/record-reads.queries';
import type { Privilege } from '@cans/domain/identity/privileges';
import { AssessmentAsOfService } from '@cans/backend/assessments/history/assessment-as-of.service';
import { AssessmentHistoryService } from '@cans/backend/assessments/history/assessment-history.service';
import { RecordReadsService } from '@cans/backend/audit/record-reads/record-reads.service';
import type { AccessActor } from '@cans/backend/identity/access/row-access-policy';
import { seedLibrary } from '@cans/backend/library/library-seed';
import { systemActor } from '@cans/backend/platform/commands/actor';
import { EVENT_STORE, READ_STORE } from '@cans/backend/platform/storage/storage-tokens';
import { startTestApp, TestApp } from '@cans/backend/test-support/test-app';
import { CookieClient, Item, startAssessment } from './answer-save-bench';
import { REAL_MIX_BATCH, withScratchDatabase } from './real-mix/real-mix-bench';
import { NARRATIVE, prng } from './real-mix/real-mix-records';
import { rawReadBaseline, Timed } from './real-mix/replay';
import { writeRealMix } from './real-mix/write-real-mix';
import { benchServerUrl } from './bench-server';
import { PreviewTiming, previewTiming, SandboxedRebuild, sandboxedRebuild } from './analyst-sandbox-bench';

export const ANALYTICS_BENCH_ASSESSMENTS = Number(process.env.BENCH_ANALYTICS_ASSESSMENTS ?? 100_000);
export const HISTORY_EVENTS = 500;
const REQUESTS = Number(process.env.BENCH_AUDIT_REQUESTS ?? 200);
const WARM_UP = 20;
const EDITOR_BLOCK = 50;
const WORKER_ID = '5e0c7a1e-0d1f-4b8e-9a55-beec00000001';
const WORKER_PRIVILEGES: Privilege[] = ['HOME_SHOW', 'Assessment_View', 'Assessment_New', 'Assessment_Edit'];

export interface Latency {
  count: number;
  p50: number;
  p99: number;
}

export interface AuditViewsResult {
  /** Events on the assessment's stream, and reads of it recorded before the timed requests. */
  events: number;
  reads: number;
  history: { http: Latency; service: Latency; readStream: Latency; entries: number };
  asOf: { http: Latency; service: Latency; readStreamToRevision: Latency };
  editor: { recorded: Latency; notRecorded: Latency; recordCallMicros: number; emptyCallMicros: number };
}

export interface AnalyticsReplayRow {
  projection: string;
  how: string;
  events: number;
  seconds: number;
  'events/s': number;
  'raw read events/s': number;
  'replay/raw time': string;
}

export interface AnalyticsReplayResult {
  assessments: number;
  written: { events: number; seconds: number };
  rows: AnalyticsReplayRow[];
  /** Issue 30: the item-transitions template in the sandbox, from event zero, and a preview of 10,000 events. */
  sandboxed: SandboxedRebuild | null;
  preview: PreviewTiming | null;
}

const round = (n: number) => Math.round(n * 100) / 100;

function latencyOf(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { count: times.length, p50: round(at(50)), p99: round(at(99)) };
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Drives one assessment through the HTTP commands to HISTORY_EVENTS events, reading it in the editor every 10 steps. */
async function buildHistory(client: CookieClient, eventStore: EventStore): Promise<string> {
  const { id, items } = await startAssessment(client, 16);
  const ok = async (answer: Promise<{ status: number; body: string }>, step: string): Promise<number> => {
    const sent = await answer;
    if (sent.status >= 300) throw new Error(`${step} → ${sent.status} ${sent.body.slice(0, 300)}`);
    return (JSON.parse(sent.body) as { revision: number }).revision;
  };
  let revision = (await eventStore.readStream(assessmentStreamId(id))).length - 1;
  for (let step = 0; revision < HISTORY_EVENTS - 1; step++) {
    const item: Item = items[step % items.length];
    if (step % 20 === 19) {
      const comment = { questionCode: item.code, caregiverId: item.caregiverId, content: `Discussed with the family (${step}).` };
      revision = await ok(client.send('PUT', `/api/assessments/${id}/comments/${randomUUID()}`, comment), 'comment');
    } else if (step % 50 === 49) {
      const narrative = { ...NARRATIVE, plan: `${NARRATIVE.plan} Step ${step}.` };
      revision = await ok(client.send('PUT', `/api/assessments/${id}/narrative`, { narrative }), 'narrative');
    } else {
      // Each pass over the items moves every rating on by one: a save that changes nothing writes no event.
      const rating = (Math.floor(step / items.length) + step) % 4;
      const body = { questionCode: item.code, caregiverId: item.caregiverId, rating };
      revision = await ok(client.send('PUT', `/api/assessments/${id}/ratings`, body), 'rating');
    }
    if (step % 10 === 0) await client.json('GET', `/api/assessments/${id}`);
  }
  return id;
}

/** Runs `work` with RecordReadsService.record made a no-op, then puts it back. */
async function withoutRecording<T>(reads: RecordReadsService, work: () => Promise<T>): Promise<T> {
  const record = reads.record;
  reads.record = () => undefined;
  try {
    return await work();
  } finally {
    reads.record = record;
  }
}

/** µs per call of `call`, over many calls (a reused argument list: the loop measures the call, not the set-up). */
function microsPerCall(calls: number, call: () => void): number {
  const started = performance.now();
  for (let i = 0; i < calls; i++) call();
  return round(((performance.now() - started) * 1000) / calls);
}

export async function runAuditViewsBench(log: (line: string) => void = console.log): Promise<AuditViewsResult> {
  const t: TestApp = await startTestApp({
    backend: 'postgres',
    listen: true,
    config: { logLevel: 'info' },
    logStream: pino.destination({ dest: '/dev/null', sync: false }),
  });
  const client = new CookieClient(t.baseUrl!, t.tokenFor(WORKER_PRIVILEGES, WORKER_ID));
  try {
    await seedLibrary(t.app.get(CommandBus), systemActor());
    await t.settled();
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const reads = t.app.get(RecordReadsService);
    const histories = t.app.get(AssessmentHistoryService);
    const asOfViews = t.app.get(AssessmentAsOfService);
    const principal: AccessActor = {
      id: WORKER_ID,
      kind: 'user',
      isAdministrator: false,
      privileges: WORKER_PRIVILEGES,
      groupId: null,
      agencyId: null,
    };

    log(`audit views: driving one assessment to ${HISTORY_EVENTS} events through HTTP …`);
    const id = await buildHistory(client, eventStore);
    await reads.flush();
    await t.caughtUp();
    const streamId = assessmentStreamId(id);
    const events = (await eventStore.readStream(streamId)).length;
    const lastRevision = events - 1;
    // Every read recorded so far (the editor's, and the one startAssessment makes to list the items).
    const recordedReads = (await findAssessmentReads(t.app.get<ReadStore>(READ_STORE), id)).length;
    log(`  ${events} events, ${recordedReads} reads recorded`);

    // The history: HTTP, the service call, the raw stream read, one after another per round.
    const historyTimes = { http: [] as number[], service: [] as number[], readStream: [] as number[] };
    let entries = 0;
    await withoutRecording(reads, async () => {
      for (let i = 0; i < REQUESTS + WARM_UP; i++) {
        const http = await time(async () => {
          const history = await client.json<{ sessions: { entries: unknown[] }[] }>('GET', `/api/assessments/${id}/history`);
          entries = history.sessions.reduce((n, s) => n + s.entries.length, 0);
        });
        const service = await time(() => histories.history(principal, id));
        const readStream = await time(() => eventStore.readStream(streamId));
        if (i < WARM_UP) continue;
        historyTimes.http.push(http);
        historyTimes.service.push(service);
        historyTimes.readStream.push(readStream);
      }
    });

    // The assessment as of a random past revision (the same N for the three), reads recorded as in production.
    const random = prng(16);
    const asOfTimes = { http: [] as number[], service: [] as number[], readStream: [] as number[] };
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      const revision = Math.floor(random() * (lastRevision + 1));
      const http = await time(() => client.json('GET', `/api/assessments/${id}/as-of?revision=${revision}`));
      const service = await time(() => asOfViews.asOf(principal, id, { revision }));
      const readStream = await time(() => eventStore.readStream(streamId, { toRevision: revision }));
      if (i < WARM_UP) continue;
      asOfTimes.http.push(http);
      asOfTimes.service.push(service);
      asOfTimes.readStream.push(readStream);
    }

    // The editor read with its read recorded and without, in alternating blocks (the flushes fall in recorded blocks).
    const editor = { recorded: [] as number[], notRecorded: [] as number[] };
    const editorRead = () => time(() => client.json('GET', `/api/assessments/${id}`));
    for (let i = 0; i < WARM_UP; i++) await editorRead();
    for (let block = 0; block < (2 * REQUESTS) / EDITOR_BLOCK; block++) {
      if (block % 2 === 0) {
        for (let i = 0; i < EDITOR_BLOCK; i++) editor.recorded.push(await editorRead());
        await reads.flush();
        await t.caughtUp();
      } else {
        await withoutRecording(reads, async () => {
          for (let i = 0; i < EDITOR_BLOCK; i++) editor.notRecorded.push(await editorRead());
        });
      }
    }
    // record() alone: reads of an assessment that does not exist (nothing shows them), flushed before the app closes.
    const actor = { ...systemActor(), userId: WORKER_ID };
    const nobody = [randomUUID()];
    const empty = (_actor: unknown, _ids: readonly string[], _what: string): void => undefined;
    microsPerCall(1000, () => reads.record(actor, nobody, 'editor'));
    const recordCallMicros = microsPerCall(20_000, () => reads.record(actor, nobody, 'editor'));
    const emptyCallMicros = microsPerCall(20_000, () => empty(actor, nobody, 'editor'));
    await reads.flush();

    return {
      events,
      reads: recordedReads,
      history: {
        http: latencyOf(historyTimes.http),
        service: latencyOf(historyTimes.service),
        readStream: latencyOf(historyTimes.readStream),
        entries,
      },
      asOf: {
        http: latencyOf(asOfTimes.http),
        service: latencyOf(asOfTimes.service),
        readStreamToRevision: latencyOf(asOfTimes.readStream),
      },
      editor: {
        recorded: latencyOf(editor.recorded),
        notRecorded: latencyOf(editor.notRecorded),
        recordCallMicros,
        emptyCallMicros,
      },
    };
  } finally {
    client.close();
    await t.close();
  }
}

export async function runAnalyticsReplayBench(
  serverUrl: string,
  assessments = ANALYTICS_BENCH_ASSESSMENTS,
  log: (line: string) => void = console.log,
): Promise<AnalyticsReplayResult> {
  return withScratchDatabase(serverUrl, async (client, generationClient) => {
    const generationStore = await SqlEventStore.create(generationClient);
    log(`analytics replay: writing the real mix for ${assessments} assessments …`);
    const written = await writeRealMix(generationStore, assessments, 8, log).finally(() => generationStore.close());
    log(`  ${written.events} events in ${written.seconds.toFixed(0)} s (${Math.round(written.events / written.seconds)}/s)`);
    const eventStore = await SqlEventStore.create(client);
    const readStore = await SqlReadStore.create(client);
    try {
      const rows: AnalyticsReplayRow[] = [];
      const row = (projection: string, how: string, replayed: Timed, raw: Timed): AnalyticsReplayRow => ({
        projection,
        how,
        events: replayed.events,
        seconds: Math.round(replayed.seconds * 10) / 10,
        'events/s': Math.round(replayed.events / replayed.seconds),
        'raw read events/s': Math.round(raw.events / raw.seconds),
        'replay/raw time': `${(replayed.seconds / raw.seconds).toFixed(2)}x`,
      });
      const runner = new ProjectionRunner(eventStore, readStore, allProjections, { batchSize: REAL_MIX_BATCH });
      for (const projection of ANALYTICS_PROJECTIONS) {
        // The floor just before each rebuild: same cache state, same machine load.
        const raw = await rawReadBaseline(client, REAL_MIX_BATCH);
        rows.push(row(projection.name, 'rebuildOnce (runner)', await runner.rebuildOnce(projection.name), raw));
        log(
          `  ${projection.name}: ${rows[rows.length - 1]['events/s']} events/s (raw read ${rows[rows.length - 1]['raw read events/s']}/s)`,
        );
      }
      // `replay --until` the middle of the log's time span (the mix is stamped as it is written: a day would hold all).
      const { rows: span } = await client.query<{ first: Date; last: Date }>(
        'SELECT min(recorded_at) AS first, max(recorded_at) AS last FROM events',
      );
      const middle = new Date((new Date(span[0].first).getTime() + new Date(span[0].last).getTime()) / 2).toISOString();
      const moment = parseReplayMoment(middle)!;
      const projection = ANALYTICS_PROJECTIONS[0];
      const raw = await rawReadBaseline(client, REAL_MIX_BATCH);
      const replayed = await replayAnalyticsProjection(eventStore, readStore, projection, moment, { batchSize: REAL_MIX_BATCH });
      rows.push(row(projection.name, `replay --until ${moment.label} (${replayed.replay.applied} applied)`, replayed, raw));
      log(`  ${projection.name} replay --until: ${rows[rows.length - 1]['events/s']} events/s`);
      // The analysts' sandbox (issue 30): the item-transitions template from event zero beside a fresh floor.
      const sandboxRaw = await rawReadBaseline(client, REAL_MIX_BATCH);
      const sandboxed = await sandboxedRebuild(eventStore);
      rows.push(row('item-transitions template', 'sandbox from event zero', sandboxed, sandboxRaw));
      log(
        `  item-transitions template in the sandbox: ${rows[rows.length - 1]['events/s']} events/s ` +
          `(${sandboxed.viewEvents} view events in the projection's thread, rows ${sandboxed.rowsSeconds.toFixed(1)} s)`,
      );
      const preview = await previewTiming(eventStore);
      log(`  preview of ${preview.events} events: ${preview.ms} ms (sandbox ${preview.sandboxMs} ms)`);
      return { assessments, written: { events: written.events, seconds: Math.round(written.seconds) }, rows, sandboxed, preview };
    } finally {
      await eventStore.close();
    }
  });
}

export function printAuditViewsBench(r: AuditViewsResult): void {
  const line = (scenario: string, l: Latency, note = '') => ({ scenario, count: l.count, 'p50 ms': l.p50, 'p99 ms': l.p99, note });
  console.log(
    `\nAudit views on PostgreSQL — one assessment of ${r.events} events and ${r.reads} recorded reads, cookie auth, keep-alive\n`,
  );
  console.table([
    line('history: GET …/history (HTTP)', r.history.http, `${r.history.entries} entries`),
    line('history: AssessmentHistoryService.history()', r.history.service),
    line('baseline: readStream of the same events', r.history.readStream),
    line('as of: GET …/as-of?revision=N, random N (HTTP)', r.asOf.http),
    line('as of: AssessmentAsOfService.asOf()', r.asOf.service),
    line('baseline: readStream toRevision N', r.asOf.readStreamToRevision),
    line('editor GET /api/assessments/{id}, read recorded', r.editor.recorded),
    line('baseline: the same, record() a no-op', r.editor.notRecorded),
  ]);
  console.log(`record() alone: ${r.editor.recordCallMicros} µs per call (an empty function: ${r.editor.emptyCallMicros} µs)`);
  console.log('Targets: history p50 < 100 ms; as of p50 < 50 ms; recording adds < 1 ms to the read p50.');
}

export function printAnalyticsReplayBench(r: AnalyticsReplayResult): void {
  console.log(
    `\nAnalytics projections over the real mix, PostgreSQL — ${r.assessments} assessments (BENCH_ANALYTICS_ASSESSMENTS), ${r.written.events} events written in ${r.written.seconds} s\n`,
  );
  console.table(r.rows);
  console.log('Target: > 20,000 events/s (every event read counts, as in a rebuild).');
}

if (require.main === module) {
  process.env.LOG_LEVEL ??= 'silent';
  process.env.TEST_DATABASE_URL ||= benchServerUrl();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_AUDIT_PARTS;
  (async () => {
    if (!only || only.includes('views')) printAuditViewsBench(await runAuditViewsBench());
    if (!only || only.includes('analytics')) printAnalyticsReplayBench(await runAnalyticsReplayBench(serverUrl));
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
