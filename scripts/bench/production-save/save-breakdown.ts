/**
 * Where one answer save's time goes (issue 32), in the production setup of production-app.ts with SERVER_TIMING=true
 * (the app's own stage times, server-timing.ts): a case worker's saves paced like a person's, each on an app at
 * rest. Per stage, the mean and the median over BENCH_BREAKDOWN_SAVES saves (means add up to the save; medians do
 * not). Besides the stages the app times itself: the HTTP exchange outside the app (client time − app time), the
 * app's pipeline outside the stages (Express, helmet, cookies, the request log, Nest's guards and validation), and
 * the live projections' work after the answer (from the answer to the checkpoint holding the save, polled every
 * millisecond on a connection of the bench's own).
 *
 * A second app start, so that the timing (a Map per request and a header) never touches the figures of the main rows.
 */
import { Client } from 'pg';
import { CookieClient, percentile, rate, startAssessment } from '../answer-save-bench';
import { projectionsReached } from './production-save-bench';
import { startProductionApp } from './production-app';
import { benchServerUrl } from '../bench-server';

const SAVES = Number(process.env.BENCH_BREAKDOWN_SAVES ?? 200);
const WARM_UP = 30;
const STAGES = ['auth', 'access', 'load', 'decide', 'append', 'answer'] as const;
const STAGE_LABELS: Record<(typeof STAGES)[number], string> = {
  auth: 'authentication: token, session, user and group read models',
  access: 'row access and library version (the command context)',
  load: 'stream load (cached state + events after it)',
  decide: 'decide (the pure decider)',
  append: 'append: the one commit the save waits for',
  answer: 'the answer: progress, triggered items (ratingChangeView)',
};

export interface SaveStageRow {
  stage: string;
  'mean ms': number;
  'p50 ms': number;
  'share of the save (mean)': string;
}

function serverTimings(header: string | string[] | undefined): Map<string, number> {
  const timings = new Map<string, number>();
  for (const entry of String(header ?? '').split(',')) {
    const match = /^\s*([\w-]+);dur=([\d.]+)/.exec(entry);
    if (match) timings.set(match[1], Number(match[2]));
  }
  return timings;
}

export async function measureSaveBreakdown(serverUrl: string): Promise<SaveStageRow[]> {
  const app = await startProductionApp(serverUrl, { env: { SERVER_TIMING: 'true' } });
  const raw = new Client({ connectionString: app.databaseUrl });
  const client = new CookieClient(app.baseUrl, await app.signIn('worker1'));
  try {
    await raw.connect();
    const { id, items } = await startAssessment(client, 7);
    const samples = new Map<string, number[]>();
    const add = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms]);
    for (let i = 0; i < SAVES + WARM_UP; i++) {
      const item = items[i % items.length];
      const started = performance.now();
      // Each save changes the item's rating (a save that changes nothing appends nothing).
      const answer = await rate(client, id, item, (i + Math.floor(i / items.length)) % 4);
      const total = performance.now() - started;
      if (answer.status !== 200) throw new Error(`rating save → ${answer.status} ${answer.body.slice(0, 300)}`);
      const position = (JSON.parse(answer.body) as { position: number }).position;
      if (!position) throw new Error('a save appended nothing: the breakdown needs every save to change a rating');
      const answeredAt = performance.now();
      await projectionsReached(raw, position, 1);
      const projections = performance.now() - answeredAt;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (i < WARM_UP) continue;
      const timings = serverTimings(answer.headers['server-timing']);
      const appMs = timings.get('app') ?? NaN;
      const staged = STAGES.reduce((sum, stage) => sum + (timings.get(stage) ?? 0), 0);
      add('total', total);
      add('outside', total - appMs);
      add('pipeline', appMs - staged);
      for (const stage of STAGES) add(stage, timings.get(stage) ?? 0);
      add('projections', projections);
    }
    const meanOf = (name: string) => samples.get(name)!.reduce((a, b) => a + b, 0) / samples.get(name)!.length;
    const totalMean = meanOf('total');
    const row = (name: string, stage: string): SaveStageRow => ({
      stage,
      'mean ms': Math.round(meanOf(name) * 100) / 100,
      'p50 ms':
        Math.round(
          percentile(
            [...samples.get(name)!].sort((a, b) => a - b),
            50,
          ) * 100,
        ) / 100,
      'share of the save (mean)': name === 'projections' ? 'after the answer' : `${Math.round((meanOf(name) / totalMean) * 100)}%`,
    });
    return [
      row('total', 'the save as the client times it'),
      row('outside', 'HTTP outside the app (socket, Node HTTP parser)'),
      row('pipeline', 'app pipeline: Express, headers, cookies, request log, guards, validation'),
      ...STAGES.map((stage) => row(stage, STAGE_LABELS[stage])),
      row('projections', 'live projections after the answer (until the checkpoint holds it)'),
    ];
  } finally {
    client.close();
    await raw.end().catch(() => undefined);
    await app.stop();
  }
}

export function printSaveBreakdown(rows: SaveStageRow[]): void {
  console.log(`\nWhere one answer save's time goes — production start with SERVER_TIMING=true, ${SAVES} saves paced like a person\n`);
  console.table(rows);
  console.log(
    'Saves paced like a person meet an app at rest (a wake-up per round trip): they run above back-to-back saves of the main rows.',
  );
}

if (require.main === module) {
  measureSaveBreakdown(benchServerUrl())
    .then(printSaveBreakdown)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
