import type { SmsGatewaySettings } from '../identity-config';
import type { SmsSender } from './sms-sender';

/** A text the gateway did not take: its status, or why no answer came (timeout, refused connection). */
export class SmsGatewayError extends Error {
  override readonly name = 'SmsGatewayError';
}

/**
 * Sends each text through an HTTP SMS gateway (or a relay in front of one): `POST <url>` with the JSON body
 * `{ "to": "555-201-0001", "text": "Your CANS verification code is …" }` and `Authorization: Bearer <token>`
 * (HTTP Basic `<username>:<token>` when a username is set). Any 2xx answer means taken; anything else is an
 * error: another status, a redirect (never followed: the request goes to the configured address only), no
 * answer within the timeout. The answer's body is not read beyond its status (nor logged: it may echo the code).
 */
export class HttpSmsGatewaySender implements SmsSender {
  readonly description: string;

  constructor(private readonly settings: SmsGatewaySettings) {
    this.description = `SMS gateway ${new URL(settings.url).origin}`;
  }

  async send(to: string, text: string): Promise<void> {
    const { url, token, username, timeoutMs } = this.settings;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (username) headers.Authorization = `Basic ${Buffer.from(`${username}:${token ?? ''}`).toString('base64')}`;
    else if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, text }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : describe(error);
      throw new SmsGatewayError(`${this.description}: ${reason}`);
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.status < 200 || response.status > 299) {
      const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
      throw new SmsGatewayError(`${this.description} answered ${response.status}${redirect}`);
    }
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}
