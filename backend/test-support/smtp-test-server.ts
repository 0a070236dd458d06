import { SMTPServer } from 'smtp-server';
import type { SmtpSettings } from '../src/identity/identity-config';

export interface ReceivedMail {
  to: string[];
  /** The From header as sent. */
  from: string;
  subject: string;
  /** The decoded text body (the text/plain part of a multipart mail). */
  text: string;
  /** The decoded text/html part, when the mail has one. */
  html?: string;
  /** Parts sent as attachments (Content-Disposition: attachment), decoded to their bytes. */
  attachments: ReceivedAttachment[];
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, for tests that read mail. */
export interface SmtpTestServer {
  settings: SmtpSettings;
  mails: ReceivedMail[];
  /** Every AUTH the server received (user names; a password sent in clear is a password handed over). */
  authAttempts: string[];
  /** Waits for the next mail to `to` received after `since` mails (default: any new one). */
  nextMailTo(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** From now on the server takes each mail's data but neither answers nor keeps it until release(): a slow server. */
  hold(): void;
  /** Answers and keeps every held mail, and takes mail at once again. */
  release(): void;
  /** Resolves once `count` mails are held (received, not answered). */
  whenHolding(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Headers (continuation lines unfolded) and the decoded body of one MIME entity. */
function parseEntity(raw: string): { header: (name: string) => string; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { header, body: body.replace(/\r\n/g, '\n') };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes a subject that is not ASCII. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parse(raw: string, to: string[]): ReceivedMail {
  const { header, body } = parseEntity(raw);
  const mail: ReceivedMail = { to, from: header('From'), subject: decodeWords(header('Subject')), text: body, attachments: [] };
  const boundary = /multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (!boundary) return mail;
  // multipart/alternative (text and HTML): each part between the boundary lines.
  const rawParts = body.split(`--${boundary}`).slice(1, -1);
  const parts = rawParts.map((part) => parseEntity(part.replace(/^\r?\n/, '')));
  const attachments = rawParts.map(attachmentOf).filter((attachment): attachment is ReceivedAttachment => attachment !== null);
  const typed = (type: string) => parts.find((part) => part.header('Content-Type').toLowerCase().startsWith(type))?.body.replace(/\n$/, '');
  return { ...mail, text: typed('text/plain') ?? '', html: typed('text/html'), attachments };
}

/** A base64 attachment part as its bytes (the text decoding of parseEntity would corrupt binary files). */
function attachmentOf(rawPart: string): ReceivedAttachment | null {
  const [head, ...rest] = rawPart.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  if (!/^attachment/i.test(header('Content-Disposition'))) return null;
  const filename = /filename="?([^";]+)"?/i.exec(header('Content-Disposition'))?.[1] ?? '';
  const content = Buffer.from(rest.join('\n\n').replace(/\s+/g, ''), 'base64');
  return { filename, contentType: header('Content-Type').split(';')[0], content };
}

/**
 * `credentials`: the server then requires that user name and password (over the plain loopback connection), so a
 * test proves the password reached it intact.
 */
export async function startSmtpTestServer(credentials?: { user: string; password: string }): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const authAttempts: string[] = [];
  const waiters = new Set<() => void>();
  let holding = false;
  const held: Array<() => void> = [];
  /** Connections the client closed: a mail it gave up on before the server answered is not delivered. */
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: !!credentials,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      authAttempts.push(auth.username ?? '');
      if (credentials && auth.username === credentials.user && auth.password === credentials.password)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          if (closedSessions.has(session.id)) return;
          mails.push(
            parse(
              Buffer.concat(chunks).toString('utf8'),
              session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            ),
          );
          for (const wake of [...waiters]) wake();
          callback();
        };
        if (!holding) return accept();
        held.push(accept);
        for (const wake of [...waiters]) wake();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    settings: {
      host: '127.0.0.1',
      port,
      user: credentials?.user ?? null,
      password: credentials?.password ?? null,
      from: 'CANS Test <no-reply@cans.test>',
      secure: false,
    },
    mails,
    authAttempts,
    nextMailTo(to, since = mails.length, timeoutMs = 5000) {
      const find = () => mails.slice(since).find((mail) => mail.to.includes(to.toLowerCase()));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    whenHolding(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        if (held.length >= count) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${held.length} mails held, not ${count}, within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (held.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
