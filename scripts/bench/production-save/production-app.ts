/**
 * The app as an agency runs it, for the benches that measure what a user meets: the built server
 * (`dist/backend/src/main.js`, what `npm start` runs) in its own process with NODE_ENV=production, on a fresh
 * PostgreSQL database with the demo data, mail through a real SMTP server (the sign-in code), its JSON log on a pipe
 * that this process drains (as a container runtime would). Users sign in as a browser does: password, code by mail,
 * the session cookie.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '@cans/backend/platform/config/repository-root';
import { startSmtpTestServer, SmtpTestServer } from '@cans/backend/test-support/smtp-test-server';
import { codeFrom } from '@cans/backend/test-support/identity-kit';
import { freePort } from '@cans/storage/test-support/private-postgres';
import { onServer } from '../bench-server';

const DEMO_PASSWORD = 'Demo!2345';
const START_TIMEOUT_MS = 300_000;

export interface ProductionApp {
  baseUrl: string;
  /** The app's own database (for the raw-commit baseline and reading checkpoints beside it). */
  databaseUrl: string;
  /** Signs a demo user in (password, code by mail, verify) and answers the session cookie's token. */
  signIn(login: string): Promise<string>;
  /** The server process (to kill it as a crash would). */
  pid: number;
  /** Starts another instance of the same app on the same database (several instances behind a proxy). */
  another(): Promise<ProductionApp>;
  stop(): Promise<void>;
}

interface SharedInstance {
  databaseUrl: string;
  secrets: { jwt: string; settings: string };
}

/** Cookie values set by one answer (name → value). */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return cookies;
}

async function waitFor<T>(what: string, deadline: number, child: ChildProcess, probe: () => Promise<T | null>): Promise<T> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) while waiting for ${what}`);
    const found = await probe().catch(() => null);
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts the built app in production mode on a fresh database of `serverUrl`; needs `npm run build` first. */
export async function startProductionApp(
  serverUrl: string,
  options: { nodeArgs?: string[]; env?: Record<string, string>; shared?: SharedInstance } = {},
): Promise<ProductionApp> {
  const entry = join(repositoryRoot(), 'dist/backend/src/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const owned = !options.shared;
  const database = `cans_prod_bench_${Date.now()}`;
  if (owned) await onServer(serverUrl, `CREATE DATABASE ${database}`);
  const databaseUrl = options.shared?.databaseUrl ?? Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
  const secret = () => randomBytes(32).toString('hex');
  const secrets = options.shared?.secrets ?? { jwt: secret(), settings: secret() };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let smtp: SmtpTestServer | null = null;
  let child: ChildProcess | null = null;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child!.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await smtp?.close();
    if (owned) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  };
  try {
    smtp = await startSmtpTestServer();
    child = spawn(process.execPath, ['--max-semi-space-size=64', ...(options.nodeArgs ?? []), entry], {
      cwd: repositoryRoot(),
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: secrets.jwt,
        SETTINGS_SECRET_KEY: secrets.settings,
        SEED_DEMO_DATA: owned ? 'true' : 'false',
        SMTP_HOST: smtp.settings.host,
        SMTP_PORT: String(smtp.settings.port),
        SMTP_FROM: 'CANS <no-reply@cans.example>',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + START_TIMEOUT_MS;
    const started = child;
    await waitFor('/api/ready', deadline, started, async () => ((await fetch(`${baseUrl}/api/ready`)).status === 200 ? true : null)).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${output.slice(-3000)}`);
      },
    );
    const mailServer = smtp;
    const signIn = async (login: string): Promise<string> => {
      const post = (path: string, body: unknown, cookie = '') =>
        fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
          body: JSON.stringify(body),
        });
      const password = await post('/api/auth/login', { login, password: DEMO_PASSWORD, rememberMe: false, agreed: true });
      const challenge = setCookies(password).get('cans_signin');
      if (password.status !== 200 || !challenge) throw new Error(`login ${login}: ${password.status} ${await password.text()}`);
      const since = mailServer.mails.length;
      const sent = await post('/api/auth/verification-code', { channel: 1 }, `cans_signin=${challenge}`);
      if (sent.status !== 200) throw new Error(`verification-code ${login}: ${sent.status} ${await sent.text()}`);
      const mail = await waitFor('the code mail', Date.now() + 30_000, started, async () => mailServer.mails[since] ?? null);
      const verified = await post('/api/auth/verify', { code: codeFrom(mail.text) }, `cans_signin=${challenge}`);
      const token = setCookies(verified).get('cans_token');
      if (verified.status !== 200 || !token) throw new Error(`verify ${login}: ${verified.status} ${await verified.text()}`);
      return token;
    };
    const another = () => startProductionApp(serverUrl, { ...options, shared: { databaseUrl, secrets } });
    return { baseUrl, databaseUrl, signIn, pid: started.pid!, another, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
