import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expectEventually } from '../../../test-support/eventually';
import { startTestApp, TestApp } from '../../../test-support/test-app';

/**
 * Issue 9, findings 8 (CSRF and content type), 9 (security headers), 11 (proxy trust), 13 (request log) and the
 * API-docs guard of 14, through the real Nest app and configureApp().
 */

const HOST = 'cans.test';
const SAME_ORIGIN = `http://${HOST}`;
const PUBLIC_ORIGIN = 'https://cans.example.org';

describe('CSRF: cookie-authenticated state changes', () => {
  let t: TestApp;
  let token: string;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp({ identity: { publicUrl: `${PUBLIC_ORIGIN}/` } });
    token = t.tokenFor(['Agency']);
    cookie = `cans_token=${token}`;
    await t.settled();
  });
  afterAll(() => t?.close());

  // Every write so far projected first: the names include what was just created (and a refusal that had written
  // something would show).
  const agencyNames = async (): Promise<string[]> => {
    await t.caughtUp();
    const list = await t.http().get('/api/agencies').set('Authorization', `Bearer ${token}`);
    expect(list.status).toBe(200);
    return list.body.map((agency: { name: string }) => agency.name);
  };

  it('refuses a form-encoded body with 415 and a plain message, writing nothing', async () => {
    const refused = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('name=Form%20Agency&displayName=Form');
    expect(refused.status).toBe(415);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: expect.stringMatching(/JSON/) });
    expect(await agencyNames()).not.toContain('Form Agency');
  });

  it('refuses text/plain (what a cross-site form can send without a preflight) and multipart with 415', async () => {
    const plain = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ name: 'Plain Agency', displayName: 'Plain' }));
    expect(plain.status).toBe(415);
    const multipart = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .field('name', 'Multipart Agency')
      .field('displayName', 'Multi');
    expect(multipart.status).toBe(415);
    const bearerPlain = await t
      .http()
      .put('/api/agencies/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'text/plain')
      .send('{}');
    expect(bearerPlain.status).toBe(415);
    expect(await agencyNames()).not.toEqual(expect.arrayContaining(['Plain Agency']));
    expect(await agencyNames()).not.toEqual(expect.arrayContaining(['Multipart Agency']));
  });

  it('public sign-in routes take JSON only', async () => {
    const form = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('login=admin&password=x');
    expect(form.status).toBe(415);
    const plain = await t
      .http()
      .post('/api/auth/password-reset')
      .set('Content-Type', 'text/plain')
      .send('{"username":"x","email":"x@y.test"}');
    expect(plain.status).toBe(415);
    const json = await t.http().post('/api/auth/login').send({ login: 'nobody-here', password: 'Wrong!Pass1' });
    expect(json.status).not.toBe(415);
  });

  it('refuses a cross-site Origin with 403, writing nothing', async () => {
    const refused = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .send({ name: 'Cross Site Agency', displayName: 'Cross' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, message: expect.any(String) });
    const nullOrigin = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', 'null')
      .send({ name: 'Cross Site Agency', displayName: 'Cross' });
    expect(nullOrigin.status).toBe(403);
    // Same host name, other port: another origin.
    const otherPort = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', `${SAME_ORIGIN}:8080`)
      .send({ name: 'Cross Site Agency', displayName: 'Cross' });
    expect(otherPort.status).toBe(403);
    expect(await agencyNames()).not.toContain('Cross Site Agency');
  });

  it('refuses Sec-Fetch-Site: cross-site with 403, also on sign-in routes', async () => {
    const refused = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ name: 'Fetch Site Agency', displayName: 'Fetch' });
    expect(refused.status).toBe(403);
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ login: 'nobody-here', password: 'Wrong!Pass1' });
    expect(login.status).toBe(403);
    const deleted = await t
      .http()
      .delete('/api/agencies/00000000-0000-4000-8000-000000000000')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example');
    expect(deleted.status).toBe(403);
    expect(await agencyNames()).not.toContain('Fetch Site Agency');
  });

  it('accepts the same origin (the request Host), PUBLIC_URL and same-origin fetch metadata', async () => {
    const sameHost = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', SAME_ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ name: 'Same Origin Agency', displayName: 'Same' });
    expect(sameHost.status).toBe(201);
    const publicUrl = await t
      .http()
      .post('/api/agencies')
      .set('Host', 'internal-name:3000')
      .set('Cookie', cookie)
      .set('Origin', PUBLIC_ORIGIN)
      .send({ name: 'Public Url Agency', displayName: 'Public' });
    expect(publicUrl.status).toBe(201);
    const noOrigin = await t
      .http()
      .post('/api/agencies')
      .set('Host', HOST)
      .set('Cookie', cookie)
      .send({ name: 'No Origin Agency', displayName: 'None' });
    expect(noOrigin.status).toBe(201);
    expect(await agencyNames()).toEqual(expect.arrayContaining(['Same Origin Agency', 'Public Url Agency', 'No Origin Agency']));
  });

  it('lets bearer-token clients through whatever their Origin', async () => {
    const created = await t
      .http()
      .post('/api/agencies')
      .set('Authorization', `Bearer ${token}`)
      .set('Origin', 'https://integrator.example')
      .send({ name: 'Bearer Agency', displayName: 'Bearer' });
    expect(created.status).toBe(201);
  });

  it('accepts a state change without a body whatever its Content-Type (react-admin deletes send text/plain)', async () => {
    const created = await t
      .http()
      .post('/api/agencies')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Deleted Agency', displayName: 'Gone' });
    expect(created.status).toBe(201);
    const deleted = await t
      .http()
      .delete(`/api/agencies/${created.body.id}`)
      .set('Host', HOST)
      .set('Cookie', cookie)
      .set('Origin', SAME_ORIGIN)
      .set('Content-Type', 'text/plain');
    expect(deleted.status).toBe(200);
  });
});

