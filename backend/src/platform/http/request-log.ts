import type { IncomingMessage } from 'node:http';

/**
 * How a request appears in the request log. Query strings carry personal data (a child's PID in
 * /api/children/lookup?cin=…, names in list filters), and which routes do changes as features grow, so no URL is
 * logged with its query string: the path, method, status and request id are enough to follow a request, and the
 * marker says a query was there. The parsed query is dropped too.
 */
export function requestLogSerializer(request: Record<string, unknown>): Record<string, unknown> {
  const { query: _query, ...rest } = request;
  return { ...rest, url: withoutQueryString(String(request.url ?? '')) };
}

export function withoutQueryString(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? url : `${url.slice(0, start)}?[redacted]`;
}

/** Health probes every few seconds would drown the requests that matter. */
export function isHealthProbe(request: IncomingMessage): boolean {
  return request.url === '/api/health';
}
