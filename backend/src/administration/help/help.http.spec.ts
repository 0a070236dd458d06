import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { BUILT_IN_HELP, GENERAL_HELP } from './built-in-help';

/** Help per page over HTTP: public reads by normalised path, in-place edits with Customize_Manage, the built-in help. */
describe('Help over HTTP', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(() => t?.close());

  const head = () => t.app.get<EventStore>(EVENT_STORE).headPosition();

  it('answers the built-in help of a page without a sign-in, any record of a screen sharing its help', async () => {
    const edit = await t.http().get('/api/help').query({ path: '/assessment/startAssessment/5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0001' });
    expect(edit.status).toBe(200);
    expect(edit.body).toEqual({
      path: '/assessment/startassessment/:id',
      content: BUILT_IN_HELP['/assessment/startassessment/:id'],
      customised: false,
    });
    expect((await t.http().get('/api/help').query({ path: '/no/such/page' })).body).toMatchObject({
      content: GENERAL_HELP,
      customised: false,
    });
  });

  it('saves help in place (sanitised) for every record of the screen; empty content brings the built-in help back', async () => {
    const saved = await t
      .http()
      .put('/api/help')
      .set('Authorization', admin)
      .send({ path: '/assessment/childinfo/edit/42', content: '<p>Ask the <b>family</b> first.</p><script>alert(1)</script>' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ path: '/assessment/childinfo/edit/:id', message: 'The help was saved successfully.' });
    const read = await t
      .http()
      .get('/api/help')
      .query({ path: '/assessment/childinfo/edit/77' })
      .set('X-Wait-For-Position', saved.headers['x-event-position']);
    expect(read.body).toEqual({ path: '/assessment/childinfo/edit/:id', content: '<p>Ask the <b>family</b> first.</p>', customised: true });

    const cleared = await t
      .http()
      .put('/api/help')
      .set('Authorization', admin)
      .send({ path: '/assessment/childinfo/edit/42', content: '' });
    const back = await t
      .http()
      .get('/api/help')
      .query({ path: '/assessment/childinfo/edit/42' })
      .set('X-Wait-For-Position', cleared.headers['x-event-position']);
    expect(back.body).toMatchObject({ content: BUILT_IN_HELP['/assessment/childinfo/edit/:id'], customised: false });
  });

  it.each([
    ['GET', { path: 'assessment/list' }, undefined, { path: ['Path must be a page path such as /assessment/list.'] }],
    ['GET', {}, undefined, { path: expect.arrayContaining(['Path must be a page path such as /assessment/list.']) }],
    ['PUT', {}, { path: '/x<script>', content: '' }, { path: ['Path must be a page path such as /assessment/list.'] }],
    ['PUT', {}, { path: '/home', content: 'x'.repeat(20_001) }, { content: ['Content can be at most 20000 characters.'] }],
  ])('%s with %j %j: 400 with field messages, nothing recorded', async (method, query, body, errors) => {
    const before = await head();
    const request =
      method === 'GET' ? t.http().get('/api/help').query(query) : t.http().put('/api/help').set('Authorization', admin).send(body);
    const refused = await request;
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(errors);
    expect(await head()).toBe(before);
  });

  it('writing help needs Customize_Manage', async () => {
    // Setting, but not Customize_Manage (the token's user and group are recorded before the count starts).
    const supervisor = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View', 'Setting'])}`;
    await t.settled();
    const before = await head();
    expect((await t.http().put('/api/help').set('Authorization', supervisor).send({ path: '/home', content: 'x' })).status).toBe(403);
    expect((await t.http().put('/api/help').send({ path: '/home', content: 'x' })).status).toBe(401);
    expect(await head()).toBe(before);
  });
});
