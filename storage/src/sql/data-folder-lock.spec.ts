/**
 * The data folder's lock (issue 29 item 2) in one process: another live process's lock refuses with one line naming
 * it; a lock of a process that is gone is taken over; the folder may be opened twice in one process and the lock
 * file goes with the last close. (Real second processes: backend/src/platform/storage/one-process-per-data-folder.spec.ts.)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFolderInUseError, LOCK_FILE_NAME, lockDataFolder } from './data-folder-lock';
import { PgliteSqlClient } from './pglite-sql-client';

describe('lockDataFolder', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'cans-lock-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));
  const lockFile = () => join(folder, LOCK_FILE_NAME);

  it("refuses a folder another live process holds, naming it and what to do, and leaves that process's lock alone", () => {
    const holder = { pid: process.ppid, command: 'dist/backend/src/main.js', since: '2026-11-29T10:00:00.000Z' };
    writeFileSync(lockFile(), JSON.stringify(holder));
    expect(() => lockDataFolder(folder)).toThrow(DataFolderInUseError);
    expect(() => lockDataFolder(folder)).toThrow(
      `The data folder ${folder} is in use by process ${process.ppid} (dist/backend/src/main.js, since 2026-11-29T10:00:00.000Z): ` +
        `stop that process first (Ctrl+C where it runs, or kill ${process.ppid}), then run this again.`,
    );
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual(holder);
  });

  it('creates a folder that does not exist yet (a first start) and holds it', () => {
    const fresh = join(folder, 'data');
    const release = lockDataFolder(fresh);
    expect(JSON.parse(readFileSync(join(fresh, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(join(fresh, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over the lock of a process that is gone, and of a half-written lock file', () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: 2 ** 22 + 12345, command: 'killed', since: '2026-11-28T00:00:00.000Z' }));
    const release = lockDataFolder(folder);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockFile())).toBe(false);
    writeFileSync(lockFile(), '{"pid": 4');
    lockDataFolder(folder)();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('lets one process open the folder twice; the lock file goes with the last close', async () => {
    const first = await PgliteSqlClient.open(folder);
    const second = lockDataFolder(folder);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    await first.close();
    expect(existsSync(lockFile())).toBe(true);
    second();
    second(); // a second release of the same hold changes nothing
    expect(existsSync(lockFile())).toBe(false);
  });
});
