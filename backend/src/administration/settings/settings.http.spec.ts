import { APP_VERSION } from '../../platform/config/app-version';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../test-support/test-app';

/** App Version and the system notification over HTTP: saved as events, read by everyone, refused with field messages. */
describe('Settings over HTTP: App Version and the system notification', () => {
  let t: TestApp;
  let admin: string;
  let worker: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${t.adminToken()}`;
    worker = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View'])}`;
  });
  afterAll(() => t?.close());

  const head = () => t.app.get<EventStore>(EVENT_STORE).headPosition();

  it('App Version: the build version until an administrator saves one; then that one, for everyone', async () => {
    expect((await t.http().get('/api/settings/app-version').set('Authorization', worker)).body).toEqual({ version: APP_VERSION });
    const saved = await t.http().put('/api/settings/app-version').set('Authorization', admin).send({ version: '  2026.11 release ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ version: '2026.11 release', message: 'The app version was saved successfully.' });
    const read = await t
      .http()
      .get('/api/settings/app-version')
      .set('Authorization', worker)
      .set('X-Wait-For-Position', saved.headers['x-event-position']);
    expect(read.body).toEqual({ version: '2026.11 release' });
    const log = await t
      .http()
      .get('/api/system-log')
      .query({ filter: JSON.stringify({ action: 'app-version-saved' }) })
      .set('Authorization', admin)
      .set('X-Wait-For-Position', saved.headers['x-event-position']);
    expect(log.body).toEqual([expect.objectContaining({ description: 'App version saved: 2026.11 release' })]);
  });

  it('the notification is sanitised before it is recorded, and an empty editor saves "none"', async () => {
    const saved = await t
      .http()
      .put('/api/system-notification')
      .set('Authorization', admin)
      .send({ content: '<p onclick="x()">Office closed <b>Friday</b></p><script>alert(1)</script>' });
    expect(saved.status).toBe(200);
    const read = () =>
      t
        .http()
        .get('/api/system-notification')
        .set('Authorization', worker)
        .set('X-Wait-For-Position', String(saved.headers['x-event-position']));
    expect((await read()).body).toEqual({ content: '<p>Office closed <b>Friday</b></p>' });
    const cleared = await t.http().put('/api/system-notification').set('Authorization', admin).send({ content: '<p><br></p>' });
    const none = await t
      .http()
      .get('/api/system-notification')
      .set('Authorization', worker)
      .set('X-Wait-For-Position', cleared.headers['x-event-position']);
    expect(none.body).toEqual({ content: null });
  });

  it.each([
    ['/api/settings/app-version', { version: '' }, { version: ['Version is required.'] }],
    ['/api/settings/app-version', { version: 'x'.repeat(51) }, { version: ['Version can be at most 50 characters.'] }],
    [
      '/api/settings/app-version',
      { version: 7, extra: 1 },
      { version: expect.arrayContaining(['Version must be text.']), extra: [expect.stringContaining('should not exist')] },
    ],
    ['/api/system-notification', {}, { content: expect.arrayContaining(['Content must be text.']) }],
    ['/api/system-notification', { content: 'x'.repeat(20_001) }, { content: ['Content can be at most 20000 characters.'] }],
  ])('PUT %s %j: 400 with field messages, nothing recorded', async (path, body, errors) => {
    const before = await head();
    const refused = await t.http().put(path).set('Authorization', admin).send(body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(errors);
    expect(await head()).toBe(before);
  });

  it('saving needs Setting; reading needs a sign-in', async () => {
    const before = await head();
    expect((await t.http().put('/api/settings/app-version').set('Authorization', worker).send({ version: '9' })).status).toBe(403);
    expect((await t.http().put('/api/system-notification').set('Authorization', worker).send({ content: 'x' })).status).toBe(403);
    expect((await t.http().get('/api/settings/app-version')).status).toBe(401);
    expect(await head()).toBe(before);
  });
});
