import { DataFolderInUseError, lockDataFolder } from '@cans/storage/sql/data-folder-lock';
import { MEMORY_DATA_DIR } from '@cans/storage/sql/pglite-sql-client';
import type { AppConfig } from '../config/app-config';

/**
 * On the embedded store the data folder is one process's alone (data-folder-lock.ts). Taken before Nest starts, so a
 * second start or command stops with one line and exit code 1 instead of Nest's abort after a stack trace. Held until
 * the process exits; the store's own open in this process shares it.
 */
export function lockDataFolderOrExit(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, what: string): void {
  if (config.databaseUrl || config.dataDir === MEMORY_DATA_DIR) return;
  try {
    lockDataFolder(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    // eslint-disable-next-line no-console -- the one line a refused start prints, before any logger exists
    console.error(`${what}: ${error.message}`);
    process.exit(1);
  }
}
