/**
 * Where a running app on the embedded store answers `npm run backup` (backup-socket.service.ts): a Unix socket in
 * its data folder. Whoever may open it may read the folder's files anyway, so the folder's permissions are its access
 * rule; nothing of it is reachable over the network.
 */
import { join, resolve } from 'node:path';

export const BACKUP_SOCKET_NAME = 'cans-backup.sock';
/** The request line a client sends; the answer is the backup file's bytes, then the socket ends. */
export const BACKUP_REQUEST = 'backup\n';
/** Unix socket paths are limited to about 107 bytes (sun_path). */
const MAX_SOCKET_PATH = 100;

/** The socket's path for a data folder, or null when it would be too long for a Unix socket. */
export function backupSocketPath(dataDir: string): string | null {
  const path = join(resolve(dataDir), BACKUP_SOCKET_NAME);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : null;
}
