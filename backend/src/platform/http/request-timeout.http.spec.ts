import type { Server } from 'node:http';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './request-timeout';

/** Spec 002 §7 (issue 28 item 16c): the server waits 30 minutes for a request, as long as the client does. */
describe('request timeout', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
  });
  afterAll(() => t?.close());

  it('is 30 minutes on the listening server, with the headers timeout below it', async () => {
    const server = t.app.getHttpServer() as Server;
    expect(server.listening).toBe(true);
    expect(server.requestTimeout).toBe(1_800_000);
    expect(REQUEST_TIMEOUT_MS).toBe(30 * 60 * 1000);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    expect(server.timeout).toBe(0);
    const health = await fetch(`${t.baseUrl}/api/health`);
    expect(health.status).toBe(200);
  });
});
