import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import {
  AssessmentsApi,
  childForm,
  createOrganisation,
  Json,
  NARRATIVE,
  seedTestLibrary,
} from '../../assessments/assessments.test-support';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../../identity/user-groups/built-in-groups';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../storage/storage-tokens';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';

const backends = httpTestBackends();

/** Characters PostgreSQL cannot store in text or JSONB (NUL) or that are not Unicode text at all (a lone surrogate). */
const UNSAFE = { NUL: 'a\u0000b', 'a lone surrogate': 'a\ud800b' } as const;
const NOT_ALLOWED = /contains a character that is not allowed/;

/** JSON nested `depth` levels deep: [[[…]]]. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe.each(backends)('Input hardening over HTTP (%s): bad input answers 4xx, never 500, and writes nothing', (backend) => {
  let t: TestApp;
  let admin: string;
  let worker: AssessmentsApi;
  let supervisor: AssessmentsApi;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  /** An incomplete assessment of the worker, and one waiting for approval (the supervisor may return or close it). */
  let incomplete: Json;
  let pending: Json;
  let agency: Json;
  /** A Direct Care Worker (the group may assign temporary access). */
  let careWorker: { id: string; token: string };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    await seedTestLibrary(t);
    ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    supervisor = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.supervisor)}`, ids.supervisor);
    incomplete = await worker.start(childForm({ cin: 'PID-HARD-1' }));
    pending = await completedAssessment('PID-HARD-2');
    agency = (await t.http().post('/api/agencies').set('Authorization', admin).send({ name: 'Hardened Services', displayName: 'Hardened' }))
      .body;
    const careWorkerId = (
      await t.http().post('/api/users').set('Authorization', admin).send({
        firstName: 'Casey',
        lastName: 'Care',
        username: 'casey.care',
        email: 'casey.care@example.test',
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: ids.supervisor,
        externalId: 'CASEY',
      })
    ).body.id as string;
    careWorker = { id: careWorkerId, token: `Bearer ${t.tokenForUser(careWorkerId)}` };
    await t.settled();
  });
  afterAll(() => t?.close());

  /** Rates every question 0, writes the narrative and completes: the assessment waits for approval. */
  async function completedAssessment(cin: string): Promise<Json> {
    let view = await worker.start(childForm({ cin }));
    for (let round = 0; round < 5; round++) {
      const open: Array<{ code: string; caregiverId: string | null }> = [];
      const walk = (container: Json, caregiverId: string | null) => {
        for (const q of container.questions) if (q.rating === null) open.push({ code: q.code, caregiverId });
        for (const m of container.modules) walk(m, caregiverId);
      };
      for (const d of view.questionnaire.domains) walk(d, d.caregiverId);
      if (open.length === 0) break;
      for (const q of open) expect((await worker.rate(view.id, q.code, 0, q.caregiverId)).status).toBe(200);
      view = (await worker.get(`/api/assessments/${view.id}`)).body;
    }
    view = (await worker.put(`/api/assessments/${view.id}/narrative`, { narrative: NARRATIVE, revision: view.revision })).body;
    const completed = await worker.post(`/api/assessments/${view.id}/complete`, { revision: view.revision });
    expect(completed.status).toBe(200);
    return completed.body;
  }

  const head = async () => {
    await t.settled();
    // Reads served earlier are appended in batches, later: appended now, they cannot move the head during a check.
    await t.app.get(RecordReadsService).flush();
    return t.app.get<EventStore>(EVENT_STORE).headPosition();
  };

  /** Sends a request that must be refused: the answer is not 5xx and the event store's head does not move. */
  async function refused(send: () => PromiseLike<Response>): Promise<Response> {
    const before = await head();
    const answer = await send();
    expect(answer.status).toBeLessThan(500);
    expect(await head()).toBe(before);
    return answer;
  }

  describe('body parsing', () => {
    it('answers a body over 100 KB with 413 JSON, even anonymous on sign-in', async () => {
      const answer = await refused(() =>
        t
          .http()
          .post('/api/auth/login')
          .send({ login: 'x'.repeat(101 * 1024), password: 'secret' }),
      );
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(answer.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: expect.stringMatching(/too large/i) });
    });

    it('answers malformed JSON with 400 and a plain message', async () => {
      const answer = await refused(() =>
        t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"login": "admin", '),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON.' });
    });

    it('answers an unsupported charset or content encoding with 415', async () => {
      const charset = await refused(() =>
        t.http().post('/api/auth/login').set('Content-Type', 'application/json; charset=klingon').send('{}'),
      );
      expect(charset.status).toBe(415);
      expect(charset.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type', message: expect.any(String) });
      const encoding = await refused(() =>
        t.http().post('/api/auth/login').set('Content-Type', 'application/json').set('Content-Encoding', 'klingon').send('{}'),
      );
      expect(encoding.status).toBe(415);
    });

    it('refuses JSON nested deeper than 32 levels with 400 before validation, in the body and in a list filter', async () => {
      const login = await refused(() =>
        t
          .http()
          .post('/api/auth/login')
          .set('Content-Type', 'application/json')
          .send(`{"login":${nested(5000)},"password":"x"}`),
      );
      expect(login.status).toBe(400);
      expect(login.body.errors).toEqual({ login: [expect.stringMatching(/nested too deeply/)] });
      const agencyBody = await refused(() =>
        t
          .http()
          .post('/api/agencies')
          .set('Authorization', admin)
          .set('Content-Type', 'application/json')
          .send(`{"name":"N","displayName":{"a":${nested(40)}}}`),
      );
      expect(agencyBody.status).toBe(400);
      expect(agencyBody.body.errors).toEqual({ displayName: [expect.stringMatching(/nested too deeply/)] });
      const filter = await worker.get('/api/assessments', { filter: `{"q":${nested(1000)}}` }); // 5,000 would pass the URL size limit (431)
      expect(filter.status).toBe(400);
      expect(filter.body.errors).toEqual({ filter: [expect.stringMatching(/nested too deeply/)] });
      // 32 levels are fine as far as nesting goes (the DTO then says what is wrong).
      const shallow = await refused(() =>
        t
          .http()
          .post('/api/agencies')
          .set('Authorization', admin)
          .set('Content-Type', 'application/json')
          .send(`{"name":"N","displayName":${nested(31)}}`),
      );
      expect(shallow.status).toBe(400);
      expect(shallow.body.errors.displayName).toContain('Agency display name must be text.');
      const oneLevelMore = await refused(() =>
        t
          .http()
          .post('/api/agencies')
          .set('Authorization', admin)
          .set('Content-Type', 'application/json')
          .send(`{"name":"N","displayName":${nested(32)}}`),
      );
      expect(oneLevelMore.body.errors).toEqual({ displayName: [expect.stringMatching(/nested too deeply/)] });
    });
  });

  describe('NUL and lone surrogates', () => {
    const lists = (): Array<[string, string]> => [
      ['/api/assessments', worker.token],
      ['/api/agencies', admin],
      ['/api/library/items', admin],
      ['/api/library/versions', admin],
      ['/api/question-rules', admin],
      ['/api/users', admin],
      ['/api/user-groups', admin],
      ['/api/api-users', admin],
      ['/api/system-log', admin],
    ];

    it.each(Object.entries(UNSAFE))('refuses %s in every list filter with 400 and filter.q named', async (_name, bad) => {
      for (const [path, token] of lists()) {
        const answer = await t
          .http()
          .get(path)
          .query({ filter: JSON.stringify({ q: bad }) })
          .set('Authorization', token);
        expect({ path, status: answer.status, errors: answer.body.errors }).toEqual({
          path,
          status: 400,
          errors: { 'filter.q': [expect.stringMatching(NOT_ALLOWED)] },
        });
      }
    });

    it('refuses NUL in a raw query parameter and in a path parameter', async () => {
      const lookup = await worker.get('/api/children/lookup', { cin: 'PID\u0000' });
      expect([lookup.status, lookup.body.errors]).toEqual([400, { cin: [expect.stringMatching(NOT_ALLOWED)] }]);
      const byId = await t.http().get('/api/agencies/a%00b').set('Authorization', admin);
      expect([byId.status, byId.body.errors]).toEqual([400, { path: [expect.stringMatching(NOT_ALLOWED)] }]);
    });

    describe.each(Object.entries(UNSAFE))('%s in a written string: 400 with the field named, nothing appended', (_name, bad) => {
      const expectField = (answer: Response, field: string) => {
        expect({ status: answer.status, errors: answer.body.errors }).toEqual({
          status: 400,
          errors: { [field]: [expect.stringMatching(NOT_ALLOWED)] },
        });
      };

      it('agency name', async () => {
        expectField(
          await refused(() => t.http().post('/api/agencies').set('Authorization', admin).send({ name: bad, displayName: 'X' })),
          'name',
        );
        expectField(
          await refused(() =>
            t
              .http()
              .put(`/api/agencies/${agency.id}`)
              .set('Authorization', admin)
              .send({ name: 'Y', displayName: bad, revision: agency.revision }),
          ),
          'displayName',
        );
      });

      it('a question comment, the narrative, a return and a close reason', async () => {
        expectField(
          await refused(() =>
            t
              .http()
              .put(`/api/assessments/${incomplete.id}/comments/${randomUUID()}`)
              .set('Authorization', worker.token)
              .send({ questionCode: 'T_SLEEP', caregiverId: null, content: bad }),
          ),
          'content',
        );
        expectField(
          await refused(() =>
            t
              .http()
              .put(`/api/assessments/${incomplete.id}/narrative`)
              .set('Authorization', worker.token)
              .send({ narrative: { ...NARRATIVE, plan: bad } }),
          ),
          'narrative.plan',
        );
        expectField(
          await refused(() =>
            t.http().post(`/api/assessments/${pending.id}/return`).set('Authorization', supervisor.token).send({ reason: bad }),
          ),
          'reason',
        );
        expectField(
          await refused(() =>
            t.http().post(`/api/assessments/${pending.id}/close`).set('Authorization', supervisor.token).send({ reason: bad }),
          ),
          'reason',
        );
        // A key is a string too (the caregiver relationship is a free-form object).
        const key = await refused(() =>
          t
            .http()
            .post(`/api/assessments/${incomplete.id}/caregivers`)
            .set('Authorization', worker.token)
            .send({ caregiver: { firstName: 'A', lastName: 'B', relationship: { [bad]: 'x' } } }),
        );
        expect(key.status).toBe(400);
        expect(Object.values(key.body.errors as Record<string, string[]>).flat()).toEqual([expect.stringMatching(NOT_ALLOWED)]);
      });

      it('sign-in login name and API token username (anonymous)', async () => {
        expectField(await refused(() => t.http().post('/api/auth/login').send({ login: bad, password: 'Demo!2345' })), 'login');
        expectField(await refused(() => t.http().post('/api/auth/api-token').send({ username: bad, password: 'Demo!2345' })), 'username');
      });

      it('an email: password reset (anonymous), a new user, the own account', async () => {
        const email = `pat${bad}@example.test`;
        expectField(await refused(() => t.http().post('/api/auth/password-reset').send({ username: 'worker', email })), 'email');
        expectField(
          await refused(() =>
            t
              .http()
              .post('/api/users')
              .set('Authorization', admin)
              .send({
                firstName: 'Pat',
                lastName: 'Doe',
                username: `pat${Date.now()}`,
                email,
                userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
                supervisorId: '1',
                externalId: 'X',
              }),
          ),
          'email',
        );
        expectField(
          await refused(() =>
            t
              .http()
              .put('/api/account')
              .set('Authorization', worker.token)
              .send({ firstName: 'Worker', lastName: 'Tester', email, phone: null }),
          ),
          'email',
        );
      });
    });
  });

  describe('revisions and dates', () => {
    const HUGE = [99999999999999999999999, 2 ** 31, -1, 1.5];

    it.each(HUGE)('refuses revision %p on narrative, return, close, share and reassign with 400', async (revision) => {
      const sends: Array<[string, () => PromiseLike<Response>]> = [
        [
          'narrative',
          () =>
            t
              .http()
              .put(`/api/assessments/${incomplete.id}/narrative`)
              .set('Authorization', worker.token)
              .send({ narrative: NARRATIVE, revision }),
        ],
        [
          'return',
          () =>
            t
              .http()
              .post(`/api/assessments/${pending.id}/return`)
              .set('Authorization', supervisor.token)
              .send({ reason: 'Check it.', revision }),
        ],
        [
          'close',
          () =>
            t
              .http()
              .post(`/api/assessments/${pending.id}/close`)
              .set('Authorization', supervisor.token)
              .send({ reason: 'Done.', revision }),
        ],
        [
          'share',
          () =>
            t
              .http()
              .post(`/api/assessments/${incomplete.id}/share`)
              .set('Authorization', worker.token)
              .send({ userIds: [ids.sibling], revision }),
        ],
        [
          'reassign',
          () =>
            t
              .http()
              .post(`/api/assessments/${incomplete.id}/reassign`)
              .set('Authorization', worker.token)
              .send({ toUserId: ids.sibling, revision }),
        ],
        [
          'agency',
          () => t.http().put(`/api/agencies/${agency.id}`).set('Authorization', admin).send({ name: 'Z', displayName: 'Z', revision }),
        ],
      ];
      for (const [name, send] of sends) {
        const answer = await refused(send);
        expect({ name, status: answer.status, errors: answer.body.errors }).toEqual({
          name,
          status: 400,
          errors: { revision: [expect.any(String)] },
        });
      }
    });

    it('refuses an impossible calendar date on a user expiry and an access assignment', async () => {
      const fields = {
        firstName: 'Exp',
        lastName: 'Iry',
        username: 'exp.iry',
        email: 'exp.iry@example.test',
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: '1',
        externalId: 'EXP',
      };
      const created = await refused(() =>
        t
          .http()
          .post('/api/users')
          .set('Authorization', admin)
          .send({ ...fields, expirationDate: '2026-02-30' }),
      );
      expect([created.status, created.body.errors]).toEqual([400, { expirationDate: [expect.any(String)] }]);
      const user = (
        await t
          .http()
          .post('/api/users')
          .set('Authorization', admin)
          .send({ ...fields, expirationDate: '2030-02-28' })
      ).body;
      const update = await refused(() =>
        t
          .http()
          .put(`/api/users/${user.id}`)
          .set('Authorization', admin)
          .send({ ...fields, status: 1, expirationDate: '2030-02-29', revision: user.revision }),
      );
      expect([update.status, update.body.errors]).toEqual([400, { expirationDate: [expect.any(String)] }]);
      const assignment = await refused(() =>
        t
          .http()
          .post('/api/account/access-assignments')
          .set('Authorization', careWorker.token)
          .send({ delegateId: ids.worker, startsOn: '2026-02-29', endsOn: '2026-04-31' }),
      );
      expect([assignment.status, Object.keys(assignment.body.errors ?? {}).sort()]).toEqual([400, ['endsOn', 'startsOn']]);
    });
  });

  describe('list filters of the wrong type', () => {
    it.each([
      [{ q: { $gt: '' } }, 'q'],
      [{ q: ['a'] }, 'q'],
      [{ month: '2026-13' }, 'month'],
      [{ dateFrom: '2026-02-30' }, 'dateFrom'],
      [{ agencyId: { $ne: null } }, 'agencyId'],
      [{ id: [{ $gt: '' }] }, 'id'],
    ])('/api/assessments answers %j with 400 naming %s', async (filter, field) => {
      const answer = await worker.list(filter);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([`filter.${field}`]);
    });

    it.each(['/api/agencies', '/api/library/items', '/api/question-rules', '/api/api-users', '/api/library/versions'])(
      '%s answers an operator object or a non-text q with 400',
      async (path) => {
        for (const filter of [{ q: { $gt: '' } }, { id: { $gt: '' } }, { q: 5 }]) {
          const answer = await t
            .http()
            .get(path)
            .query({ filter: JSON.stringify(filter) })
            .set('Authorization', admin);
          expect({ path, filter, status: answer.status }).toEqual({ path, filter, status: 400 });
        }
      },
    );
  });

  it('answers a stale revision with 409 in plain words: no stream, no revision numbers', async () => {
    const created = (await t.http().post('/api/agencies').set('Authorization', admin).send({ name: 'Conflicted', displayName: 'C' })).body;
    expect(
      (
        await t
          .http()
          .put(`/api/agencies/${created.id}`)
          .set('Authorization', admin)
          .send({ name: 'Conflicted 2', displayName: 'C', revision: 0 })
      ).status,
    ).toBe(200);
    const stale = await refused(() =>
      t.http().put(`/api/agencies/${created.id}`).set('Authorization', admin).send({ name: 'Lost', displayName: 'C', revision: 0 }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This record was changed by someone else in the meantime. Reload it and try again.',
    });
  });
});
