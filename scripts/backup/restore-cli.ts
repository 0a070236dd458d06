/**
 * `npm run restore -- <file>`: a backup (`npm run backup`) into an empty store — a new PostgreSQL database or an
 * empty DATA_DIR — before the app's first start there. The file is checked end to end before anything is written;
 * the next `npm start` builds every read model from the restored log. Needs the SETTINGS_SECRET_KEY the backup was
 * taken under for the saved mail and SFTP passwords.
 */
import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBackupCapable, restoreBackup } from '@cans/storage/backup/event-log-backup';
import { lockDataFolderOrExit } from '@cans/backend/platform/storage/lock-data-folder-or-exit';
import { loadAppConfig } from '@cans/backend/platform/config/app-config';
import { openStorage } from '@cans/backend/platform/storage/storage.factory';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1) {
    console.error('Usage: npm run restore -- <backup file>');
    return 2;
  }
  const file = resolve(args[0]);
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const config = loadAppConfig();
  if (config.eventStoreUrl) {
    console.error('The events are in EventStoreDB: restore it with its own tools (docs/operations.md, "Backup and restore").');
    return 1;
  }
  lockDataFolderOrExit(config, 'The restore cannot run');
  const storage = await openStorage(config);
  try {
    if (!isBackupCapable(storage.eventStore)) throw new Error('This event store cannot be restored by this command.');
    if ((await storage.readStore.listCheckpoints()).length > 0) {
      console.error(
        `The store (${storage.description.readStore}) already holds read models: restore into an empty one, before the app's first start.`,
      );
      return 1;
    }
    const started = performance.now();
    const restored = await restoreBackup(storage.eventStore, () => createReadStream(file));
    console.log(
      `Restored ${restored.events} events (up to position ${restored.headPosition}) into ${storage.description.eventStore} in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s. Start the app: it builds every read model from them.`,
    );
    return 0;
  } finally {
    await storage.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
