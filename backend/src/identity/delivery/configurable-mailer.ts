import { EMAIL_SECURITY, EmailServerSavedData } from '@cans/domain/administration/settings.events';
import { EMAIL_SERVER_SETTING_ID, EmailServerDocument, SETTINGS_COLLECTION } from '@cans/projections/administration/settings.projection';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { SmtpSettings } from '../identity-config';
import { Mailer, MailMessage, SmtpMailer } from './mailer';

/** The From header: "Name <address>" (the name quoted), or the address alone. */
const fromOf = ({ fromName, fromEmail }: EmailServerSavedData) =>
  fromName ? `"${fromName.replace(/["\\]/g, '')}" <${fromEmail}>` : fromEmail;

/**
 * The transport of a saved server. TLS is required (nodemailer requireTLS: STARTTLS or no AUTH and no mail) unless
 * the mode is SSL, or the super admin ticked "Allow unencrypted" for the Default mode.
 */
export function smtpSettingsOf(server: EmailServerSavedData, secrets: SecretBox): SmtpSettings {
  return {
    host: server.smtp,
    port: server.port,
    user: server.userName,
    password: server.passwordSealed ? secrets.open(server.passwordSealed) : null,
    from: fromOf(server),
    secure: server.sslKey === EMAIL_SECURITY.ssl,
    requireTls: server.sslKey === EMAIL_SECURITY.tls || (server.sslKey === EMAIL_SECURITY.default && server.allowUnencrypted !== true),
  };
}

/**
 * Every mail of the product goes through the mail server saved on the Email Server screen, from the next mail on
 * (no restart): each send reads the saved server (one document) and rebuilds the transport when its revision
 * changed. Until a server is saved, the bootstrap mailer of the environment (SMTP_HOST, or the local outbox).
 */
export class ConfigurableMailer implements Mailer {
  private built: { revision: number; mailer: SmtpMailer } | null = null;

  constructor(
    readonly bootstrap: Mailer,
    private readonly readStore: ReadStore,
    private readonly secrets: SecretBox,
  ) {}

  get description(): string {
    return `${this.bootstrap.description}, until a mail server is saved in the settings`;
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.current()).send(message);
  }

  /** The mailer of the saved server, or the bootstrap one when none is saved. */
  async current(): Promise<Mailer> {
    const server = await this.readStore.get<EmailServerDocument>(SETTINGS_COLLECTION, EMAIL_SERVER_SETTING_ID);
    return server ? this.mailerFor(server) : this.bootstrap;
  }

  /** The transport of a saved server, built again only when its revision changed. */
  mailerFor(server: EmailServerDocument): Mailer {
    if (this.built?.revision !== server.revision) {
      this.built?.mailer.close();
      this.built = { revision: server.revision, mailer: new SmtpMailer(smtpSettingsOf(server, this.secrets)) };
    }
    return this.built.mailer;
  }
}

/** An SMTP failure in words an administrator can act on (nodemailer's error codes and the server's reply). */
export function smtpFailureInWords(error: unknown, server: { smtp: string; port: number }): string {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const reply = response ? ` The server answered: ${response}` : '';
  switch (code) {
    case 'EAUTH':
      return `The mail server did not accept the user name and password.${reply}`;
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'ETIMEDOUT':
    case 'EDNS':
      return `The mail server could not be reached at ${server.smtp}:${server.port}. Check the server name, the port and the security setting. (${message ?? code})`;
    case 'ETLS':
      return `A secure connection to the mail server could not be made: check the security setting (SSL or TLS) and the port. Nothing was sent without encryption; only the super admin may allow that, with "Allow unencrypted". (${message ?? code})`;
    case 'EENVELOPE':
      return `The mail server refused the sender or the recipient address.${reply}`;
    default:
      return responseCode
        ? `The mail server refused the mail (${responseCode}).${reply}`
        : `The mail could not be sent: ${message ?? String(error)}`;
  }
}
