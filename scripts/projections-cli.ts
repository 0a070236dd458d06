/**
 * `npm run projections -- status`            position, lag and rate of every projection
 * `npm run projections -- rebuild <name>`    drop a projection's read models and replay it from event zero
 *
 * Works on the configured store (DATABASE_URL / EVENTSTORE_URL / MONGODB_URL, else PGlite in DATA_DIR).
 * Rebuild while the app is stopped: the app's own runner would otherwise keep writing the same collections
 * (and embedded PGlite allows only one process at a time). A running app rebuilds by itself when a
 * projection's version is bumped.
 */
import { allProjections } from '@cans/projections';
import { ProjectionRunner } from '@cans/projections/engine/projection-runner';
import { loadAppConfig } from '@cans/backend/platform/config/app-config';
import { openStorage } from '@cans/backend/platform/storage/storage.factory';

const SAMPLE_SECONDS = 2;

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (command !== 'status' && command !== 'rebuild') return usage();
  if (command === 'rebuild' && !name) return usage();

  const storage = await openStorage(loadAppConfig());
  try {
    const runner = new ProjectionRunner(storage.eventStore, storage.readStore, allProjections);
    if (command === 'rebuild') {
      const { events, seconds } = await runner.rebuildOnce(name);
      console.log(
        `Rebuilt ${name}: ${events} events in ${seconds.toFixed(2)} s (${Math.round(events / Math.max(seconds, 1e-9))} events/s)`,
      );
      return 0;
    }
    // Events/s of whoever is running the projections (the app): checkpoint progress over a short sample.
    const before = await runner.status();
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_SECONDS * 1000));
    const after = await runner.status();
    console.log(`Event store: ${storage.description.eventStore}; read store: ${storage.description.readStore}`);
    console.table(
      after.map((status, index) => ({
        projection: status.name,
        version: status.version,
        position: status.position,
        head: status.headPosition,
        lag: status.lag,
        'events/s': Math.round((status.position - before[index].position) / SAMPLE_SECONDS),
      })),
    );
    return 0;
  } finally {
    await storage.close();
  }
}

function usage(): number {
  console.error('Usage: npm run projections -- status | rebuild <name>');
  console.error(`Projections: ${allProjections.map((projection) => projection.name).join(', ')}`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
