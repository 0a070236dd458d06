/**
 * `npm run projections -- replay <name> --until <yyyy-MM-dd | ISO date-time>` (issue 29 item 2): an analytics
 * projection as of a past moment, built where it is safe to build it.
 *
 * - An app runs on the embedded store (it holds the data folder): the replay is asked of it over its API, as an API
 *   user (CANS_API_USERNAME / CANS_API_PASSWORD, a user with Report_Assessment; CANS_API_URL, default
 *   http://localhost:$PORT), and this command follows its progress. Opening the folder beside the app would corrupt it.
 * - An app runs the projections on PostgreSQL (it holds the projections lease): the replay is queued where the
 *   API queues it (analytics-replay-jobs.ts), the app builds it, this command follows it.
 * - No app runs: this command builds it itself.
 */
import { SingleBar, Presets } from 'cli-progress';
import { AnalyticsProjection } from '@cans/projections/analytics/analytics-projection';
import { replayAnalyticsProjection, ReplayMoment } from '@cans/projections/analytics/analytics-replay';
import { getReplayJob, ReplayJobDocument, requestReplay } from '@cans/projections/analytics/analytics-replay-jobs';
import { PROJECTIONS_LEASE } from '@cans/projections/engine/rebuild-requests';
import { loadAppConfig } from '@cans/backend/platform/config/app-config';
import { openStorage } from '@cans/backend/platform/storage/storage.factory';
import { DataFolderInUseError } from '@cans/storage/sql/data-folder-lock';

const POLL_MS = 500;
/** Who asked, in the queue, when this command queues a replay itself (one at a time, like any user). */
const CLI_REQUESTER = 'cli';

type JobProgress = Pick<ReplayJobDocument, 'state' | 'position' | 'headPosition' | 'eventsPerSecond' | 'applied' | 'label' | 'error'>;

export async function replayCommand(projection: AnalyticsProjection, moment: ReplayMoment): Promise<number> {
  const config = loadAppConfig();
  let storage: Awaited<ReturnType<typeof openStorage>>;
  try {
    storage = await openStorage(config);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    return replayThroughApi(projection, moment, error);
  }
  const bar = progressBar(projection, moment);
  try {
    const lease = await storage.readStore.getLease(PROJECTIONS_LEASE);
    if (lease && Date.parse(lease.expiresAt) > Date.now()) {
      const outcome = await requestReplay(storage.readStore, { projection, moment, requestedBy: CLI_REQUESTER });
      if (outcome.kind !== 'queued' && outcome.kind !== 'existing') {
        console.error(`The running app (${lease.owner}) refused the replay: ${outcome.kind}. Try again when its queue has room.`);
        return 1;
      }
      console.log(`Asked the running app (${lease.owner}) to replay ${projection.name} until ${moment.label}; it keeps serving meanwhile.`);
      const id = outcome.job.id;
      return reportDone(projection, await followJob(async () => (await getReplayJob(storage.readStore, id))!, bar));
    }
    const started = performance.now();
    const { replay, events } = await replayAnalyticsProjection(storage.eventStore, storage.readStore, projection, moment, {
      onProgress: ({ position, headPosition, eventsPerSecond }) => bar.show(position, headPosition, eventsPerSecond),
    });
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Replayed ${projection.name} until ${replay.until}: ${replay.applied} of ${events} events in ${seconds.toFixed(2)} s ` +
        `(${Math.round(events / Math.max(seconds, 1e-9))} events/s) into ${Object.values(replay.collections).join(', ')}; ` +
        `read it with GET /api/analytics/${projection.name}/<collection>?until=${replay.label}`,
    );
    return 0;
  } finally {
    bar.stop();
    await storage.close();
  }
}

/** The app holds the embedded store: ask it over its API, as an API user. */
async function replayThroughApi(projection: AnalyticsProjection, moment: ReplayMoment, inUse: DataFolderInUseError): Promise<number> {
  const username = process.env.CANS_API_USERNAME;
  const password = process.env.CANS_API_PASSWORD;
  const base = (process.env.CANS_API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
  if (!username || !password) {
    console.error(
      `The app (process ${inUse.holderPid}) holds the data folder, so the replay has to run inside it: ask for it on the ` +
        'Analytics page, or set CANS_API_USERNAME and CANS_API_PASSWORD (an API user whose group has Report_Assessment, ' +
        `allowed from this machine's IP) and CANS_API_URL (default ${base}) to ask it from here.`,
    );
    return 1;
  }
  const call = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${base}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${base}/api${path}: ${response.status} ${String(answer.message ?? '')}`.trim());
    return answer;
  };
  const { accessToken } = (await call('/auth/api-token', { method: 'POST', body: { username, password } })) as { accessToken: string };
  const job = await call('/analytics-replays', {
    method: 'POST',
    body: { projection: projection.name, until: moment.label },
    token: accessToken,
  });
  console.log(`Asked the running app (${base}) to replay ${projection.name} until ${moment.label}; it keeps serving meanwhile.`);
  const bar = progressBar(projection, moment);
  try {
    return reportDone(
      projection,
      await followJob(
        async () => (await call(`/analytics-replays/${String(job.id)}`, { token: accessToken })) as unknown as JobProgress,
        bar,
      ),
    );
  } finally {
    bar.stop();
  }
}

async function followJob(read: () => Promise<JobProgress>, bar: ReturnType<typeof progressBar>): Promise<JobProgress> {
  for (;;) {
    const job = await read();
    if (job.state === 'done' || job.state === 'failed') {
      bar.stop();
      return job;
    }
    if (job.state === 'running' && job.headPosition > 0) bar.show(job.position, job.headPosition, job.eventsPerSecond);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function reportDone(projection: AnalyticsProjection, job: JobProgress): number {
  if (job.state === 'failed') {
    console.error(`The replay of ${projection.name} until ${job.label} failed: ${job.error ?? 'see the app log'}`);
    return 1;
  }
  console.log(
    `Replayed ${projection.name} until ${job.label} in the running app: ${job.applied} of ${job.headPosition} events; ` +
      `read it with GET /api/analytics/${projection.name}/<collection>?until=${job.label}`,
  );
  return 0;
}

function progressBar(projection: AnalyticsProjection, moment: ReplayMoment) {
  const bar = new SingleBar(
    { format: `${projection.name} until ${moment.label} |{bar}| {percentage}% | {value}/{total} events | {rate} events/s | ETA {etaText}` },
    Presets.shades_classic,
  );
  let shown = false;
  return {
    show(position: number, headPosition: number, eventsPerSecond: number) {
      const rate = Math.round(eventsPerSecond);
      const etaText = rate > 0 ? `${Math.ceil((headPosition - position) / rate)} s` : '…';
      if (!shown) bar.start(headPosition, position, { rate, etaText });
      shown = true;
      bar.setTotal(headPosition);
      bar.update(position, { rate, etaText });
    },
    stop() {
      if (shown) bar.stop();
      shown = false;
    },
  };
}
