import type { Response } from 'supertest';
import type { TestApp } from './test-app';
import type { SmtpTestServer } from './smtp-test-server';

/** The cookies a browser would keep between requests (name → value), fed from Set-Cookie headers. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): this {
    const header = response.headers['set-cookie'] as unknown as string[] | string | undefined;
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...value] = pair.split('=');
      const expired =
        attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()) ||
        attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired || value.join('=') === '') this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The raw Set-Cookie line for a cookie, to check its attributes. */
export function setCookieLine(response: Response, name: string): string | undefined {
  const header = response.headers['set-cookie'] as unknown as string[] | string | undefined;
  return (Array.isArray(header) ? header : header ? [header] : []).find((line) => line.startsWith(`${name}=`));
}

export function linkTokenFrom(text: string): string {
  // /initialPassword/{userId}/{userName}/{userEmail}/{token}: the token is the last segment.
  const match = /\/initialPassword\/[^/\s]+\/[^/\s]+\/[^/\s]+\/([A-Za-z0-9._-]+)/.exec(text);
  if (!match) throw new Error(`No password link in mail:\n${text}`);
  return match[1];
}

/** The path of the password link in a mail: /initialPassword/{userId}/{userName}/{userEmail}/{token}. */
export function passwordLinkPathFrom(text: string): string {
  const match = /https?:\/\/[^/\s]+(\/initialPassword\/\S+)/.exec(text);
  if (!match) throw new Error(`No password link in mail:\n${text}`);
  return match[1];
}

export function codeFrom(text: string): string {
  const match = /verification code is:?\s*(\d{6})/i.exec(text);
  if (!match) throw new Error(`No verification code in:\n${text}`);
  return match[1];
}

let counter = 0;
/** A fresh username/email pair for one test. */
export function uniqueName(prefix = 'user'): { username: string; email: string } {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return { username: `${prefix}${suffix}`, email: `${prefix}${suffix}@example.test` };
}

export const GOOD_PASSWORD = 'Str0ng!Pass';

export interface CreatedTestUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

/**
 * Adds a user through POST /api/users as the administrator, reads the initial-password link from the mail the
 * SMTP server received, and sets the password through it: the whole real path.
 */
export async function createUserWithPassword(
  t: TestApp,
  smtp: SmtpTestServer,
  admin: string,
  fields: Partial<Record<string, unknown>> & { userGroupId: string },
  password = GOOD_PASSWORD,
): Promise<CreatedTestUser> {
  const { username, email } = uniqueName();
  const since = smtp.mails.length;
  const created = await t
    .http()
    .post('/api/users')
    .set('Authorization', admin)
    .send({
      firstName: 'Test',
      lastName: 'Person',
      username,
      email,
      supervisorId: '1',
      externalId: `EXT-${username}`,
      ...fields,
    });
  if (created.status !== 201) throw new Error(`create user: ${created.status} ${JSON.stringify(created.body)}`);
  const mail = await smtp.nextMailTo(String(fields.email ?? email), since);
  const set = await t
    .http()
    .post('/api/auth/password-link')
    .send({ token: linkTokenFrom(mail.text), password, confirmPassword: password });
  if (set.status !== 200) throw new Error(`set password: ${set.status} ${JSON.stringify(set.body)}`);
  return { id: created.body.id, username, email: String(fields.email ?? email), password };
}

/**
 * Signs in like the browser: password, code by email (read from the SMTP server), confirm. Returns the jar with
 * cans_token (and cans_device with remember-me).
 */
export async function signIn(
  t: TestApp,
  smtp: SmtpTestServer,
  user: { username: string; email: string; password: string },
  options: { rememberMe?: boolean; jar?: CookieJar; ip?: string } = {},
): Promise<{ jar: CookieJar; me: Record<string, unknown> }> {
  const jar = options.jar ?? new CookieJar();
  const ip = options.ip ?? '198.51.100.7';
  const login = await t
    .http()
    .post('/api/auth/login')
    .set('X-Forwarded-For', ip)
    .set('Cookie', jar.header())
    .send({ login: user.username, password: user.password, rememberMe: options.rememberMe ?? true });
  jar.store(login);
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  if (login.body.status === 'signed-in') return { jar, me: login.body.user };
  const since = smtp.mails.length;
  const sent = await t
    .http()
    .post('/api/auth/verification-code')
    .set('X-Forwarded-For', ip)
    .set('Cookie', jar.header())
    .send({ channel: 1 });
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mail = await smtp.nextMailTo(user.email, since);
  const verified = await t
    .http()
    .post('/api/auth/verify')
    .set('X-Forwarded-For', ip)
    .set('Cookie', jar.header())
    .send({ code: codeFrom(mail.text) });
  jar.store(verified);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { jar, me: verified.body.user };
}
