import { ConfigurationError } from '../platform/config/configuration-error';

/**
 * Settings of sign-in, mail and links, read from the environment once. Kept beside the feature (not in
 * AppConfig) so the platform config stays small; tests override it through the IDENTITY_CONFIG provider.
 */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export interface SmtpSettings {
  host: string;
  port: number;
  user: string | null;
  password: string | null;
  from: string;
  /** true: TLS from the first byte (port 465); false: plain, upgraded with STARTTLS when offered. */
  secure: boolean;
  /** With secure false: refuse to send unless the server upgrades with STARTTLS. */
  requireTls?: boolean;
}

/**
 * The HTTP SMS gateway that sends verification codes by text message (delivery/http-sms-gateway-sender.ts).
 * Set by the operator in the environment only (CANS_SMS_GATEWAY_URL, CANS_SMS_GATEWAY_TOKEN and optionally
 * CANS_SMS_GATEWAY_USERNAME): no user of the app can point the server at another address.
 */
export interface SmsGatewaySettings {
  /** Where each text is POSTed as JSON { to, text }: https, or http only to localhost / 127.0.0.1 / ::1. */
  url: string;
  /** The bearer token; with `username`, the password of HTTP Basic instead. */
  token: string | null;
  username: string | null;
  /** How long one send may take (connection and answer), in ms. */
  timeoutMs: number;
}

/** Token bucket per client IP: `capacity` requests at once, refilled at `refillPerMinute`. */
export interface RateLimit {
  capacity: number;
  refillPerMinute: number;
}

export type RateLimitName = 'signIn' | 'verificationCode' | 'verify' | 'passwordReset' | 'passwordLink' | 'apiToken';

export interface IdentityConfig {
  /** Where users open the app; password links in mails point here. */
  publicUrl: string;
  /** Outgoing mail; null: mail goes to the local outbox (printed to stdout when printOutbox). */
  smtp: SmtpSettings | null;
  /** Print outbox mail (verification codes, links) to stdout so a fresh machine can sign in. */
  printOutbox: boolean;
  /** Always mark cookies Secure (production); otherwise only when the request came over HTTPS. */
  secureCookiesAlways: boolean;
  /** Where the first-start administrator receives the link to set their password. */
  administratorEmail: string;
  rateLimits: Record<RateLimitName, RateLimit>;
  /** Text messages for verification codes; absent or null: the Phone channel is offered disabled. */
  smsGateway?: SmsGatewaySettings | null;
}

export const DEFAULT_RATE_LIMITS: Record<RateLimitName, RateLimit> = {
  signIn: { capacity: 10, refillPerMinute: 10 },
  verificationCode: { capacity: 5, refillPerMinute: 5 },
  verify: { capacity: 10, refillPerMinute: 10 },
  passwordReset: { capacity: 5, refillPerMinute: 5 },
  passwordLink: { capacity: 10, refillPerMinute: 10 },
  apiToken: { capacity: 10, refillPerMinute: 10 },
};

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const port = env.PORT || '3000';
  const production = env.NODE_ENV === 'production';
  return {
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT || (env.SMTP_SECURE === 'true' ? 465 : 587)),
          user: env.SMTP_USER || null,
          password: env.SMTP_PASSWORD || null,
          from: env.SMTP_FROM || 'CANS <no-reply@localhost>',
          secure: env.SMTP_SECURE === 'true',
        }
      : null,
    printOutbox: printOutbox(env, production),
    secureCookiesAlways: production,
    administratorEmail: env.ADMIN_EMAIL || 'administrator@cans.local',
    rateLimits: DEFAULT_RATE_LIMITS,
    smsGateway: smsGatewayOf(env),
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * CANS_SMS_GATEWAY_URL (and its token) from the environment. The app refuses to start with a URL that is not
 * https (plain http only to this machine, for tests and a local relay), or that carries credentials in it.
 */
export function smsGatewayOf(env: NodeJS.ProcessEnv): SmsGatewaySettings | null {
  const raw = env.CANS_SMS_GATEWAY_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(`CANS_SMS_GATEWAY_URL is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new ConfigurationError('CANS_SMS_GATEWAY_URL must be an https URL (http only to localhost or 127.0.0.1)');
  }
  if (url.username || url.password) {
    throw new ConfigurationError(
      'CANS_SMS_GATEWAY_URL must not carry credentials: set CANS_SMS_GATEWAY_TOKEN (and CANS_SMS_GATEWAY_USERNAME)',
    );
  }
  const timeout = env.CANS_SMS_GATEWAY_TIMEOUT_MS ? Number(env.CANS_SMS_GATEWAY_TIMEOUT_MS) : 10_000;
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 60_000) {
    throw new ConfigurationError('CANS_SMS_GATEWAY_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000');
  }
  return {
    url: url.toString(),
    token: env.CANS_SMS_GATEWAY_TOKEN || null,
    username: env.CANS_SMS_GATEWAY_USERNAME || null,
    timeoutMs: timeout,
  };
}

/**
 * The console outbox prints sign-in codes and password links: handy on a fresh machine, a leak in production
 * (anyone reading the logs signs in as anyone). In production without SMTP the app refuses to start unless
 * MAIL_CONSOLE_OUTBOX=true says the console is meant (e.g. a closed demo).
 */
function printOutbox(env: NodeJS.ProcessEnv, production: boolean): boolean {
  const setting = env.MAIL_CONSOLE_OUTBOX;
  if (setting !== undefined && setting !== '' && setting !== 'true' && setting !== 'false') {
    throw new ConfigurationError(`MAIL_CONSOLE_OUTBOX must be "true" or "false", got "${setting}"`);
  }
  if (production && !env.SMTP_HOST && setting !== 'true') {
    throw new ConfigurationError(
      'Mail is not configured: set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_FROM) when NODE_ENV=production, ' +
        'or set MAIL_CONSOLE_OUTBOX=true to print sign-in codes and password links to the console on purpose.',
    );
  }
  if (setting === 'true' || setting === 'false') return setting === 'true';
  return !production && (env.LOG_LEVEL ?? 'info') !== 'silent';
}
