import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { repositoryRoot } from './repository-root';

/** Everything the app reads from the environment, parsed once. Names are the project's conventions. */
export interface AppConfig {
  port: number;
  /** Embedded PGlite data folder, used when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | null;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  jwtSecret: string;
  /** Upper bound a query waits for projections to reach a command's position (read-your-writes). */
  readYourWritesTimeoutMs: number;
  /** Seed demo data when the event store is empty on start. */
  seedDemoData: boolean;
  frontendDist: string;
  logLevel: string;
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: parseInteger(env.PORT, 3000, 'PORT'),
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    eventStoreUrl: env.EVENTSTORE_URL || null,
    mongoUrl: env.MONGODB_URL || null,
    // A random secret per process is safe (tokens just expire on restart) but production must set one.
    jwtSecret: env.JWT_SECRET || randomBytes(32).toString('hex'),
    readYourWritesTimeoutMs: parseInteger(env.READ_YOUR_WRITES_TIMEOUT_MS, 3000, 'READ_YOUR_WRITES_TIMEOUT_MS'),
    seedDemoData: (env.SEED_DEMO_DATA ?? 'true') !== 'false',
    frontendDist: resolve(env.FRONTEND_DIST || resolve(repositoryRoot(), 'frontend/dist')),
    logLevel: env.LOG_LEVEL || 'info',
  };
}

function parseInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}
