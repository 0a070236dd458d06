/**
 * Issue 29 item 2, "one data folder, one process", with real processes: while one process holds the embedded store's
 * folder, `npm start` (main.ts) and the projections CLI refuse at once, exit 1 with one line naming the holder's pid
 * and what to do, and leave the folder as it was; once the holder is killed (kill -9) the folder opens with the
 * holder's data intact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PgliteSqlClient } from '@cans/storage/sql/pglite-sql-client';
import { repositoryRoot } from '../config/repository-root';
import { runEntryPoint } from '../../../test-support/run-entry-point';

const root = repositoryRoot();

const run = (entry: string, args: string[], env: Record<string, string>) =>
  runEntryPoint(entry, { args, env: { PORT: '0', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env }, timeoutMs: 60_000 });

/** The holder: a process with the folder open (storage/src/test-support/hold-data-folder.ts), once it says so. */
function holdFolder(folder: string): Promise<ChildProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', resolve(root, 'storage/src/test-support/hold-data-folder.ts'), folder],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolvePromise(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`The holder exited with ${code} before holding the folder`)));
  });
}

describe('one process per embedded data folder', () => {
  jest.setTimeout(240_000);
  let folder: string;
  let holder: ChildProcess | undefined;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'cans-data-'));
  });
  afterAll(() => {
    holder?.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a second start and the CLI while the folder is held, then opens it intact once the holder is killed', async () => {
    holder = await holdFolder(folder);
    const pid = holder.pid!;
    const refusal = new RegExp(
      `^The data folder ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${pid} \\(.*hold-data-folder\\.ts.*, since .*\\): ` +
        `stop that process first \\(Ctrl\\+C where it runs, or kill ${pid}\\), then run this again\\.$`,
    );

    const start = await run('backend/src/main.ts', [], { DATA_DIR: folder });
    expect(start.code).toBe(1);
    const startLines = start.output.trim().split('\n');
    expect(startLines).toHaveLength(1);
    expect(startLines[0].replace(/^CANS platform cannot start: /, '')).toMatch(refusal);

    const cli = await run('scripts/projections-cli.ts', ['status'], { DATA_DIR: folder });
    expect(cli.code).toBe(1);
    expect(cli.output.trim().split('\n')).toEqual([expect.stringMatching(refusal)]);

    holder.kill('SIGKILL');
    await new Promise((resolvePromise) => holder!.once('exit', resolvePromise));
    const client = await PgliteSqlClient.open(folder);
    try {
      expect((await client.query<{ note: string }>('SELECT note FROM held')).rows).toEqual([{ note: 'written by the holder' }]);
    } finally {
      await client.close();
    }
  });
});
