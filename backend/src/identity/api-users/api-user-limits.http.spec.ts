import { startTestApp, TestApp } from '../../../test-support/test-app';
import {
  AssessmentsApi,
  caregiverForm,
  childForm,
  Json,
  seedTestLibrary,
  WORKER_PRIVILEGES,
} from '../../assessments/assessments.test-support';

/**
 * An API user's maxRecords is the most records one request may return (spec §3 API user), and the most of a list's
 * records it may page through. The API client signs in from the loopback address the test connects from, so no
 * X-Forwarded-For is involved.
 */
describe('API users: maxRecords caps every list an API client can reach', () => {
  let t: TestApp;
  let admin: string;
  let worker: AssessmentsApi;
  let position = 0;
  let apiUser: Json;
  let assessmentIds: string[];
  const FAMILY = 'FAM-CAP';
  const MAX = 3;

  const track = <R extends { headers: Record<string, string> }>(response: R): R => {
    position = Math.max(position, Number(response.headers['x-event-position'] ?? 0));
    return response;
  };

  const clientToken = async (): Promise<string> => {
    const issued = await t.http().post('/api/auth/api-token').send({ username: 'capped-feed', password: 'a-long-machine-secret' });
    expect(issued.status).toBe(200);
    return `Bearer ${issued.body.accessToken}`;
  };

  /** Rows compared by identity: flags such as onlyView depend on who asks. */
  const keysOf = (rows: Json[]) => rows.map((row) => String(row.id ?? row.version));

  const get = (token: string, path: string, query: Record<string, string> = {}) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Authorization', token)
      .set('X-Wait-For-Position', String(Math.max(position, 0)));

  beforeAll(async () => {
    t = await startTestApp();
    await seedTestLibrary(t);
    admin = `Bearer ${t.adminToken()}`;
    const workerId = 'a1b2c3d4-0000-4000-8000-00000000ca01';
    worker = new AssessmentsApi(t, `Bearer ${t.tokenFor(WORKER_PRIVILEGES, workerId)}`, workerId);
    // Siblings of the worker (every tokenFor user reports to the administrator): reassign-options lists them.
    for (let i = 0; i < 4; i++) t.tokenFor(WORKER_PRIVILEGES);
    await t.settled();

    for (let i = 0; i < 5; i++) {
      const agency = track(
        await t
          .http()
          .post('/api/agencies')
          .set('Authorization', admin)
          .send({ name: `Capped agency ${i}`, displayName: `Agency ${i}` }),
      );
      expect(agency.status).toBe(201);
    }
    assessmentIds = [];
    for (const name of ['Ann', 'Bea', 'Cid', 'Dee']) {
      const started = await worker.start(childForm({ cin: `PID-CAP-${name}`, familyId: FAMILY, firstName: name }));
      const withCaregiver = await worker.post(`/api/assessments/${started.id}/caregivers`, { caregiver: caregiverForm(`${name}-carer`) });
      expect(withCaregiver.status).toBe(201);
      track(withCaregiver);
      assessmentIds.push(started.id);
    }

    const created = track(
      await t
        .http()
        .post('/api/api-users')
        .set('Authorization', admin)
        .send({ username: 'capped-feed', password: 'a-long-machine-secret', ip: '127.0.0.1', maxRecords: MAX }),
    );
    expect(created.status).toBe(201);
    apiUser = created.body;
  });
  afterAll(() => t?.close());

  const PAGED_LISTS: Array<[path: string, resource: string]> = [
    ['/api/assessments', 'assessments'],
    ['/api/agencies', 'agencies'],
    ['/api/library/items', 'library/items'],
    ['/api/library/versions', 'library/versions'],
  ];

  it('answers at most maxRecords rows on every paged list, with or without a range, and a truthful Content-Range', async () => {
    const client = await clientToken();
    const person = worker.token;
    for (const [path, resource] of PAGED_LISTS) {
      // A person sees the whole first page: the lists hold more rows than the cap.
      const full = await get(person, path, { range: '[0,99]' });
      expect([path, full.status]).toEqual([path, 200]);
      const total = full.body.length as number;
      expect([path, total > MAX]).toEqual([path, true]);

      const plain = await get(client, path);
      expect([path, plain.status, plain.body.length]).toEqual([path, 200, MAX]);
      expect(plain.headers['content-range']).toBe(`${resource} 0-${MAX - 1}/${total}`);

      const wide = await get(client, path, { range: '[0,99]' });
      expect([path, wide.body.length]).toEqual([path, MAX]);
      expect(wide.headers['content-range']).toBe(`${resource} 0-${MAX - 1}/${total}`);
      expect(keysOf(wide.body)).toEqual(keysOf(full.body.slice(0, MAX)));

      // Paging on from an offset: only what is left of the first maxRecords records (paging cannot add up to more
      // than one answer may hold), and the range says which rows these are.
      const later = await get(client, path, { range: '[1,99]' });
      expect([path, later.body.length]).toEqual([path, MAX - 1]);
      expect(later.headers['content-range']).toBe(`${resource} 1-${MAX - 1}/${total}`);
      expect(keysOf(later.body)).toEqual(keysOf(full.body.slice(1, MAX)));
      const beyond = await get(client, path, { range: `[${MAX},99]` });
      expect([path, beyond.status, beyond.body]).toEqual([path, 200, []]);
      expect(beyond.headers['content-range']).toBe(`${resource} ${MAX}-${MAX}/${total}`);

      // A smaller range than the cap is answered as asked.
      const small = await get(client, path, { range: '[0,1]' });
      expect([path, small.body.length, small.headers['content-range']]).toEqual([path, 2, `${resource} 0-1/${total}`]);
    }
  });

  it('caps the other lists an API client can reach: privileges, family caregivers of the child lookup, reassign options', async () => {
    const client = await clientToken();
    const privileges = await get(client, '/api/privileges');
    expect([privileges.status, privileges.body.length]).toEqual([200, MAX]);

    const personLookup = await get(worker.token, '/api/children/lookup', { familyId: FAMILY });
    expect(personLookup.body.familyCaregivers.length).toBe(4);
    const lookup = await get(client, '/api/children/lookup', { familyId: FAMILY });
    expect(lookup.status).toBe(200);
    expect(lookup.body.familyCaregivers).toEqual(personLookup.body.familyCaregivers.slice(0, MAX));

    const personOptions = await get(worker.token, `/api/assessments/${assessmentIds[0]}/reassign-options`);
    expect(personOptions.body.siblingUsers.length).toBeGreaterThan(MAX);
    const options = await get(client, `/api/assessments/${assessmentIds[0]}/reassign-options`);
    // API clients may be refused the options altogether; if answered, the list is capped.
    if (options.status === 200) expect(options.body.siblingUsers).toEqual(personOptions.body.siblingUsers.slice(0, MAX));
    else expect([403, 404]).toContain(options.status);
  });

  it('applies a changed maxRecords on the next request', async () => {
    const client = await clientToken();
    const current = await t.http().get(`/api/api-users/${apiUser.id}`).set('Authorization', admin);
    const updated = track(
      await t
        .http()
        .put(`/api/api-users/${apiUser.id}`)
        .set('Authorization', admin)
        .send({ ...current.body, password: '', maxRecords: 1 }),
    );
    expect(updated.status).toBe(200);
    const one = await get(client, '/api/assessments', { range: '[0,19]' });
    expect([one.body.length, one.headers['content-range']]).toEqual([1, 'assessments 0-0/4']);
  });
});
