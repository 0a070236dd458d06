/**
 * Issue 29's mixed load: 100 simulated users against the built app in production mode (demo data, PostgreSQL) for
 * BENCH_MIXED_SECONDS (60), first on one instance, then on two sharing the database (users spread over them as a
 * round-robin proxy would). Each user thinks 0.5–1.5 s between steps:
 * - 70 case workers: open their assessment, rate the next three open items (a save each), write the narrative,
 *   complete it, start anew;
 * - 20 supervisors: list what waits for approval, open one, approve it (a 409 when another approved it first is
 *   the workflow, not an error);
 * - 10 monitors: read the report glance and an analytics collection.
 * Per operation: count, p50, p99 and errors (any answer but 2xx, and 409 outside approvals); throughput.
 * Target: 0 errors on one instance and on two.
 */
import { COMPLETE_NARRATIVE } from '@cans/domain/assessments/test-support/assessment-fixtures';
import { CookieClient, percentile, startAssessment } from '../answer-save-bench';
import { benchServerUrl } from '../bench-server';
import { ProductionApp, startProductionApp } from '../production-save/production-app';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const USERS = { caseWorkers: 70, supervisors: 20, monitors: 10 };
/** Answers a case worker saves per step, one request each. */
const RATINGS_PER_STEP = 3;

type Operation = 'open' | 'rate' | 'narrative' | 'complete' | 'start' | 'list' | 'approve' | 'report';