describe('Security headers', () => {
  let t: TestApp;
  const frontendDist = mkdtempSync(join(tmpdir(), 'cans-dist-'));
  writeFileSync(join(frontendDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

  beforeAll(async () => {
    t = await startTestApp({ config: { frontendDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(frontendDist, { recursive: true, force: true });
  });

  const csp = (header: string | undefined): Record<string, string> =>
    Object.fromEntries(
      (header ?? '')
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [name, ...values] = part.split(/\s+/);
          return [name, values.join(' ')];
        }),
    );

  it('the UI and the API answer with a CSP, nosniff, frame protection and a referrer policy; no HSTS outside production', async () => {
    for (const path of ['/', '/some/client/route', '/api/health', '/api/auth/me']) {
      const response = await t.http().get(path);
      const policy = csp(response.headers['content-security-policy']);
      expect(policy['default-src']).toBe("'self'");
      expect(policy['script-src']).toBe("'self'");
      expect(policy['object-src']).toBe("'none'");
      expect(policy['frame-ancestors']).toBe("'none'");
      expect(policy['base-uri']).toBe("'self'");
      expect(policy['form-action']).toBe("'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("API answers are never cached (children's data), the UI shell is revalidated", async () => {
    const admin = `Bearer ${t.adminToken()}`;
    for (const path of ['/api/auth/me', '/api/agencies', '/api/assessments']) {
      const response = await t.http().get(path).set('Authorization', admin);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await t.http().get('/api/nothing-here').set('Authorization', admin)).headers['cache-control']).toBe('no-store');
    expect((await t.http().get('/')).headers['cache-control']).toBe('no-cache');
  });
  // Last: passport keeps one 'jwt' strategy per process, the newest app's, so the app above signs nobody in after this.
  it('HSTS under production', async () => {
    const production = await startTestApp({ config: { frontendDist, production: true } });
    try {
      const response = await production.http().get('/api/health');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const policy = csp(response.headers['content-security-policy']);
      expect(policy['frame-ancestors']).toBe("'none'");
    } finally {
      await production.close();
    }
  });
});

describe('Proxy trust (TRUST_PROXY)', () => {
  const login = (t: TestApp, forwardedFor: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', forwardedFor).send({ login: 'nobody-here', password: 'Wrong!Pass1' });

  it('off by default: X-Forwarded-For from a client neither escapes the per-IP rate limit nor passes an IP allow-list', async () => {
    const t = await startTestApp({
      config: { trustProxy: false },
      identity: { rateLimits: { signIn: { capacity: 2, refillPerMinute: 1 } } },
    });
    try {
      expect((await login(t, '203.0.113.1')).status).not.toBe(429);
      expect((await login(t, '203.0.113.2')).status).not.toBe(429);
      expect((await login(t, '203.0.113.3')).status).toBe(429);

      const admin = `Bearer ${t.adminToken()}`;
      const created = await t
        .http()
        .post('/api/api-users')
        .set('Authorization', admin)
        .send({ username: 'proxy-feed', password: 'a-long-machine-secret', ip: '203.0.113.20', maxRecords: 10 });
      expect(created.status).toBe(201);
      const spoofed = await t
        .http()
        .post('/api/auth/api-token')
        .set('X-Forwarded-For', '203.0.113.20')
        .send({ username: 'proxy-feed', password: 'a-long-machine-secret' });
      expect(spoofed.status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('when TRUST_PROXY names the proxy, the forwarded client IP is used, normalised', async () => {
    const t = await startTestApp({
      config: { trustProxy: ['loopback'] },
      identity: { rateLimits: { signIn: { capacity: 1, refillPerMinute: 1 } } },
    });
    try {
      expect((await login(t, '203.0.113.9')).status).not.toBe(429);
      // The IPv4-mapped spelling of the same client shares its bucket.
      expect((await login(t, '::ffff:203.0.113.9')).status).toBe(429);
      expect((await login(t, '203.0.113.10')).status).not.toBe(429);
      // Garbage from the proxy is not an IP: the proxy's own address is used instead (shared by both).
      expect((await login(t, 'not-an-ip')).status).not.toBe(429);
      expect((await login(t, 'still-not-an-ip')).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('Request log', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    t = await startTestApp({ config: { logLevel: 'info' }, logStream });
  });
  afterAll(() => t?.close());

  it('logs API paths without their query strings (PIDs, names in filters), keeping method and status', async () => {
    const token = `Bearer ${t.adminToken()}`;
    await t.http().get('/api/children/lookup?cin=PID-7777-LOG').set('Authorization', token);
    await t
      .http()
      .get(`/api/assessments?filter=${encodeURIComponent(JSON.stringify({ q: 'Zoëqzvx' }))}`)
      .set('Authorization', token);
    // A request's line is written once its response has finished, which may be after the client has it: wait for
    // both lines rather than for a while.
    const requests = await expectEventually(
      async () =>
        lines
          .map((line) => JSON.parse(line) as { req?: { url: string; method: string }; res?: { statusCode: number } })
          .filter((entry) => entry.req),
      (entries) =>
        expect(entries.map((entry) => entry.req!.url)).toEqual(
          expect.arrayContaining(['/api/children/lookup?[redacted]', '/api/assessments?[redacted]']),
        ),
    );
    const text = lines.join('\n');
    // Neither as typed nor percent-encoded.
    expect(text).not.toMatch(/qzvx/i);
    expect(text).not.toMatch(/PID-7777|PID%2D7777/i);
    expect(requests.find((entry) => entry.req!.url.startsWith('/api/children/lookup'))).toMatchObject({
      req: { method: 'GET' },
      res: { statusCode: expect.any(Number) },
    });
  });
});

describe('API docs in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ config: { production: true } });
  });
  afterAll(() => t?.close());

  it('are served only to a signed-in user (cookie or bearer token); anonymous → 401 JSON', async () => {
    for (const path of ['/api/docs-json', '/api/docs', '/api/docs/']) {
      const anonymous = await t.http().get(path);
      expect([path, anonymous.status]).toEqual([path, 401]);
      expect(anonymous.body).toMatchObject({ statusCode: 401 });
      const forged = await t.http().get(path).set('Authorization', 'Bearer not-a-token');
      expect([path, forged.status]).toEqual([path, 401]);
    }
    const token = t.tokenFor([]);
    await t.settled();
    const json = await t.http().get('/api/docs-json').set('Authorization', `Bearer ${token}`);
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\./);
    const page = await t.http().get('/api/docs').set('Cookie', `cans_token=${token}`).redirects(1);
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
  });
});
