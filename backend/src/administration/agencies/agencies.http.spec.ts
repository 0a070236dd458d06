import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { AssessmentWriter, loadTestLibrary } from '../../assessments/summary/test-support/assessment-writer';

const backends = httpTestBackends();

describe.each(backends)('Agencies over HTTP (%s): command → event → projection → query', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(() => t?.close());

  it('creates an agency and lists it right away when the client waits for its position', async () => {
    const created = await t
      .http()
      .post('/api/agencies')
      .set('Authorization', admin)
      .send({ name: '  Eastside Services ', displayName: 'Eastside' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Eastside Services', displayName: 'Eastside', revision: 0 });
    const position = created.headers['x-event-position'];
    expect(Number(position)).toBeGreaterThan(0);

    const list = await t
      .http()
      .get('/api/agencies')
      .query({ filter: JSON.stringify({ q: 'eastS' }) })
      .set('Authorization', admin)
      .set('X-Wait-For-Position', position);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'Eastside Services', displayName: 'Eastside' })]);
    expect(list.headers['content-range']).toBe('agencies 0-0/1');
  });

  it('updates with optimistic concurrency: a stale revision answers 409 and changes nothing', async () => {
    const created = await t.http().post('/api/agencies').set('Authorization', admin).send({ name: 'Westfield', displayName: 'West' });
    const id = created.body.id;
    const first = await t
      .http()
      .put(`/api/agencies/${id}`)
      .set('Authorization', admin)
      .send({ name: 'Westfield Family', displayName: 'West', revision: 0 });
    expect(first.status).toBe(200);
    expect(first.body.revision).toBe(1);
    const stale = await t
      .http()
      .put(`/api/agencies/${id}`)
      .set('Authorization', admin)
      .send({ name: 'Lost update', displayName: 'X', revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const fetched = await t
      .http()
      .get(`/api/agencies/${id}`)
      .set('Authorization', admin)
      .set('X-Wait-For-Position', first.headers['x-event-position']);
    expect(fetched.body).toMatchObject({ name: 'Westfield Family', revision: 1 });
  });

  it('deletes an agency; it disappears from the list and a second delete is 404', async () => {
    const created = await t.http().post('/api/agencies').set('Authorization', admin).send({ name: 'Temporary', displayName: 'Tmp' });
    const deleted = await t.http().delete(`/api/agencies/${created.body.id}`).set('Authorization', admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Deleted successfully!');
    const gone = await t
      .http()
      .get(`/api/agencies/${created.body.id}`)
      .set('Authorization', admin)
      .set('X-Wait-For-Position', deleted.headers['x-event-position']);
    expect(gone.status).toBe(404);
    expect((await t.http().delete(`/api/agencies/${created.body.id}`).set('Authorization', admin)).status).toBe(404);
  });

  it('keeps an agency that users or assessments belong to, saying why, and writes nothing', async () => {
    const agency = async (name: string) =>
      (await t.http().post('/api/agencies').set('Authorization', admin).send({ name, displayName: name })).body.id as string;
    const [withUser, withAssessment] = [await agency('Has a user'), await agency('Has an assessment')];
    const user = await t.http().post('/api/users').set('Authorization', admin).send({
      firstName: 'Agency',
      lastName: 'Member',
      username: 'agencymember',
      email: 'agencymember@example.test',
      userGroupId: '153',
      supervisorId: '1',
      agencyId: withUser,
      externalId: 'agencymember',
    });
    expect(user.status).toBe(201);
    // No wait for the user's position: the delete itself reads read models that have caught up.
    const refused = await t.http().delete(`/api/agencies/${withUser}`).set('Authorization', admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This agency cannot be deleted: 1 user belongs to it. Move it to another agency first.');
    expect(refused.headers['x-event-position']).toBeUndefined();

    const writer = new AssessmentWriter(t, await loadTestLibrary(t));
    await writer.start(user.body.id, { cin: 'AGENCY-1' }, withAssessment);
    await writer.start(user.body.id, { cin: 'AGENCY-2' }, withAssessment);
    const refusedToo = await t.http().delete(`/api/agencies/${withAssessment}`).set('Authorization', admin);
    expect(refusedToo.status).toBe(409);
    expect(refusedToo.body.message).toBe('This agency cannot be deleted: 2 assessments belong to it. Move them to another agency first.');
    const still = await t.http().get(`/api/agencies/${withAssessment}`).set('Authorization', admin);
    expect(still.body).toMatchObject({ name: 'Has an assessment', revision: 0 });
  });

  it('answers bad input with 400 and field messages, never 500', async () => {
    const empty = await t
      .http()
      .post('/api/agencies')
      .set('Authorization', admin)
      .send({ name: '', displayName: 'x'.repeat(1001), extra: 1 });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      name: ['Agency name is required.'],
      displayName: ['Agency display name can be at most 1000 characters.'],
      extra: [expect.stringContaining('should not exist')],
    });
    const badSort = await t
      .http()
      .get('/api/agencies')
      .query({ sort: '["password","ASC"]', range: '[5,1]', filter: '{bad' })
      .set('Authorization', admin);
    expect(badSort.status).toBe(400);
    expect(Object.keys(badSort.body.errors).sort()).toEqual(['filter', 'range', 'sort']);
    expect((await t.http().get('/api/agencies/not-a-uuid').set('Authorization', admin)).status).toBe(400);
    expect((await t.http().get('/api/agencies').set('Authorization', admin).set('X-Wait-For-Position', '-3')).status).toBe(400);
    const notJson = await t
      .http()
      .post('/api/agencies')
      .set('Authorization', admin)
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(notJson.status).toBe(400);
  });

  it('checks authentication and the Agency privilege on the server', async () => {
    expect((await t.http().get('/api/agencies')).status).toBe(401);
    expect((await t.http().post('/api/agencies').send({ name: 'a', displayName: 'b' })).status).toBe(401);
    const worker = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View'])}`;
    expect((await t.http().get('/api/agencies').set('Authorization', worker)).status).toBe(200);
    const refused = await t.http().post('/api/agencies').set('Authorization', worker).send({ name: 'a', displayName: 'b' });
    expect(refused.status).toBe(403);
    expect((await t.http().get('/api/agencies').set('Authorization', 'Bearer forged.token.value')).status).toBe(401);
  });

  it('serves health, readiness and the OpenAPI document without a token', async () => {
    expect((await t.http().get('/api/health')).body).toMatchObject({ status: 'ok' });
    // Projections catch up asynchronously; readiness must turn 200 once they are live at the head.
    // A deadline that fits a loaded machine; a readiness that comes early ends the wait early.
    const deadline = Date.now() + 30_000;
    let ready = await t.http().get('/api/ready');
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await t.http().get('/api/ready');
    }
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.projections.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['agencies', 'activity-log']));
    const docs = await t.http().get('/api/docs-json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/agencies', '/api/agencies/{id}', '/api/health', '/api/ready']),
    );
  }, 60_000);
});
