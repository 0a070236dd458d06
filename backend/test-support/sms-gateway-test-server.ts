import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in gateway received. */
export interface ReceivedText {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The JSON body as sent ({ to, text } from HttpSmsGatewaySender). */
  body: { to?: string; text?: string } & Record<string, unknown>;
}

/**
 * A local HTTP server (node:http on 127.0.0.1, random port) standing in for an SMS gateway: it keeps every
 * request and answers `status` (200 by default; a test sets 500 for a failing gateway, or a redirect).
 */
export interface SmsGatewayTestServer {
  /** The gateway URL to configure (http://127.0.0.1:<port>/send). */
  url: string;
  texts: ReceivedText[];
  /** The answer from now on: a status and, for a redirect, its Location. Delay in ms before answering. */
  answer(status: number, options?: { location?: string; delayMs?: number }): void;
  /** The texts sent to `to` (as stored, xxx-xxx-xxxx). */
  textsTo(to: string): ReceivedText[];
  close(): Promise<void>;
}

export async function startSmsGatewayTestServer(): Promise<SmsGatewayTestServer> {
  const texts: ReceivedText[] = [];
  let reply: { status: number; location?: string; delayMs?: number } = { status: 200 };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: ReceivedText['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedText['body'];
      } catch {
        body = { raw: Buffer.concat(chunks).toString('utf8') };
      }
      texts.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      const { status, location, delayMs } = reply;
      setTimeout(() => {
        response.writeHead(status, { 'Content-Type': 'application/json', ...(location ? { Location: location } : {}) });
        response.end(JSON.stringify(status < 300 ? { id: `msg-${texts.length}` } : { error: 'gateway failure' }));
      }, delayMs ?? 0);
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    texts,
    answer: (status, options = {}) => {
      reply = { status, ...options };
    },
    textsTo: (to) => texts.filter((text) => text.body.to === to),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
