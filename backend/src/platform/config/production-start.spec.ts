import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { repositoryRoot } from './repository-root';

/**
 * Issue 9, finding 14: the real entry point (main.ts, through the swc loader as `npm run` scripts do) refuses to
 * start in production with an unsafe configuration: exit code 1 and one clear line, before anything listens.
 */
function startMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', resolve(repositoryRoot(), 'backend/src/main.ts')], {
      cwd: repositoryRoot(),
      // Nothing inherited: no JWT_SECRET or SMTP_HOST of the machine running the tests leaks in.
      env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A start that did not stop by itself is the failure this test looks for.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

describe('node backend/src/main.ts with NODE_ENV=production', () => {
  it('exits 1 without a JWT_SECRET, saying so', async () => {
    const { code, output } = await startMain({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toContain('CANS platform cannot start: JWT_SECRET must be set to at least 32 bytes');
  });

  it('exits 1 without SMTP unless the console outbox is enabled on purpose', async () => {
    const { code, output } = await startMain({ NODE_ENV: 'production', JWT_SECRET: 'q'.repeat(40) });
    expect(code).toBe(1);
    expect(output).toContain('CANS platform cannot start: Mail is not configured');
    expect(output).toContain('MAIL_CONSOLE_OUTBOX=true');
  });
});
