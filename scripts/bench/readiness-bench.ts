/**
 * Readiness under writes (issue 12: "/api/ready under 130 writes/s: 200 throughout"): the real app on PostgreSQL,
 * listening on a port, takes answer saves through HTTP (PUT /api/assessments/:id/ratings, bearer session of a case
 * worker) at a steady BENCH_READY_WRITES_PER_SECOND (default 130) for BENCH_READY_SECONDS (default 30), spread over
 * a few assessments, while GET /api/ready is polled every 300 ms. Printed: polls answered 200 and 503 (with the
 * reasons given), beside the write rate achieved and the saves that failed.
 *
 * Saves are sent on a fixed schedule (open loop), not one after the other, so a slow app cannot lower the rate it is
 * measured at; at most MAX_IN_FLIGHT are outstanding (a save beyond that is counted as not sent).
 *
 * Run alone: `node -r @swc-node/register scripts/bench/readiness-bench.ts` (TEST_DATABASE_URL or DATABASE_URL, else
 * the local server); the lead's `npm run bench` calls runReadinessBench().
 */
import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { startTestApp } from '@cans/backend/test-support/test-app';
import { seedLibrary } from '@cans/backend/library/library-seed';
import { systemActor } from '@cans/backend/platform/commands/actor';
import { benchServerUrl } from './bench-server';

const WRITES_PER_SECOND = Number(process.env.BENCH_READY_WRITES_PER_SECOND ?? 130);
const SECONDS = Number(process.env.BENCH_READY_SECONDS ?? 30);
const POLL_MS = 300;
const ASSESSMENTS = 20;
const MAX_IN_FLIGHT = 64;

export interface ReadinessBenchRow {
  scenario: string;
  seconds: number;
  'writes/s wanted': number;
  'writes/s achieved': number;
  'saves failed': number;
  'saves not sent': number;
  polls: number;
  '200': number;
  '503': number;
  /** The slowest readiness answer (what a load balancer's probe waits). */
  'poll max ms': number;
}

const WORKER_PRIVILEGES = ['HOME_SHOW', 'Assessment_View', 'Assessment_New', 'Assessment_Edit'] as const;

const child = (i: number) => ({
  cin: `READY-${i}`,
  familyId: null,
  firstName: 'Ready',
  lastName: `Child ${i}`,
  gender: 'F',
  raceEthnicity: 'White British',
  primaryLanguage: 'English',
  medicaidNumber: '123456789',
  age: 12,
  dateOfBirth: '2012-03-15',
  dateOfAssessment: '2024-05-01',
  caseOpeningDate: '2023-11-20',
  assessmentType: '62',
  lookedAfterChild: 'N',
});

/** The child questions of an assessment view (its questionnaire's domains; caregiver items need a caregiver). */
function childQuestionCodes(view: { questionnaire?: { domains?: Array<{ questions?: Array<{ code: string }> }> } }): string[] {
  return (view.questionnaire?.domains ?? []).flatMap((domain) => (domain.questions ?? []).map((question) => question.code));
}

/** Starts the app on a fresh PostgreSQL database, runs the load and the polls, closes it (the database is dropped). */
export async function runReadinessBench(log: (line: string) => void = console.log): Promise<ReadinessBenchRow[]> {
  const t = await startTestApp({ backend: 'postgres', listen: true });
  try {
    await seedLibrary(t.app.get(CommandBus), systemActor());
    const token = t.tokenFor([...WORKER_PRIVILEGES]);
    await t.settled();
    const base = t.baseUrl!;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const targets: Array<{ id: string; questions: string[] }> = [];
    for (let i = 0; i < ASSESSMENTS; i++) {
      const started = await call('POST', '/api/assessments', { child: child(i) });
      if (started.status !== 201) throw new Error(`start: ${started.status} ${await started.text()}`);
      const { id } = (await started.json()) as { id: string };
      const view = await (await call('GET', `/api/assessments/${id}`)).json();
      targets.push({ id, questions: childQuestionCodes(view) });
    }
    if (targets.some((target) => target.questions.length === 0)) throw new Error('no child questions in the assessment view');

    const polls: Array<{ status: number; ms: number; reason?: string }> = [];
    let saved = 0;
    let failed = 0;
    let notSent = 0;
    let inFlight = 0;
    const failures = new Map<string, number>();
    const started = performance.now();
    const end = started + SECONDS * 1000;

    const save = async (n: number) => {
      const target = targets[n % targets.length];
      const questionCode = target.questions[Math.floor(n / targets.length) % target.questions.length];
      inFlight += 1;
      try {
        const response = await call('PUT', `/api/assessments/${target.id}/ratings`, { questionCode, rating: n % 4 });
        await response.arrayBuffer();
        if (response.ok) saved += 1;
        else {
          failed += 1;
          failures.set(String(response.status), (failures.get(String(response.status)) ?? 0) + 1);
        }
      } catch (error) {
        failed += 1;
        const key = error instanceof Error ? error.message : String(error);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      } finally {
        inFlight -= 1;
      }
    };
    const writes = (async () => {
      const pending: Array<Promise<void>> = [];
      for (let n = 0; ; n++) {
        const due = started + (n * 1000) / WRITES_PER_SECOND;
        if (due >= end) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (inFlight >= MAX_IN_FLIGHT) notSent += 1;
        else pending.push(save(n));
      }
      await Promise.all(pending);
    })();
    const polling = (async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const response = await fetch(`${base}/api/ready`);
        const body = (await response.json()) as { reason?: string };
        polls.push({ status: response.status, ms: performance.now() - t0, reason: body.reason });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_MS - (performance.now() - t0))));
      }
    })();
    await Promise.all([writes, polling]);
    const seconds = (performance.now() - started) / 1000;

    const notReady = polls.filter((poll) => poll.status !== 200);
    for (const [reason, count] of countBy(notReady.map((poll) => poll.reason ?? String(poll.status)))) log(`  503 × ${count}: ${reason}`);
    for (const [reason, count] of failures) log(`  failed save × ${count}: ${reason}`);
    return [
      {
        scenario: `answer saves through HTTP while polling /api/ready every ${POLL_MS} ms`,
        seconds: Math.round(seconds * 10) / 10,
        'writes/s wanted': WRITES_PER_SECOND,
        'writes/s achieved': Math.round(saved / seconds),
        'saves failed': failed,
        'saves not sent': notSent,
        polls: polls.length,
        '200': polls.length - notReady.length,
        '503': notReady.filter((poll) => poll.status === 503).length,
        'poll max ms': Math.round(Math.max(...polls.map((poll) => poll.ms))),
      },
    ];
  } finally {
    await t.close();
  }
}

/** Reasons grouped, with the figures in them (seconds, counts) blurred so the same cause is counted once. */
function countBy(reasons: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const reason of reasons) {
    const key = reason.replace(/\d+(\.\d+)?/g, '#');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function printReadinessBench(rows: ReadinessBenchRow[]): void {
  console.log(`\nReadiness under writes on PostgreSQL — ${WRITES_PER_SECOND} answer saves/s through HTTP for ${SECONDS} s\n`);
  console.table(rows);
  console.log('Target: /api/ready answers 200 on every poll.');
}

if (require.main === module) {
  process.env.TEST_DATABASE_URL ||= benchServerUrl();
  runReadinessBench()
    .then(printReadinessBench)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
