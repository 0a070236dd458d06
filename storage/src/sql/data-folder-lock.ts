/*
 * One data folder, one process (issue 29 item 2). PGlite is a single-process database: a second process that opens
 * the same folder (another `npm start`, a CLI command beside a running app) writes behind the first one's back and
 * can leave the folder unreadable. So whoever opens the folder first holds a lock file in it (cans.lock: pid, what it
 * is, since when), created atomically (O_EXCL); any other process refuses at once with one line naming the holder.
 * A lock whose process is gone (killed, crashed) is taken over. Within one process the folder may be opened more
 * than once (the app and its CLI commands share a process in tests); the file goes when the last holder closes, or
 * when the process exits.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE_NAME = 'cans.lock';

/** The folder is held by another live process; the message is the one line to show. */
export class DataFolderInUseError extends Error {
  constructor(
    message: string,
    readonly holderPid: number,
  ) {
    super(message);
    this.name = 'DataFolderInUseError';
  }
}

interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

/** Folders this process holds, with how many opens are still open. */
const heldHere = new Map<string, number>();

const thisProcess = (): LockHolder => ({
  pid: process.pid,
  command: process.argv.slice(1).join(' ').slice(0, 200) || 'node',
  since: new Date().toISOString(),
});

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number'
      ? { pid: holder.pid, command: String(holder.command ?? ''), since: String(holder.since ?? '') }
      : null;
  } catch {
    return null; // unreadable or half written: treated as a lock of no live process
  }
}

/** Whether a process with this pid exists (EPERM: it exists, under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeOwnLockFiles(): void {
  for (const folder of heldHere.keys()) {
    const file = join(folder, LOCK_FILE_NAME);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  }
  heldHere.clear();
}
process.once('exit', removeOwnLockFiles);

/**
 * Takes the folder's lock for this process, or throws DataFolderInUseError when another live process holds it.
 * Returns the release: call it once when the folder is closed.
 */
export function lockDataFolder(dataDir: string): () => void {
  const folder = resolve(dataDir);
  const file = join(folder, LOCK_FILE_NAME);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (heldHere.get(folder) ?? 1) - 1;
    if (left > 0) return void heldHere.set(folder, left);
    heldHere.delete(folder);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  const count = heldHere.get(folder);
  if (count !== undefined) {
    heldHere.set(folder, count + 1);
    return release;
  }
  // A first start has no folder yet: the lock is taken before the store creates it.
  mkdirSync(folder, { recursive: true });
  // Twice at most: the second time after taking away the lock of a process that is gone.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const descriptor = openSync(file, 'wx', 0o600);
      try {
        writeSync(descriptor, JSON.stringify(thisProcess()));
      } finally {
        closeSync(descriptor);
      }
      heldHere.set(folder, 1);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataFolderInUseError(
          `The data folder ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}): ` +
            `stop that process first (Ctrl+C where it runs, or kill ${holder.pid}), then run this again.`,
          holder.pid,
        );
      }
      // Its process is gone: the lock is stale. (Two processes that start in the same instant after a crash could
      // both get here, and the later one remove the earlier one's new lock: a window of microseconds, accepted.)
      rmSync(file, { force: true });
    }
  }
  throw new Error(`The lock file ${file} could not be created.`);
}
