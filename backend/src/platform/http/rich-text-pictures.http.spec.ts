import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../storage/storage-tokens';
import { startTestApp, TestApp } from '../../../test-support/test-app';

/**
 * Issue 28 item 16a: pictures in the rich-text fields (help, System Notification, email templates, library
 * descriptions) as base64 PNG/JPEG/GIF data URLs of at most 1M each; a larger one is refused with the spec's message
 * as the field's message (400, nothing written); the rich-text routes take bodies up to 3 MB, the others 100 KB.
 */
const TOO_LARGE = 'Please do not upload files larger than 1M in size.';
const MAX = 1_048_576;
/** A PNG data URL whose base64 payload decodes to `bytes` bytes (only the size matters to the server). */
const pictureOf = (bytes: number) => {
  const full = Math.floor(bytes / 3);
  const rest = bytes % 3;
  const payload = 'A'.repeat(full * 4) + (rest === 0 ? '' : rest === 1 ? 'AA==' : 'AAA=');
  return `data:image/png;base64,${payload}`;
};
const DOT = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('Pictures in rich text over HTTP', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(() => t?.close());

  const head = () => t.app.get<EventStore>(EVENT_STORE).headPosition();

  it('help: keeps a picture of exactly 1M (its data not counted in the 20,000 characters), refuses one byte more', async () => {
    const content = `<p>Where to click:</p><p><img src="${pictureOf(MAX)}" alt="The Save button" onerror="alert(1)"></p>`;
    const saved = await t.http().put('/api/help').set('Authorization', admin).send({ path: '/assessment/list', content });
    expect(saved.status).toBe(200);
    const read = await t
      .http()
      .get('/api/help')
      .query({ path: '/assessment/list' })
      .set('X-Wait-For-Position', saved.headers['x-event-position']);
    expect(read.body.content).toBe(`<p>Where to click:</p><p><img src="${pictureOf(MAX)}" alt="The Save button" /></p>`);

    const before = await head();
    const refused = await t
      .http()
      .put('/api/help')
      .set('Authorization', admin)
      .send({ path: '/assessment/list', content: `<p><img src="${pictureOf(MAX + 1)}"></p>` });
    expect([refused.status, refused.body.errors]).toEqual([400, { content: [TOO_LARGE] }]);
    expect(await head()).toBe(before);
  });

  it('keeps only base64 PNG, JPEG and GIF data URLs: no other scheme, no SVG', async () => {
    const content = [
      `<img src="${DOT}" alt="dot">`,
      '<img src="https://tracker.example/pixel.png">',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
      '<img src="javascript:alert(1)">',
    ].join('');
    const saved = await t.http().put('/api/system-notification').set('Authorization', admin).send({ content });
    expect(saved.status).toBe(200);
    await t.caughtUp();
    const read = await t.http().get('/api/system-notification').set('Authorization', admin);
    expect(read.body.content).toBe(`<img src="${DOT}" alt="dot" />`);
  });

  it('refuses a picture over 1M in the System Notification, an email template and a library description (400, field message)', async () => {
    const big = `<p>Hi</p><img src="${pictureOf(MAX + 10)}" alt="">`;
    const before = await head();
    const notification = await t.http().put('/api/system-notification').set('Authorization', admin).send({ content: big });
    expect([notification.status, notification.body.errors]).toEqual([400, { content: [TOO_LARGE] }]);
    const template = await t
      .http()
      .put('/api/settings/email-templates/ResetPassword')
      .set('Authorization', admin)
      .send({ subject: 'Reset', body: big });
    expect(template.status).toBe(400);
    expect(template.body.errors.body).toEqual([TOO_LARGE]);
    const item = await t
      .http()
      .post('/api/library/items')
      .set('Authorization', admin)
      .send({ type: 'domain', name: 'Pictured', description: big });
    expect(item.status).toBe(400);
    expect(item.body.errors.description).toEqual([TOO_LARGE]);
    expect(await head()).toBe(before);

    const small = await t
      .http()
      .post('/api/library/items')
      .set('Authorization', admin)
      .send({ type: 'domain', name: 'Pictured', description: `<p>Sleep</p><img src="${DOT}" alt="moon">` });
    expect(small.status).toBe(201);
    expect(small.body.description).toBe(`<p>Sleep</p><img src="${DOT}" alt="moon" />`);
  });

  it('takes rich-text bodies up to 3 MB, other bodies up to 100 KB', async () => {
    const huge = `<img src="${pictureOf(1_000_000)}"><img src="${pictureOf(1_000_000)}"><img src="${pictureOf(400_000)}">`;
    const tooLarge = await t.http().put('/api/help').set('Authorization', admin).send({ path: '/assessment/list', content: huge });
    expect([tooLarge.status, tooLarge.body.message]).toEqual([413, 'The request is too large (at most 3 MB).']);
    const elsewhere = await t
      .http()
      .post('/api/agencies')
      .set('Authorization', admin)
      .send({ name: 'x'.repeat(200_000), displayName: 'X' });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([413, 'The request is too large (at most 100 KB).']);
  });
});
