/**
 * `npm run backup [-- --out <file>]`: a consistent, compressed copy of the event log (storage/src/backup/), from a
 * running app or a stopped one. On PostgreSQL it reads the database itself; on the embedded store a running app holds
 * the data folder, so the app writes the backup onto its socket in that folder and this command saves it. The file
 * is written beside its final name, checked end to end, then renamed: a file with the final name is whole.
 * Settings' secrets stay sealed in it (SETTINGS_SECRET_KEY): keep the key beside the backups, not in them.
 */
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isBackupCapable, verifyBackup, writeBackup } from '@cans/storage/backup/event-log-backup';
import { DataFolderInUseError } from '@cans/storage/sql/data-folder-lock';
import { BACKUP_REQUEST, backupSocketPath } from '@cans/backend/platform/backup/backup-socket';
import { loadAppConfig } from '@cans/backend/platform/config/app-config';
import { openStorage } from '@cans/backend/platform/storage/storage.factory';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 0 && !(args.length === 2 && args[0] === '--out')) {
    console.error('Usage: npm run backup [-- --out <file.ndjson.gz>]');
    return 2;
  }
  const out = resolve(args[1] ?? `backups/cans-backup-${stamp()}.ndjson.gz`);
  const config = loadAppConfig();
  if (config.eventStoreUrl) {
    console.error('The events are in EventStoreDB: back it up with its own tools (docs/operations.md, "Backup and restore").');
    return 1;
  }
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const started = performance.now();
  try {
    let storage: Awaited<ReturnType<typeof openStorage>> | null = null;
    try {
      storage = await openStorage(config);
    } catch (error) {
      if (!(error instanceof DataFolderInUseError)) throw error;
      await fromRunningApp(config.dataDir, partial, error.holderPid);
    }
    if (storage) {
      try {
        if (!isBackupCapable(storage.eventStore)) throw new Error('This event store cannot be backed up by this command.');
        await writeBackup(storage.eventStore, createWriteStream(partial, { mode: 0o600 }), { source: storage.description.eventStore });
      } finally {
        await storage.close();
      }
    }
    const checked = await verifyBackup(() => createReadStream(partial));
    renameSync(partial, out);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Backed up ${checked.events} events (up to position ${checked.headPosition}) to ${out} ` +
        `(${(statSync(out).size / 1e6).toFixed(2)} MB, ${seconds.toFixed(1)} s); SHA-256 of the events ${checked.sha256}. ` +
        'Keep SETTINGS_SECRET_KEY beside your backups (not in them): the saved mail and SFTP passwords are sealed with it.',
    );
    return 0;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The app holding the embedded store writes the backup onto the socket in its data folder. */
async function fromRunningApp(dataDir: string, file: string, holderPid: number): Promise<void> {
  const path = backupSocketPath(dataDir);
  if (!path)
    throw new Error(
      `The app (process ${holderPid}) holds ${dataDir}, whose path is too long for its backup socket: stop it, then back up.`,
    );
  const socket = connect(path);
  await new Promise<void>((resolvePromise, reject) => socket.once('connect', resolvePromise).once('error', reject)).catch(
    (error: unknown) => {
      throw new Error(
        `The app (process ${holderPid}) holds ${dataDir} but does not answer on ${path} (${error instanceof Error ? error.message : String(error)}): ` +
          'is it an older version? Stop it, then back up.',
      );
    },
  );
  console.log(`The app (process ${holderPid}) holds the data folder: it writes the backup, this command saves it.`);
  socket.write(BACKUP_REQUEST);
  await pipeline(socket, createWriteStream(file, { mode: 0o600 }));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
