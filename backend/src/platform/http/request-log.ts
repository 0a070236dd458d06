import type { IncomingMessage } from 'node:http';

/**
 * How a request appears in the request log. Query strings carry personal data (a child's PID in
 * /api/children/lookup?cin=…, names in list filters), and which routes do changes as features grow, so no URL is
 * logged with its query string: the path, method, status and request id are enough to follow a request, and the
 * marker says a query was there. The parsed query is dropped too.
 */
export function requestLogSerializer(request: Record<string, unknown>): Record<string, unknown> {
  // Only what follows a request: every request writes a line, so the headers (cookies, user agent …) are left out —
  // serialising and redacting them cost more than the line is worth, and they carry nothing an operator needs.
  return {
    id: request.id,
    method: request.method,
    url: withoutQueryString(String(request.url ?? '')),
    remoteAddress: request.remoteAddress,
  };
}

/** The response as logged: its status. Its headers are the same security headers on every answer. */
export function responseLogSerializer(response: Record<string, unknown>): Record<string, unknown> {
  return { statusCode: response.statusCode };
}

/** pino-http serializers of the request log (app.module.ts). */
export const requestLogSerializers = { req: requestLogSerializer, res: responseLogSerializer };

export function withoutQueryString(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? url : `${url.slice(0, start)}?[redacted]`;
}

/** Health probes every few seconds would drown the requests that matter. */
export function isHealthProbe(request: IncomingMessage): boolean {
  return request.url === '/api/health';
}
