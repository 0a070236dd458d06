import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import { Client } from 'ssh2';
import type { Readable } from 'node:stream';
import type SftpClient from 'ssh2-sftp-client';
import type { SftpServerDocument } from '@cans/projections/administration/settings.projection';
import { SECRET_BOX, SecretBox } from '../../platform/crypto/secret-box';

/** How long a connection may take before the upload counts as failed (an unreachable host must not hang a run). */
const CONNECT_TIMEOUT_MS = 15_000;

/** Files handed over hold children's records: readable and writable by the receiving account only. */
export const UPLOADED_FILE_MODE = 0o600;

/** "SHA256:<base64 without padding>", as `ssh-keygen -l` and OpenSSH's prompts print a host key. */
export const hostKeyFingerprintOf = (key: Buffer): string =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

export const HOST_KEY_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;

export const HostKeyMessages = {
  notPinned: 'No host key is pinned for this SFTP server: save the SFTP server again so that its key is read and pinned.',
  mismatch: (expected: string, shown: string) =>
    `The server showed the host key ${shown}, not the pinned ${expected}: the server may have been replaced, or someone may be intercepting the connection. Nothing was sent. If its key was changed on purpose, save the SFTP server again with the new fingerprint.`,
} as const;

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

  /** Returns the name the file was stored under: `fileName`, or `<name>-2.xml`, `-3` … when that name was taken. */
  async upload(server: SftpServerDocument, fileName: string, content: Readable): Promise<string> {
    // ssh2 loads with the first upload: it costs every start (and every test app) a third of a second.
    const { default: SftpClientClass } = await import('ssh2-sftp-client');
    const client = new SftpClientClass('cans-xml-feed');
    const folder = server.remoteFolder === '' ? '.' : server.remoteFolder;
    // Per attempt: two uploads of one range in the same second (a scheduled run and a manual one) never share it.
    const partial = posix.join(folder, `.${fileName}.${randomUUID().slice(0, 8)}.part`);
    const pinned = server.hostKeyFingerprint;
    if (!pinned) {
      content.destroy();
      throw new Error(sftpFailureInWords(new Error(HostKeyMessages.notPinned), server));
    }
    let shownKey: string | null = null;
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
        // The pinned key or no connection: no password, key or file ever goes to a server that shows another key.
        hostVerifier: (key: Buffer) => {
          shownKey = hostKeyFingerprintOf(key);
          return shownKey === pinned;
        },
      });
      await client.put(content, partial, { writeStreamOptions: { mode: UPLOADED_FILE_MODE } });
      // The server's umask may only narrow the mode; chmod makes it exact whatever the server's defaults.
      await client.chmod(partial, UPLOADED_FILE_MODE);
      // SFTP's rename never replaces a file: a name already there (same range, same second) gets a number.
      const stored = await freeName(client, folder, fileName);
      await client.rename(partial, posix.join(folder, stored));
      return stored;
    } catch (error) {
      content.destroy();
      if (shownKey && shownKey !== pinned)
        throw new Error(sftpFailureInWords(new Error(HostKeyMessages.mismatch(pinned, shownKey)), server));
      // Best effort: a half-written file is not left behind under the temporary name.
      await client.delete(partial, true).catch(() => undefined);
      throw new Error(sftpFailureInWords(error, server));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * The host key a server shows, read without signing in (the verifier refuses it, so no credential is offered):
 * what the super admin pins when saving the server. Rejects with the reason when the server cannot be reached.
 */
export function readHostKeyFingerprint(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let fingerprint: string | null = null;
    const finish = () => {
      client.end();
      if (fingerprint) resolve(fingerprint);
    };
    client.on('error', (error: Error) => {
      client.end();
      if (fingerprint) resolve(fingerprint);
      else reject(error);
    });
    client.on('close', finish);
    client.connect({
      host,
      port,
      username: 'cans-host-key-check',
      readyTimeout: CONNECT_TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        fingerprint = hostKeyFingerprintOf(key);
        return false;
      },
    });
  });
}

/** The failure as the run records it: what happened and where, without secrets or stack. */
export function sftpFailureInWords(error: unknown, server: Pick<SftpServerDocument, 'host' | 'port' | 'remoteFolder'>): string {
  const raw = error instanceof Error ? error.message : String(error);
  // ssh2-sftp-client prefixes its method names ("connect: ", "put: "); the reason is what follows.
  const reason = raw.replace(/^(cans-xml-feed\s*)?\w+: /, '').trim();
  return `The file could not be delivered to ${destinationOf(server)}: ${reason}`;
}

/** The first of `name.xml`, `name-2.xml`, `name-3.xml` … not in the folder (a few tries; the rename reports the rest). */
async function freeName(client: SftpClient, folder: string, fileName: string): Promise<string> {
  const dot = fileName.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  for (let n = 1; n < 10; n++) {
    const candidate = n === 1 ? fileName : `${base}-${n}${extension}`;
    if (!(await client.exists(posix.join(folder, candidate)))) return candidate;
  }
  return fileName;
}
