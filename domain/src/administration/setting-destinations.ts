/**
 * Where a saved secret may be sent. A mail server's password and an SFTP server's password or key are bound to the
 * destination they were saved for: a save that changes host, port, user or transport security must bring the
 * secret again, so whoever edits the settings can never have a saved secret sent to a server of their choosing
 * (issue 27: a test mail to another port handed over the administrator's SMTP password).
 */
import { EMAIL_SECURITY, EmailServerSavedData, SftpServerSavedData } from './settings.events';

type EmailDestinationFields = Pick<EmailServerSavedData, 'smtp' | 'port' | 'userName' | 'sslKey' | 'allowUnencrypted'>;
type SftpDestinationFields = Pick<SftpServerSavedData, 'host' | 'port' | 'userName' | 'hostKeyFingerprint'>;

/** The mail server's destination as one comparable value (host names compare without case). */
export const emailServerDestination = (server: EmailDestinationFields): string =>
  JSON.stringify([
    server.smtp.trim().toLowerCase(),
    server.port,
    server.userName ?? null,
    server.sslKey,
    server.sslKey === EMAIL_SECURITY.default && server.allowUnencrypted === true,
  ]);

/** The SFTP server's destination: host, port, user and the pinned host key. */
export const sftpServerDestination = (server: SftpDestinationFields): string =>
  JSON.stringify([server.host.trim().toLowerCase(), server.port, server.userName, server.hostKeyFingerprint ?? null]);

/** How a destination is named in messages and in the notice to the administrator (never a secret). */
export const emailServerLabel = (server: Pick<EmailServerSavedData, 'smtp' | 'port' | 'userName'>): string =>
  `${server.userName ? `${server.userName}@` : ''}${server.smtp}:${server.port}`;

export const sftpServerLabel = (server: Pick<SftpServerSavedData, 'host' | 'port' | 'userName' | 'remoteFolder'>): string =>
  `${server.userName}@${server.host}:${server.port}/${server.remoteFolder.replace(/^\/+/, '')}`;

export const DestinationMessages = {
  passwordAgain: 'Enter the password again: a saved password is never sent to another server, port, user or security mode.',
  privateKeyAgain: 'Enter the private key again: a saved key is never sent to another server, port, user or host key.',
  secretsAgain: 'The server, port, user or security changed: enter its password or private key again.',
} as const;
