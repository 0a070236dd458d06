import { Inject, Injectable } from '@nestjs/common';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import SftpClient from 'ssh2-sftp-client';
import type { SftpServerDocument } from '@cans/projections/administration/settings.projection';
import { SECRET_BOX, SecretBox } from '../../platform/crypto/secret-box';

/** How long a connection may take before the upload counts as failed (an unreachable host must not hang a run). */
const CONNECT_TIMEOUT_MS = 15_000;

/** host:port/folder, for the run's record and the messages (never a secret). */
export const destinationOf = (server: Pick<SftpServerDocument, 'host' | 'port' | 'remoteFolder'>): string =>
  `${server.host}:${server.port}/${server.remoteFolder.replace(/^\/+/, '')}`;

/**
 * Uploads one file to the saved SFTP server (ssh2-sftp-client), opening its sealed password or private key only
 * for the connection. The file is written under a hidden temporary name and renamed when complete, so whoever
 * picks files up from the folder never reads half a file.
 */
@Injectable()
export class SftpUploader {
  constructor(@Inject(SECRET_BOX) private readonly secrets: SecretBox) {}

  async upload(server: SftpServerDocument, fileName: string, content: Readable): Promise<void> {
    const client = new SftpClient('cans-xml-feed');
    const folder = server.remoteFolder === '' ? '.' : server.remoteFolder;
    const target = posix.join(folder, fileName);
    const partial = posix.join(folder, `.${fileName}.part`);
    try {
      await client.connect({
        host: server.host,
        port: server.port,
        username: server.userName,
        ...(server.privateKeySealed ? { privateKey: this.secrets.open(server.privateKeySealed) } : {}),
        ...(server.passwordSealed ? { password: this.secrets.open(server.passwordSealed) } : {}),
        readyTimeout: CONNECT_TIMEOUT_MS,
        // One attempt per run: the next run is the retry.
        retries: 0,
      });
      await client.put(content, partial);
      await client.rename(partial, target);
    } catch (error) {
      content.destroy();
      // Best effort: a half-written file is not left behind under the temporary name.
      await client.delete(partial, true).catch(() => undefined);
      throw new Error(sftpFailureInWords(error, server));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** The failure as the run records it: what happened and where, without secrets or stack. */
export function sftpFailureInWords(error: unknown, server: Pick<SftpServerDocument, 'host' | 'port' | 'remoteFolder'>): string {
  const raw = error instanceof Error ? error.message : String(error);
  // ssh2-sftp-client prefixes its method names ("connect: ", "put: "); the reason is what follows.
  const reason = raw.replace(/^(cans-xml-feed\s*)?\w+: /, '').trim();
  return `The file could not be delivered to ${destinationOf(server)}: ${reason}`;
}
