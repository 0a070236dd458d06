import { Logger } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import type { Readable } from 'node:stream';
import type { SmtpSettings } from '../identity-config';

export const MAILER = Symbol('MAILER');

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text version: every mail has one (the outbox prints it; clients without HTML show it). */
  text: string;
  /** The HTML version (rendered email templates); sent as multipart/alternative with the text. */
  html?: string;
  /** Files sent with the mail; a stream is read while the mail is sent (never kept whole, never on disk). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | Readable;
}

/** Outgoing mail. SMTP when configured, otherwise the local outbox. */
export interface Mailer {
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

export class SmtpMailer implements Mailer {
  /** Made with the first mail: nodemailer loads then (it costs every start, and every test app, a quarter second). */
  private transporter: Promise<Transporter> | null = null;
  readonly description: string;

  constructor(private readonly settings: SmtpSettings) {
    this.description = `SMTP ${settings.host}:${settings.port}`;
  }

  private transport(): Promise<Transporter> {
    const { settings } = this;
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        requireTLS: settings.requireTls ?? false,
        auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
        // Fail a request in seconds rather than hanging a sign-in on an unreachable server.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    );
    return this.transporter;
  }

  /** Closes the pooled connections of a transport that settings replaced. */
  close(): void {
    void this.transporter?.then((transporter) => transporter.close());
  }

  async send(message: MailMessage): Promise<void> {
    await (
      await this.transport()
    ).sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
  }
}

/**
 * Without SMTP (a fresh machine, the demo) mail is kept in memory and printed, so a newcomer can read the
 * verification code in the terminal. Never used when SMTP_HOST is set.
 */
export class OutboxMailer implements Mailer {
  readonly description = 'local outbox (no SMTP_HOST): mail is printed to the console';
  private static readonly logger = new Logger('Outbox');
  /** The most recent messages, newest last (bounded). */
  readonly messages: Array<MailMessage & { sentAt: string }> = [];

  constructor(private readonly print: boolean) {}

  async send(message: MailMessage): Promise<void> {
    // Attachments are not kept nor printed (children's data on a console): a stream is drained and dropped.
    for (const attachment of message.attachments ?? []) if (!Buffer.isBuffer(attachment.content)) attachment.content.resume();
    this.messages.push({ ...message, attachments: undefined, sentAt: new Date().toISOString() });
    if (this.messages.length > 50) this.messages.shift();
    if (!this.print) return;
    OutboxMailer.logger.log(`Mail to ${message.to}: ${message.subject} (printed below; SMTP is not configured)`);
    // Plain text on purpose: this is what a newcomer reads to finish signing in.
    const rule = '─'.repeat(72);
    process.stdout.write(`\n${rule}\n OUTBOX  to: ${message.to}\n subject: ${message.subject}\n${rule}\n${message.text}\n${rule}\n\n`);
  }
}

export function createMailer(smtp: SmtpSettings | null, printOutbox: boolean): Mailer {
  return smtp ? new SmtpMailer(smtp) : new OutboxMailer(printOutbox);
}
