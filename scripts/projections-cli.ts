/**
 * `npm run projections -- status`            position, lag, rate and any rebuild under way, per projection
 * `npm run projections -- rebuild <name>`    blue/green rebuild of a projection, with a progress bar
 * `npm run projections -- replay <name> --until <yyyy-MM-dd | ISO date-time>`
 *                                            an analytics projection as of a past moment, into collections of its
 *                                            own, with a progress bar: asked of the running app when one runs
 *                                            (projections-replay.ts)
 *
 * Works on the configured store (DATABASE_URL / EVENTSTORE_URL / MONGODB_URL, else PGlite in DATA_DIR).
 * Rebuilds never need the app stopped: readers keep the current collections until the new ones have caught up.
 * When an app instance runs the projections (it holds the projections lease), the rebuild is asked of it and this
 * command follows its progress; otherwise this command takes the lease and rebuilds itself (an app starting
 * meanwhile follows until it is done). Embedded PGlite allows one process at a time: there, stop the app first
 * (a replay instead asks the running app over its API).
 */
import { randomUUID } from 'node:crypto';
import { SingleBar, Presets } from 'cli-progress';
import { allProjections } from '@cans/projections';
import { ProjectionRunner, ProjectionStatus } from '@cans/projections/engine/projection-runner';
import { PROJECTIONS_LEASE, requestRebuild } from '@cans/projections/engine/rebuild-requests';
import { ANALYTICS_PROJECTIONS, analyticsProjectionNamed } from '@cans/projections/analytics';
import { parseReplayMoment } from '@cans/projections/analytics/analytics-replay';
import { loadAppConfig } from '@cans/backend/platform/config/app-config';
import { openStorage } from '@cans/backend/platform/storage/storage.factory';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { replayCommand } from './projections-replay';

const SAMPLE_SECONDS = 2;
const POLL_MS = 500;
const LEASE_TTL_MS = 15_000;

type Storage = Awaited<ReturnType<typeof openStorage>>;

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (command === 'replay') return replay(name, process.argv.slice(4));
  if (command !== 'status' && command !== 'rebuild') return usage();
  if (command === 'rebuild' && !allProjections.some((projection) => projection.name === name)) return usage();

  const storage = await openStorage(loadAppConfig());
  try {
    if (command === 'rebuild') return await rebuild(storage, name);
    return await status(storage);
  } finally {
    await storage.close();
  }
}

async function status(storage: Storage): Promise<number> {
  // Events/s of whoever runs the projections: checkpoint progress over a short sample.
  const runner = new ProjectionRunner(storage.eventStore, storage.readStore, allProjections);
  const before = await runner.status();
  await sleep(SAMPLE_SECONDS * 1000);
  const after = await runner.status();
  const lease = await storage.readStore.getLease(PROJECTIONS_LEASE);
  console.log(`Event store: ${storage.description.eventStore}; read store: ${storage.description.readStore}`);
  console.log(
    lease && Date.parse(lease.expiresAt) > Date.now() ? `Projections run by ${lease.owner}` : 'No app instance runs the projections now',
  );
  console.table(
    after.map((row, index) => ({
      projection: row.name,
      version: row.version,
      position: row.position,
      head: row.headPosition,
      lag: row.lag,
      'events/s': Math.round((row.position - before[index].position) / SAMPLE_SECONDS),
      rebuild: row.rebuild ? rebuildSummary(row, before[index]) : '-',
    })),
  );
  return 0;
}

function rebuildSummary(row: ProjectionStatus, earlier: ProjectionStatus): string {
  const build = row.rebuild!;
  const rate = earlier.rebuild ? Math.round((build.position - earlier.rebuild.position) / SAMPLE_SECONDS) : 0;
  return `v${build.version} g${build.generation}: ${build.position}/${build.headPosition}, ${rate} events/s`;
}

