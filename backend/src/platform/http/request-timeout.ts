import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';

/**
 * Spec 002 §7: every call may take up to 1,800,000 ms (30 minutes), the client's timeout; large exports and
 * reports run that long. Node's own default (`requestTimeout` 300 s) would cut them off, so the server waits as long
 * as the client does. The headers must still arrive within a minute (`headersTimeout`, Node's default, kept below
 * the request timeout as Node requires): a slow-headers client cannot hold a connection for half an hour.
 *
 * An idle keep-alive connection is kept 65 s (Node's default is 5 s): longer than a proxy keeps its idle upstream
 * connections (nginx and most load balancers: 60 s), so a proxy never sends a request on a connection the server is
 * closing at that instant — which the client sees as a reset (the mixed-load bench met it once in 9,300 requests).
 * The headers timeout stays above it, as Node recommends.
 */
export const REQUEST_TIMEOUT_MS = 1_800_000;
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

/** Applies the timeouts to the app's HTTP server (configureApp: main.ts and the tests). */
export function applyRequestTimeouts(app: INestApplication): void {
  const server = app.getHttpServer() as Server;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // No idle-socket limit of its own (0, Node's default): a long report streams nothing until it is done.
  server.timeout = 0;
}