export interface MixedLoadRow {
  instances: number;
  operation: Operation | 'all';
  count: number;
  'per s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

interface QuestionNode {
  code: string;
  rating: unknown;
  caregiverId?: string | null;
  questions?: QuestionNode[];
  modules?: QuestionNode[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(500 + Math.random() * 1000);

export class Recorder {
  readonly times = new Map<Operation, number[]>();
  readonly errors = new Map<Operation, number>();
  /** Answers the run tolerates (a 503 while the database restarts), counted apart from errors. */
  refused = 0;
  /** When each operation that succeeded was answered. */
  readonly succeededAt: number[] = [];
  firstError: string | null = null;

  constructor(private readonly tolerated: readonly number[] = []) {}

  async time(operation: Operation, work: () => Promise<{ status: number; body: string }>, allowed: number[] = []) {
    const started = performance.now();
    const answer = await work().catch((error: Error) => ({ status: 0, body: error.message }));
    const list = this.times.get(operation) ?? [];
    list.push(performance.now() - started);
    this.times.set(operation, list);
    const ok = (answer.status >= 200 && answer.status < 300) || allowed.includes(answer.status);
    if (ok) this.succeededAt.push(performance.now());
    else if (this.tolerated.includes(answer.status)) this.refused++;
    else {
      this.errors.set(operation, (this.errors.get(operation) ?? 0) + 1);
      this.firstError ??= `${operation}: ${answer.status} ${answer.body.slice(0, 200)}`;
    }
    return answer;
  }
}

/** The open items of an assessment's questionnaire (rating null), with their caregiver. */
function openItems(view: { questionnaire: { domains: Array<QuestionNode & { caregiverId?: string | null }> } }) {
  const open: Array<{ code: string; caregiverId: string | null }> = [];
  const walk = (node: QuestionNode, caregiverId: string | null) => {
    for (const question of node.questions ?? []) if (question.rating === null) open.push({ code: question.code, caregiverId });
    for (const module of node.modules ?? []) walk(module, caregiverId);
  };
  for (const domain of view.questionnaire.domains) walk(domain, domain.caregiverId ?? null);
  return open;
}

async function caseWorker(client: CookieClient, recorder: Recorder, seed: number, running: () => boolean) {
  let id = (await startAssessment(client, seed)).id;
  let narrativeWritten = false;
  for (let round = 0; running(); round++) {
    await think();
    const opened = await recorder.time('open', () => client.send('GET', `/api/assessments/${id}`));
    if (opened.status !== 200) continue;
    const view = JSON.parse(opened.body) as Parameters<typeof openItems>[0] & { revision: number };
    const open = openItems(view);
    if (open.length > 0) {
      // The next few answers of the page in view, one save each (so an assessment is done within the minute).
      for (const item of open.slice(0, RATINGS_PER_STEP))
        await recorder.time('rate', () =>
          client.send('PUT', `/api/assessments/${id}/ratings`, {
            questionCode: item.code,
            caregiverId: item.caregiverId,
            rating: round % 4,
          }),
        );
    } else if (!narrativeWritten) {
      const written = await recorder.time('narrative', () =>
        client.send('PUT', `/api/assessments/${id}/narrative`, { narrative: COMPLETE_NARRATIVE, revision: view.revision }),
      );
      narrativeWritten = written.status === 200;
    } else {
      await recorder.time('complete', () => client.send('POST', `/api/assessments/${id}/complete`, { revision: view.revision }));
      const started = await recorder.time('start', async () => {
        const next = await startAssessment(client, seed * 1000 + round);
        id = next.id;
        return { status: 201, body: '' };
      });
      if (started.status === 201) narrativeWritten = false;
    }
  }
}

/** Supervisors list what waits for their approval: status 'c' (completed, pending approval) in the list's codes. */
async function supervisor(client: CookieClient, recorder: Recorder, running: () => boolean) {
  const pending = `/api/assessments?filter=${encodeURIComponent('{"status":"c"}')}&range=${encodeURIComponent('[0,9]')}`;
  while (running()) {
    await think();
    const listed = await recorder.time('list', () => client.send('GET', pending));
    const rows = listed.status === 200 ? (JSON.parse(listed.body) as Array<{ id: string }>) : [];
    if (rows.length === 0) continue;
    const { id } = rows[Math.floor(Math.random() * rows.length)];
    const opened = await recorder.time('open', () => client.send('GET', `/api/assessments/${id}`));
    if (opened.status !== 200) continue;
    const { revision } = JSON.parse(opened.body) as { revision: number };
    await recorder.time('approve', () => client.send('POST', `/api/assessments/${id}/approve`, { revision }), [409]);
  }
}

async function monitor(client: CookieClient, recorder: Recorder, running: () => boolean) {
  for (let i = 0; running(); i++) {
    await think();
    await recorder.time('report', () =>
      client.send('GET', i % 2 === 0 ? '/api/reports/many-children-many-cans/glance' : '/api/analytics/time-to-approval/by_month'),
    );
  }
}

export interface MixedRunOptions {
  seconds?: number;
  /** Runs this many seconds into the load (a fault), while the users go on. */
  during?: { afterSeconds: number; fault: () => Promise<void> };
  /** Statuses counted as refused rather than as errors. */
  tolerated?: number[];
}

/** The 100 users against `instances` for the run's seconds: rows per operation, and the recorder for the caller. */
export async function runMixedUsers(
  instances: ProductionApp[],
  tokens: Record<string, string>,
  options: MixedRunOptions = {},
): Promise<{ rows: MixedLoadRow[]; recorder: Recorder }> {
  const recorder = new Recorder(options.tolerated);
  const clients = new Map<string, CookieClient>();
  const clientFor = (login: string, user: number) => {
    const instance = instances[user % instances.length];
    const key = `${login}@${instance.baseUrl}`;
    if (!clients.has(key)) clients.set(key, new CookieClient(instance.baseUrl, tokens[login]));
    return clients.get(key)!;
  };
  let open = true;
  const running = () => open;
  const users: Promise<void>[] = [];
  let user = 0;
  for (let i = 0; i < USERS.caseWorkers; i++, user++)
    users.push(caseWorker(clientFor(i % 2 === 0 ? 'worker1' : 'worker2', user), recorder, 5000 + user, running));
  for (let i = 0; i < USERS.supervisors; i++, user++)
    users.push(supervisor(clientFor(i % 2 === 0 ? 'supervisor' : 'supervisor.admin', user), recorder, running));
  for (let i = 0; i < USERS.monitors; i++, user++) users.push(monitor(clientFor('analyst', user), recorder, running));
  const started = performance.now();
  const seconds = options.seconds ?? SECONDS;
  if (options.during) {
    await sleep(options.during.afterSeconds * 1000);
    await options.during.fault();
    await sleep(Math.max(0, seconds * 1000 - (performance.now() - started)));
  } else await sleep(seconds * 1000);
  open = false;
  await Promise.all(users);
  const elapsed = (performance.now() - started) / 1000;
  for (const client of clients.values()) client.close();
  if (recorder.firstError) console.log(`  first error (${instances.length} instance(s)): ${recorder.firstError}`);
  const p = (times: number[], at: number) =>
    Math.round(
      percentile(
        [...times].sort((a, b) => a - b),
        at,
      ) * 10,
    ) / 10;
  const rows: MixedLoadRow[] = [...recorder.times].map(([operation, times]) => ({
    instances: instances.length,
    operation,
    count: times.length,
    'per s': Math.round((times.length / elapsed) * 10) / 10,
    'p50 ms': p(times, 50),
    'p99 ms': p(times, 99),
    errors: recorder.errors.get(operation) ?? 0,
  }));
  const all = [...recorder.times.values()].flat();
  rows.push({
    instances: instances.length,
    operation: 'all',
    count: all.length,
    'per s': Math.round((all.length / elapsed) * 10) / 10,
    'p50 ms': p(all, 50),
    'p99 ms': p(all, 99),
    errors: [...recorder.errors.values()].reduce((sum, n) => sum + n, 0),
  });
  return { rows, recorder };
}

/** Five sign-ins (the most one address may make in a minute) whose sessions serve every instance of the app. */
export async function signInMixedUsers(app: ProductionApp): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const login of ['worker1', 'worker2', 'supervisor', 'supervisor.admin', 'analyst']) tokens[login] = await app.signIn(login);
  return tokens;
}

export async function runMixedLoadBench(serverUrl: string): Promise<MixedLoadRow[]> {
  const first = await startProductionApp(serverUrl);
  let second: ProductionApp | null = null;
  try {
    const tokens = await signInMixedUsers(first);
    const one = await runMixedUsers([first], tokens);
    second = await first.another();
    const two = await runMixedUsers([first, second], tokens);
    return [...one.rows, ...two.rows];
  } finally {
    await second?.stop();
    await first.stop();
  }
}

export function printMixedLoadBench(rows: MixedLoadRow[]): void {
  console.log(`\n${USERS.caseWorkers + USERS.supervisors + USERS.monitors} simulated users for ${SECONDS} s, one instance then two:`);
  console.table(rows);
}

if (require.main === module) {
  runMixedLoadBench(benchServerUrl()).then(printMixedLoadBench, (error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
