/**
 * Rebuild of every projection over the real event mix (real-mix-events.ts), each beside the raw-SQL floor measured
 * in the same run on the same events: every event row read with plain SQL in batches of the rebuild's batch size.
 *
 * Run alone: `node -r @swc-node/register scripts/bench/real-mix/real-mix-bench.ts` (PostgreSQL; BENCH_REAL_MIX_ASSESSMENTS,
 * default 100,000; BENCH_REAL_MIX_REPLAY=harness measures through replay.ts instead of the runner;
 * BENCH_REAL_MIX_ONLY=assessment-list,system-log limits the projections; BENCH_REAL_MIX_SPLIT=1 with the harness prints
 * where each replay's time went).
 */
import { Client } from 'pg';
import { allProjections } from '@cans/projections';
import { ProjectionRunner } from '@cans/projections/engine/projection-runner';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import type { SqlClient } from '@cans/storage/sql/sql-client';
import { rawReadBaseline, replayProjection } from './replay';
import { writeRealMix } from './write-real-mix';
import { benchServerUrl } from '../bench-server';

export const REAL_MIX_BATCH = 1000;

export interface RealMixRow {
  backend: string;
  projection: string;
  events: number;
  seconds: number;
  'events/s': number;
  'raw read events/s': number;
  'rebuild/raw time': string;
}

export async function runRealMixBench(
  backend: string,
  client: SqlClient,
  assessments: number,
  log: (line: string) => void = console.log,
  /** Writes the mix faster (e.g. sessions with synchronous_commit off); the rebuilds always run on `client`. */
  generationClient: SqlClient = client,
): Promise<RealMixRow[]> {
  const generationStore = generationClient === client ? null : await SqlEventStore.create(generationClient);
  const eventStore = await SqlEventStore.create(client);
  const readStore = await SqlReadStore.create(client);
  try {
    log(`${backend}: writing the real mix for ${assessments} assessments …`);
    const written = await writeRealMix(generationStore ?? eventStore, assessments, 8, log);
    await generationStore?.close();
    log(`${backend}: ${written.events} events in ${written.appends} appends, ${written.seconds.toFixed(1)} s`);
    const only = process.env.BENCH_REAL_MIX_ONLY?.split(',');
    const projections = allProjections.filter((p) => !only || only.includes(p.name));
    const harness = process.env.BENCH_REAL_MIX_REPLAY === 'harness';
    const runner = harness ? null : new ProjectionRunner(eventStore, readStore, allProjections, { batchSize: REAL_MIX_BATCH });
    const rows: RealMixRow[] = [];
    for (const projection of projections) {
      // The floor beside each rebuild, measured just before it (same cache state, same machine load).
      const raw = await rawReadBaseline(client, REAL_MIX_BATCH);
      const rebuilt = runner
        ? await runner.rebuildOnce(projection.name)
        : await replayProjection(eventStore, readStore, projection, REAL_MIX_BATCH);
      const row: RealMixRow = {
        backend,
        projection: projection.name,
        events: rebuilt.events,
        seconds: Math.round(rebuilt.seconds * 10) / 10,
        'events/s': Math.round(rebuilt.events / rebuilt.seconds),
        'raw read events/s': Math.round(raw.events / raw.seconds),
        'rebuild/raw time': `${(rebuilt.seconds / raw.seconds).toFixed(2)}x`,
      };
      log(`  ${row.projection}: ${row['events/s']} events/s (raw read ${row['raw read events/s']}/s)`);
      rows.push(row);
    }
    return rows;
  } finally {
    await eventStore.close();
  }
}

export function printRealMix(rows: RealMixRow[], sizes: string): void {
  console.log(`\nRebuild of every projection over the real event mix (${sizes}), batches of ${REAL_MIX_BATCH}\n`);
  console.table(rows);
  console.log('Targets: > 20,000 events/s on PostgreSQL, > 10,000 on PGlite (events/s counts every event read, as a replay reads them).');
}

/**
 * A scratch PostgreSQL database for the run. `work` gets a client with the server's durability settings (what the
 * rebuilds are measured on, as production runs) and one whose sessions skip the commit flush, to write the mix fast.
 */
export async function withScratchDatabase<T>(
  serverUrl: string,
  work: (client: PgSqlClient, generationClient: PgSqlClient) => Promise<T>,
): Promise<T> {
  const name = `cans_real_mix_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new PgSqlClient(url.toString(), 10);
  url.searchParams.set('options', '-c synchronous_commit=off');
  const generationClient = new PgSqlClient(url.toString(), 10);
  try {
    return await work(client, generationClient);
  } finally {
    await generationClient.close();
    await client.close();
    const dropper = new Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

if (require.main === module) {
  const serverUrl = benchServerUrl();
  const assessments = Number(process.env.BENCH_REAL_MIX_ASSESSMENTS ?? 100_000);
  withScratchDatabase(serverUrl, (client, generation) => runRealMixBench('PostgreSQL', client, assessments, console.log, generation))
    .then((rows) => printRealMix(rows, `PostgreSQL ${assessments} assessments`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
