import { chmodSync, rmSync } from 'node:fs';
import { createServer, Server, Socket } from 'node:net';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { isBackupCapable, writeBackup } from '@cans/storage/backup/event-log-backup';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { MEMORY_DATA_DIR } from '@cans/storage/sql/pglite-sql-client';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, EVENT_STORE } from '../storage/storage-tokens';
import { BACKUP_REQUEST, backupSocketPath } from './backup-socket';

/**
 * `npm run backup` beside a running app on the embedded store (issue 29 item 5): the app holds the data folder, so it
 * writes the backup itself, onto a Unix socket in that folder (backup-socket.ts) that the command reads. One backup
 * at a time; on PostgreSQL the command reads the database itself and this socket is not opened.
 */
@Injectable()
export class BackupSocketService implements OnApplicationBootstrap, OnApplicationShutdown {
  private static readonly logger = new Logger('Backup');
  private server: Server | null = null;
  private path: string | null = null;
  private busy = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const embedded = !this.config.databaseUrl && !this.config.eventStoreUrl && this.config.dataDir !== MEMORY_DATA_DIR;
    if (!embedded || !isBackupCapable(this.eventStore)) return;
    const path = backupSocketPath(this.config.dataDir);
    if (!path) {
      BackupSocketService.logger.warn(`The data folder's path is too long for a backup socket: stop the app to run npm run backup`);
      return;
    }
    // We hold the folder's lock: a socket file left there is a dead process's.
    rmSync(path, { force: true });
    const server = createServer((socket) => void this.answer(socket));
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
    chmodSync(path, 0o600);
    this.server = server;
    this.path = path;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
    if (this.path) rmSync(this.path, { force: true });
  }

  private async answer(socket: Socket): Promise<void> {
    socket.on('error', () => undefined);
    const request = await firstLine(socket);
    if (`${request}\n` !== BACKUP_REQUEST || this.busy || !isBackupCapable(this.eventStore)) {
      socket.destroy();
      return;
    }
    this.busy = true;
    try {
      const summary = await writeBackup(this.eventStore, socket, { source: `PGlite (${this.config.dataDir})` });
      BackupSocketService.logger.log(`Backup written: ${summary.events} events up to position ${summary.headPosition}`);
    } catch (error) {
      BackupSocketService.logger.error('Backup failed', error instanceof Error ? error.stack : String(error));
      socket.destroy();
    } finally {
      this.busy = false;
    }
  }
}

/** The first line the client sends (at most a few bytes are expected). */
function firstLine(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0 || text.length > 64) {
        socket.off('data', onData);
        resolve(end >= 0 ? text.slice(0, end) : '');
      }
    };
    socket.on('data', onData);
    socket.once('end', () => resolve(''));
  });
}
