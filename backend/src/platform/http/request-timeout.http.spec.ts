import type { Server } from 'node:http';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './request-timeout';

/** Spec 002 §7 (issue 28 item 16c): the server waits 30 minutes for a request, as long as the client does. */
describe('request timeout', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(() => t?.close());

  it('is 30 minutes on the listening server, with the headers timeout below it and idle connections kept 65 s', async () => {
    const server = t.app.getHttpServer() as Server;
    expect(server.listening).toBe(true);
    expect(server.requestTimeout).toBe(1_800_000);
    expect(REQUEST_TIMEOUT_MS).toBe(30 * 60 * 1000);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    // Idle keep-alive connections outlive a proxy's (60 s), and the headers timeout stays above them.
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    expect(server.timeout).toBe(0);
    const health = await fetch(`${t.baseUrl}/api/health`);
    expect(health.status).toBe(200);
  });
});
