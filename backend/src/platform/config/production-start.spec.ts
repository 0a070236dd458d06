import { randomBytes } from 'node:crypto';
import { runEntryPoint } from '../../../test-support/run-entry-point';

/**
 * Issue 9 and issue 27, finding 14: the real entry point (main.ts, through the swc loader as `npm run` scripts do) refuses to
 * start in production with an unsafe configuration: exit code 1 and one clear line, before anything listens.
 */
function startMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // No JWT_SECRET or SMTP_HOST of the machine running the tests leaks in; a start that did not stop by itself is the
  // failure this test looks for.
  return runEntryPoint('backend/src/main.ts', {
    env: { PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env },
    timeoutMs: 20_000,
  });
}

/** What the README's `openssl rand -hex 32` makes. */
const strongKey = () => randomBytes(32).toString('hex');

/** The output is the one line that says why, with no stack trace. */
const oneLine = (output: string) => output.trim().split('\n');

describe('node backend/src/main.ts with NODE_ENV=production', () => {
  it('exits 1 without a JWT_SECRET, saying so', async () => {
    const { code, output } = await startMain({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(oneLine(output)).toEqual([
      'CANS platform cannot start: JWT_SECRET must be a random key of at least 32 bytes when NODE_ENV=production (it is not set). ' +
        'Make one with: openssl rand -hex 32',
    ]);
  });

  it('exits 1 with a JWT_SECRET that is long enough but clearly not random', async () => {
    const { code, output } = await startMain({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(32) });
    expect(code).toBe(1);
    expect(oneLine(output)).toEqual([expect.stringMatching(/^CANS platform cannot start: JWT_SECRET .*\(it uses 1 different characters/)]);
  });

  it('exits 1 without SMTP unless the console outbox is enabled on purpose', async () => {
    const { code, output } = await startMain({ NODE_ENV: 'production', JWT_SECRET: strongKey() });
    expect(code).toBe(1);
    expect(output).toContain('CANS platform cannot start: Mail is not configured');
    expect(output).toContain('MAIL_CONSOLE_OUTBOX=true');
  });

  it('exits 1 with one line, not a stack trace, without a SETTINGS_SECRET_KEY or with a weak one', async () => {
    const settled = { NODE_ENV: 'production', JWT_SECRET: strongKey(), MAIL_CONSOLE_OUTBOX: 'true' };
    const missing = await startMain(settled);
    expect(missing.code).toBe(1);
    expect(oneLine(missing.output)).toEqual([
      'CANS platform cannot start: SETTINGS_SECRET_KEY must be a random key of at least 32 bytes when NODE_ENV=production ' +
        '(it is not set). Make one with: openssl rand -hex 32',
    ]);
    const weak = await startMain({ ...settled, SETTINGS_SECRET_KEY: 'settings-key' });
    expect(weak.code).toBe(1);
    expect(oneLine(weak.output)).toEqual([expect.stringMatching(/^CANS platform cannot start: SETTINGS_SECRET_KEY .*\(it has 12 bytes/)]);
  });
});
