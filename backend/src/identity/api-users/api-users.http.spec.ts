import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { IdentityMessages } from '../identity-messages';

const backends = httpTestBackends();

describe.each(backends)('API users and machine sign-in over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(() => t?.close());

  it('manages API users (never showing passwords) and issues bearer tokens only to the allowed IP', async () => {
    const created = await t
      .http()
      .post('/api/api-users')
      .set('Authorization', admin)
      .send({ username: 'state-feed', password: 'a-long-machine-secret', ip: '203.0.113.20', maxRecords: 250 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'state-feed',
      ip: '203.0.113.20',
      maxRecords: 250,
      revision: 0,
      messageKey: 'api_user_save_success',
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|secret/i);
    const duplicate = await t
      .http()
      .post('/api/api-users')
      .set('Authorization', admin)
      .send({ username: 'STATE-FEED', password: 'another-long-secret', ip: '203.0.113.21', maxRecords: 1 });
    expect(duplicate.status).toBe(409);

    const fromElsewhere = await t
      .http()
      .post('/api/auth/api-token')
      .set('X-Forwarded-For', '198.51.100.1')
      .send({ username: 'state-feed', password: 'a-long-machine-secret' });
    expect([fromElsewhere.status, fromElsewhere.body.message]).toEqual([403, IdentityMessages.api_client_ip_refused]);
    const wrongPassword = await t
      .http()
      .post('/api/auth/api-token')
      .set('X-Forwarded-For', '203.0.113.20')
      .send({ username: 'state-feed', password: 'not-it-at-all' });
    expect(wrongPassword.status).toBe(401);

    const issued = await t
      .http()
      .post('/api/auth/api-token')
      .set('X-Forwarded-For', '203.0.113.20')
      .send({ username: 'state-feed', password: 'a-long-machine-secret' });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ tokenType: 'Bearer', expiresInSeconds: 3600, maxRecords: 250 });
    const bearer = `Bearer ${issued.body.accessToken}`;
    const me = await t.http().get('/api/auth/me').set('X-Forwarded-For', '203.0.113.20').set('Authorization', bearer);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: created.body.id,
      kind: 'api-client',
      isAdministrator: false,
      privileges: ['Assessment_View', 'Report_Assessment'],
    });
    // The token is bound to the IP on every request, and carries no user-management rights.
    expect((await t.http().get('/api/auth/me').set('X-Forwarded-For', '198.51.100.1').set('Authorization', bearer)).status).toBe(403);
    expect((await t.http().get('/api/users').set('X-Forwarded-For', '203.0.113.20').set('Authorization', bearer)).status).toBe(403);
    expect((await t.http().get('/api/account').set('X-Forwarded-For', '203.0.113.20').set('Authorization', bearer)).status).toBe(403);

    // Moving the allowed IP, or deleting the API user, takes effect on the next request.
    const moved = await t
      .http()
      .put(`/api/api-users/${created.body.id}`)
      .set('Authorization', admin)
      .send({ ...created.body, ip: '203.0.113.30', password: '' });
    expect(moved.status).toBe(200);
    expect((await t.http().get('/api/auth/me').set('X-Forwarded-For', '203.0.113.20').set('Authorization', bearer)).status).toBe(403);
    expect((await t.http().get('/api/auth/me').set('X-Forwarded-For', '203.0.113.30').set('Authorization', bearer)).status).toBe(200);
    // An empty password kept the old one.
    expect(
      (
        await t
          .http()
          .post('/api/auth/api-token')
          .set('X-Forwarded-For', '203.0.113.30')
          .send({ username: 'state-feed', password: 'a-long-machine-secret' })
      ).status,
    ).toBe(200);

    const list = await t.http().get('/api/api-users').set('Authorization', admin);
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(['state-feed']);
    expect(list.body[0].lastSignInAt).toEqual(expect.any(String));

    expect((await t.http().delete(`/api/api-users/${created.body.id}`).set('Authorization', admin)).status).toBe(200);
    expect((await t.http().get('/api/auth/me').set('X-Forwarded-For', '203.0.113.30').set('Authorization', bearer)).status).toBe(401);
    expect((await t.http().get(`/api/api-users/${created.body.id}`).set('Authorization', admin)).status).toBe(404);
  });
});