async function rebuild(storage: Storage, name: string): Promise<number> {
  const { readStore, eventStore } = storage;
  const owner = `cli:${process.pid}:${randomUUID().slice(0, 8)}`;
  const bar = new SingleBar(
    { format: `${name} |{bar}| {percentage}% | {value}/{total} events | {rate} events/s | ETA {etaText}` },
    Presets.shades_classic,
  );
  const runner = new ProjectionRunner(eventStore, readStore, allProjections);
  const started = performance.now();
  if (await readStore.tryAcquireLease(PROJECTIONS_LEASE, owner, LEASE_TTL_MS)) {
    // No app runs the projections: rebuild here, holding the lease so that an app starting meanwhile follows.
    const renew = setInterval(() => void readStore.tryAcquireLease(PROJECTIONS_LEASE, owner, LEASE_TTL_MS), LEASE_TTL_MS / 3);
    const showing = followProgress(runner, name, bar);
    try {
      const { events, seconds } = await runner.rebuildOnce(name);
      showing.stop();
      console.log(
        `Rebuilt ${name}: ${events} events in ${seconds.toFixed(2)} s (${Math.round(events / Math.max(seconds, 1e-9))} events/s)`,
      );
    } finally {
      showing.stop();
      clearInterval(renew);
      await readStore.releaseLease(PROJECTIONS_LEASE, owner);
    }
    return 0;
  }
  // An app instance runs the projections: ask it, then follow the build until its switch.
  const before = await targetsOf(readStore, name);
  await requestRebuild(readStore, name);
  console.log(
    `Asked the running app (${(await readStore.getLease(PROJECTIONS_LEASE))?.owner}) to rebuild ${name}; readers stay served meanwhile.`,
  );
  const showing = followProgress(runner, name, bar);
  try {
    while ((await targetsOf(readStore, name)) === before) await sleep(POLL_MS);
  } finally {
    showing.stop();
  }
  console.log(
    `Rebuilt ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s; readers now use ${await targetsOf(readStore, name)}`,
  );
  return 0;
}

/** Redraws the bar from the build's checkpoint position: works for a build in this process or in the app. */
function followProgress(runner: ProjectionRunner, name: string, bar: SingleBar): { stop(): void } {
  let last: { position: number; at: number } | null = null;
  let rate = 0;
  let running = true;
  let shown = false;
  const draw = async () => {
    const build = (await runner.status()).find((row) => row.name === name)?.rebuild;
    if (!running || !build) return;
    const now = performance.now();
    // The rate between two samples of the build's position, smoothed: works whoever runs the build.
    if (last && now > last.at) rate = Math.round(0.5 * rate + (0.5 * ((build.position - last.position) * 1000)) / (now - last.at));
    last = { position: build.position, at: now };
    const remaining = Math.max(0, build.headPosition - build.position);
    const etaText = rate > 0 ? `${Math.ceil(remaining / rate)} s` : '…';
    if (!shown) bar.start(build.headPosition, build.position, { rate, etaText });
    shown = true;
    bar.setTotal(build.headPosition);
    bar.update(build.position, { rate, etaText });
  };
  const timer = setInterval(() => void draw().catch(() => undefined), POLL_MS);
  return {
    stop() {
      if (!running) return;
      running = false;
      clearInterval(timer);
      if (shown) bar.stop();
    },
  };
}

async function targetsOf(readStore: ReadStore, name: string): Promise<string> {
  const projection = allProjections.find((candidate) => candidate.name === name)!;
  return (await readStore.collectionTarget(projection.collections[0].name)) ?? projection.collections[0].name;
}

function replay(name: string | undefined, options: string[]): Promise<number> | number {
  const projection = name ? analyticsProjectionNamed(name) : undefined;
  const moment = options[0] === '--until' && options.length === 2 ? parseReplayMoment(options[1]) : null;
  if (!projection || !moment) return usage();
  return replayCommand(projection, moment);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function usage(): number {
  console.error('Usage: npm run projections -- status | rebuild <name> | replay <analytics name> --until <yyyy-MM-dd | ISO date-time>');
  console.error(`Projections: ${allProjections.map((projection) => projection.name).join(', ')}`);
  console.error(`Analytics (replay): ${ANALYTICS_PROJECTIONS.map((projection) => projection.name).join(', ')}`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
