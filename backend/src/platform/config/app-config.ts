import { randomBytes } from 'node:crypto';
import { validateCronExpression } from 'cron';
import { resolve } from 'node:path';
import { ConfigurationError } from './configuration-error';
import { repositoryRoot } from './repository-root';
import { requireStrongSecret } from './secret-strength';
import { parseTrustProxy, TrustProxy } from './trust-proxy';

export type { TrustProxy } from './trust-proxy';
export { ConfigurationError } from './configuration-error';

/** Everything the app reads from the environment, parsed once. Names are the project's conventions. */
export interface AppConfig {
  port: number;
  /** NODE_ENV=production: a strong JWT_SECRET and SETTINGS_SECRET_KEY are required, HSTS is sent, API docs need sign-in, no demo banner. */
  production: boolean;
  /** Embedded PGlite data folder, used when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | null;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  jwtSecret: string;
  /** Upper bound a query waits for projections to reach a command's position (read-your-writes). */
  readYourWritesTimeoutMs: number;
  /** /api/ready: how old the oldest event a projection has not applied yet may be. */
  readinessMaxProjectionDelayMs: number;
  /**
   * Several instances: how long the projections lease lasts unless renewed (renewed every third of it). An instance
   * that dies (kill -9) is replaced as the one running the projections within about this long.
   */
  projectionsLeaseTtlMs: number;
  /** Seed demo data when the event store is empty on start. */
  seedDemoData: boolean;
  frontendDist: string;
  logLevel: string;
  /** Which peers may tell the client IP (X-Forwarded-For): Express `trust proxy`; false believes nobody. */
  trustProxy: TrustProxy;
  /** When the daily reminder mails go out: a cron expression in the server's time zone (REMINDER_JOB_CRON); null: never. */
  reminderJobCron: string | null;
  /** When the daily XML feed is uploaded to SFTP: a cron expression in the server's time zone (XML_FEED_JOB_CRON); null: never. */
  xmlFeedJobCron: string | null;
  /** Reads of children's records are appended in batches: at the latest this long after a read (RECORD_READS_FLUSH_MS) … */
  recordReadsFlushMs: number;
  /** … or as soon as this many are queued (RECORD_READS_BATCH_SIZE). */
  recordReadsBatchSize: number;
  /** SERVER_TIMING=true: every answer says where its time went (a Server-Timing header; a diagnosis tool, off by default). */
  serverTiming: boolean;
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  return {
    port: parseInteger(env.PORT, 3000, 'PORT'),
    production,
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    eventStoreUrl: env.EVENTSTORE_URL || null,
    mongoUrl: env.MONGODB_URL || null,
    jwtSecret: jwtSecret(env.JWT_SECRET, production),
    readYourWritesTimeoutMs: parseInteger(env.READ_YOUR_WRITES_TIMEOUT_MS, 3000, 'READ_YOUR_WRITES_TIMEOUT_MS'),
    readinessMaxProjectionDelayMs: parseInteger(env.READY_MAX_PROJECTION_DELAY_MS, 5000, 'READY_MAX_PROJECTION_DELAY_MS'),
    projectionsLeaseTtlMs: parseLeaseTtl(env.PROJECTIONS_LEASE_TTL_MS),
    // Demo users share a published password: never by default in production.
    seedDemoData: (env.SEED_DEMO_DATA ?? (production ? 'false' : 'true')) !== 'false',
    frontendDist: resolve(env.FRONTEND_DIST || resolve(repositoryRoot(), 'frontend/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    reminderJobCron: parseCron(env.REMINDER_JOB_CRON, DEFAULT_REMINDER_JOB_CRON, 'REMINDER_JOB_CRON'),
    xmlFeedJobCron: parseCron(env.XML_FEED_JOB_CRON, DEFAULT_XML_FEED_JOB_CRON, 'XML_FEED_JOB_CRON'),
    recordReadsFlushMs: parseInteger(env.RECORD_READS_FLUSH_MS, 250, 'RECORD_READS_FLUSH_MS'),
    recordReadsBatchSize: Math.max(1, parseInteger(env.RECORD_READS_BATCH_SIZE, 200, 'RECORD_READS_BATCH_SIZE')),
    serverTiming: parseSwitch(env.SERVER_TIMING, 'SERVER_TIMING'),
  };
}

/**
 * Production needs a fixed secret (a random one per process signs everyone out on every restart, and differs
 * between instances) that is random enough: an HS256 key that is short or patterned is guessable offline from one
 * token (secret-strength.ts). Elsewhere a random one per process is fine.
 */
function jwtSecret(value: string | undefined, production: boolean): string {
  if (!production) return value || randomBytes(32).toString('hex');
  return requireStrongSecret('JWT_SECRET', value);
}

/** 06:00 every day: before the working day, so the reminders are in the morning's mail. */
export const DEFAULT_REMINDER_JOB_CRON = '0 6 * * *';

/** 02:30 every day: at night, away from working hours, and before the recipient's morning processing. */
export const DEFAULT_XML_FEED_JOB_CRON = '30 2 * * *';

function parseCron(value: string | undefined, fallback: string, name: string): string | null {
  if (value === undefined || value.trim() === '') return fallback;
  if (value.trim().toLowerCase() === 'off') return null;
  const check = validateCronExpression(value.trim());
  if (!check.valid) throw new ConfigurationError(`${name} must be a cron expression (e.g. "0 6 * * *") or "off", got "${value}"`);
  return value.trim();
}

function parseInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new ConfigurationError(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

/** At least a second: a shorter lease would lapse between renewals, and two instances would both run projections. */
function parseLeaseTtl(value: string | undefined): number {
  const ttl = parseInteger(value, 6000, 'PROJECTIONS_LEASE_TTL_MS');
  if (ttl < 1000) throw new ConfigurationError(`PROJECTIONS_LEASE_TTL_MS must be at least 1000, got "${value}"`);
  return ttl;
}

/** An on/off setting: unset or empty is off; anything but true/false is a mistake worth stopping for. */
function parseSwitch(value: string | undefined, name: string): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  throw new ConfigurationError(`${name} must be true or false, got "${value}"`);
}
