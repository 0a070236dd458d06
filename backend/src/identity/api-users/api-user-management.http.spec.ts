/**
 * Issue 27, finding 3: a user holding only `Setting` added an API user and, with its token, read every child's
 * record (the list, summaries, the XLSX export). Adding, editing and deleting API users is rule 6 of the
 * user-management policy: only users who hold what an API user holds and see every record themselves.
 */
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { STATE_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import { uniqueName } from '../../../test-support/identity-kit';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { USER_MANAGEMENT_MESSAGES } from '../access/user-management-policy';

const backends = httpTestBackends();
type Json = Record<string, unknown>;

const REFUSAL = USER_MANAGEMENT_MESSAGES['api-user-beyond-own'];
const apiUserBody = () => ({
  username: uniqueName('feed').username,
  password: 'a-long-machine-secret',
  ip: '203.0.113.30',
  maxRecords: 10,
});

describe.each(backends)('Who may add, edit and delete API users (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let existing: Json;

  /** The position of the last event: a refused request must leave it where it was. */
  const head = async () => {
    await t.settled();
    return t.app.get<EventStore>(EVENT_STORE).headPosition();
  };
  const refused = async (send: () => PromiseLike<{ status: number; body: Json }>) => {
    const before = await head();
    const answer = await send();
    expect([answer.status, answer.body.message]).toEqual([403, REFUSAL]);
    expect(await head()).toBe(before);
  };
  const attempts = (token: string) => ({
    add: () => t.http().post('/api/api-users').set('Authorization', token).send(apiUserBody()),
    // Re-key it and widen it: a new password, another IP, more records.
    rekey: () =>
      t
        .http()
        .put(`/api/api-users/${String(existing.id)}`)
        .set('Authorization', token)
        .send({ username: existing.username, password: 'a-new-machine-secret', ip: '198.51.100.77', maxRecords: 1_000_000 }),
    remove: () =>
      t
        .http()
        .delete(`/api/api-users/${String(existing.id)}`)
        .set('Authorization', token),
  });
  const stateAdministrator = async (agencyId: string | null) => {
    const { username, email } = uniqueName('state');
    const body = {
      firstName: 'Sam',
      lastName: 'State',
      username,
      email,
      userGroupId: STATE_ADMINISTRATOR_GROUP_ID,
      supervisorId: '1',
      agencyId,
    };
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({ ...body, externalId: 'EXT-S' });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return `Bearer ${t.tokenForUser(created.body.id)}`;
  };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    const created = await t.http().post('/api/api-users').set('Authorization', admin).send(apiUserBody());
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    existing = created.body;
  });
  afterAll(() => t?.close());

  it('refuses a holder of Setting alone (403, nothing written), who still sees the list without record data', async () => {
    const settingOnly = `Bearer ${t.tokenFor(['Setting'])}`;
    const attempt = attempts(settingOnly);
    await refused(attempt.add);
    await refused(attempt.rekey);
    await refused(attempt.remove);

    const list = await t.http().get('/api/api-users').set('Authorization', settingOnly);
    expect(list.status).toBe(200);
    expect(list.body.find((row: Json) => row.id === existing.id)).toMatchObject({ username: existing.username, canManage: false });
    expect(
      (
        await t
          .http()
          .get(`/api/api-users/${String(existing.id)}`)
          .set('Authorization', settingOnly)
      ).body.canManage,
    ).toBe(false);
    expect((await t.http().get('/api/auth/me').set('Authorization', settingOnly)).body.canManageApiUsers).toBe(false);
  });

  it('refuses holders of all its privileges whose own row access is not state-wide', async () => {
    // Assessment_View, Report_Assessment and DATA_FEED_SHOW, but no Case_Monitor: their caseload only.
    await refused(attempts(`Bearer ${t.tokenFor(['Setting', 'Assessment_View', 'Report_Assessment', 'DATA_FEED_SHOW'])}`).add);
    // A State Administrator tied to an agency sees that agency's records only.
    const agency = await t.http().post('/api/agencies').set('Authorization', admin).send({ name: 'Eastside', displayName: 'East' });
    const local = attempts(await stateAdministrator(agency.body.id));
    await refused(local.add);
    await refused(local.rekey);
    await refused(local.remove);
  });

  it('lets a State Administrator without an agency (state-wide Case_Monitor) add, re-key and delete API users', async () => {
    const token = await stateAdministrator(null);
    expect((await t.http().get('/api/auth/me').set('Authorization', token)).body.canManageApiUsers).toBe(true);
    const attempt = attempts(token);
    const added = await attempt.add();
    expect([added.status, added.body.canManage]).toEqual([201, true]);
    const rekeyed = await attempt.rekey();
    expect([rekeyed.status, rekeyed.body.ip, rekeyed.body.maxRecords]).toEqual([200, '198.51.100.77', 1_000_000]);
    expect((await attempt.remove()).status).toBe(200);
    expect((await t.http().get('/api/auth/me').set('Authorization', admin)).body.canManageApiUsers).toBe(true);
  });
});
