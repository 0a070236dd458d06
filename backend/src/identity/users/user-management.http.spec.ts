import { uniqueName } from '../../../test-support/identity-kit';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { STATE_ADMINISTRATOR_GROUP_ID, SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import {
  BUILT_IN_GROUPS,
  DIRECT_CARE_WORKER_GROUP_ID,
  MONITOR_GROUP_ID,
  SUPERVISOR_ADMIN_GROUP_ID,
  SUPERVISOR_GROUP_ID,
} from '../user-groups/built-in-groups';

const backends = httpTestBackends();

type Json = Record<string, unknown>;

/**
 * Issue 9, findings 1 and 2: who manages whom, with the built-in groups and the demo seed's chain
 * (administrator → state.admin → supervisor.admin → supervisor → worker2), built through the API.
 */
describe.each(backends)('Who manages whom over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let stateAdmin: Json;
  let supervisorAdmin: Json;
  let supervisor: Json;
  let worker2: Json;
  let asStateAdmin: string;
  let asSupervisorAdmin: string;
  let asWorker2: string;

  const create = async (fields: Json, as = admin): Promise<Json> => {
    const { username, email } = uniqueName('mm');
    const answer = await t
      .http()
      .post('/api/users')
      .set('Authorization', as)
      .send({ firstName: 'Pat', lastName: 'Doe', username, email, externalId: 'EXT-MM', ...fields });
    if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const get = async (id: unknown): Promise<Json> =>
    (
      await t
        .http()
        .get(`/api/users/${String(id)}`)
        .set('Authorization', admin)
    ).body;
  const me = async (token: string): Promise<Json> => (await t.http().get('/api/auth/me').set('Authorization', token)).body;

  /** The position of the last event: a refused request must leave it where it was. */
  const head = async () => {
    await t.settled();
    return t.app.get<EventStore>(EVENT_STORE).headPosition();
  };
  /** Runs a request that must be refused with 403 and a plain message, and checks that nothing was written. */
  const refused = async (send: () => PromiseLike<{ status: number; body: Json }>) => {
    const before = await head();
    const answer = await send();
    expect([answer.status, typeof answer.body.message]).toEqual([403, 'string']);
    expect(await head()).toBe(before);
    return answer.body;
  };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    stateAdmin = await create({ firstName: 'Sam', lastName: 'Stateman', userGroupId: STATE_ADMINISTRATOR_GROUP_ID, supervisorId: '1' });
    supervisorAdmin = await create({
      firstName: 'Morgan',
      lastName: 'Lead',
      userGroupId: SUPERVISOR_ADMIN_GROUP_ID,
      supervisorId: stateAdmin.id,
    });
    supervisor = await create({
      firstName: 'Sofia',
      lastName: 'Martinez',
      userGroupId: SUPERVISOR_GROUP_ID,
      supervisorId: supervisorAdmin.id,
    });
    worker2 = await create({
      firstName: 'Riley',
      lastName: 'Brooks',
      userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      supervisorId: supervisor.id,
    });
    asStateAdmin = `Bearer ${t.tokenForUser(String(stateAdmin.id))}`;
    asSupervisorAdmin = `Bearer ${t.tokenForUser(String(supervisorAdmin.id))}`;
    asWorker2 = `Bearer ${t.tokenForUser(String(worker2.id))}`;
  });
  afterAll(() => t?.close());

  it('finding 1: supervisor.admin cannot put themselves into group 1 or 153, nor change their own group at all', async () => {
    const own = await get(supervisorAdmin.id);
    const privilegesBefore = (await me(asSupervisorAdmin)).privileges;
    for (const userGroupId of [SYSTEM_ADMINISTRATOR_GROUP_ID, STATE_ADMINISTRATOR_GROUP_ID, SUPERVISOR_GROUP_ID]) {
      await refused(() =>
        t
          .http()
          .put(`/api/users/${String(own.id)}`)
          .set('Authorization', asSupervisorAdmin)
          .send({ ...own, userGroupId }),
      );
    }
    const after = await me(asSupervisorAdmin);
    expect(after).toMatchObject({ groupId: SUPERVISOR_ADMIN_GROUP_ID, canManageUserGroups: false, privileges: privilegesBefore });
    expect(after.privileges).toEqual(BUILT_IN_GROUPS.find((g) => g.id === SUPERVISOR_ADMIN_GROUP_ID)!.privileges);
    expect(await get(own.id)).toMatchObject({ userGroupId: SUPERVISOR_ADMIN_GROUP_ID, revision: own.revision });
    // Their own name, email and phone remain theirs to edit.
    const renamed = await t
      .http()
      .put(`/api/users/${String(own.id)}`)
      .set('Authorization', asSupervisorAdmin)
      .send({ ...own, lastName: 'Leader' });
    expect([renamed.status, renamed.body.lastName, renamed.body.userGroupId]).toEqual([200, 'Leader', SUPERVISOR_ADMIN_GROUP_ID]);
  });

  it('finding 1: supervisor.admin cannot move worker2 into group 1 or 153, nor create users there', async () => {
    const before = await get(worker2.id);
    for (const userGroupId of [SYSTEM_ADMINISTRATOR_GROUP_ID, STATE_ADMINISTRATOR_GROUP_ID, MONITOR_GROUP_ID]) {
      await refused(() =>
        t
          .http()
          .put(`/api/users/${String(worker2.id)}`)
          .set('Authorization', asSupervisorAdmin)
          .send({ ...before, userGroupId }),
      );
    }
    expect(await get(worker2.id)).toMatchObject({ userGroupId: DIRECT_CARE_WORKER_GROUP_ID, revision: before.revision });
    expect((await me(asWorker2)).canManageUserGroups).toBe(false);

    const { username, email } = uniqueName('up');
    await refused(() =>
      t.http().post('/api/users').set('Authorization', asSupervisorAdmin).send({
        firstName: 'Up',
        lastName: 'Stairs',
        username,
        email,
        userGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID,
        supervisorId: '1',
        externalId: 'X',
      }),
    );
    const found = await t
      .http()
      .get('/api/users')
      .query({ filter: JSON.stringify({ email }) })
      .set('Authorization', admin);
    expect(found.body).toEqual([]);
  });

  it('finding 2: supervisor.admin cannot re-mail, reset, lock, deactivate, rename or delete state.admin (nothing is written)', async () => {
    const before = await get(stateAdmin.id);
    const put = (changes: Json) => () =>
      t
        .http()
        .put(`/api/users/${String(before.id)}`)
        .set('Authorization', asSupervisorAdmin)
        .send({ ...before, ...changes });
    await refused(put({ email: 'taken.over@example.test' }));
    await refused(put({ status: 2 }));
    await refused(put({ status: 0 }));
    await refused(put({ lastName: 'Renamed' }));
    const mailsBefore = t.outbox.length;
    await refused(() =>
      t
        .http()
        .post(`/api/users/${String(before.id)}/password-reset`)
        .set('Authorization', asSupervisorAdmin),
    );
    expect(t.outbox.slice(mailsBefore)).toEqual([]);
    await refused(() =>
      t
        .http()
        .delete(`/api/users/${String(before.id)}`)
        .set('Authorization', asSupervisorAdmin),
    );
    expect(await get(before.id)).toMatchObject({ email: before.email, status: 1, lastName: 'Stateman', revision: before.revision });
  });

  it('keeps the administrator (user 1) changed only by themself: no edit or reset by a state administrator', async () => {
    const administrator = await get('1');
    await refused(() =>
      t
        .http()
        .put('/api/users/1')
        .set('Authorization', asStateAdmin)
        .send({ ...administrator, email: 'other@example.test' }),
    );
    await refused(() => t.http().post('/api/users/1/password-reset').set('Authorization', asStateAdmin));
    const edited = await t
      .http()
      .put('/api/users/1')
      .set('Authorization', admin)
      .send({ ...administrator, lastName: 'Chief' });
    expect([edited.status, edited.body.lastName]).toEqual([200, 'Chief']);
  });

  it('lets a user manage users of groups within their own privileges: supervisor.admin and worker2', async () => {
    const before = await get(worker2.id);
    const edited = await t
      .http()
      .put(`/api/users/${String(worker2.id)}`)
      .set('Authorization', asSupervisorAdmin)
      .send({ ...before, lastName: 'Brookes' });
    expect([edited.status, edited.body.lastName, edited.body.canManage]).toEqual([200, 'Brookes', true]);
    const reset = await t
      .http()
      .post(`/api/users/${String(worker2.id)}/password-reset`)
      .set('Authorization', asSupervisorAdmin);
    expect(reset.status).toBe(200);
    const added = await create({ userGroupId: DIRECT_CARE_WORKER_GROUP_ID, supervisorId: supervisor.id }, asSupervisorAdmin);
    expect(added).toMatchObject({ status: 3, userGroupId: DIRECT_CARE_WORKER_GROUP_ID });
    const promoted = await t
      .http()
      .put(`/api/users/${String(added.id)}`)
      .set('Authorization', asSupervisorAdmin)
      .send({ ...added, userGroupId: SUPERVISOR_GROUP_ID, supervisorId: supervisorAdmin.id });
    expect([promoted.status, promoted.body.userGroupId]).toEqual([200, SUPERVISOR_GROUP_ID]);
    expect(
      (
        await t
          .http()
          .delete(`/api/users/${String(added.id)}`)
          .set('Authorization', asSupervisorAdmin)
      ).status,
    ).toBe(200);
  });

  it('lets a state administrator assign group 153, but not group 1, and approve only users they may manage', async () => {
    const monitor = await create({ userGroupId: MONITOR_GROUP_ID, supervisorId: stateAdmin.id });
    const promoted = await t
      .http()
      .put(`/api/users/${String(monitor.id)}`)
      .set('Authorization', asStateAdmin)
      .send({ ...monitor, userGroupId: STATE_ADMINISTRATOR_GROUP_ID });
    expect([promoted.status, promoted.body.userGroupId]).toEqual([200, STATE_ADMINISTRATOR_GROUP_ID]);
    const added = await create({ userGroupId: STATE_ADMINISTRATOR_GROUP_ID, supervisorId: '1' }, asStateAdmin);
    expect(added).toMatchObject({ status: 1, userGroupId: STATE_ADMINISTRATOR_GROUP_ID });
    const current = await get(added.id);
    await refused(() =>
      t
        .http()
        .put(`/api/users/${String(added.id)}`)
        .set('Authorization', asStateAdmin)
        .send({ ...current, userGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID }),
    );

    // A user pending approval in a group holding a privilege the state administrator lacks stays pending.
    const librarian = `Bearer ${t.tokenFor(['User_Actions', 'User_View', 'Library_Manage'])}`;
    const libraryGroup = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', admin)
      .send({ name: `Library ${uniqueName().username}`, parentGroupId: '1', privileges: ['Library_Manage'] });
    const pending = await create({ userGroupId: libraryGroup.body.id, supervisorId: '1' }, librarian);
    expect(pending.status).toBe(3);
    await refused(() =>
      t
        .http()
        .post(`/api/users/${String(pending.id)}/approve`)
        .set('Authorization', asStateAdmin),
    );
    const pendingMonitor = await create(
      { userGroupId: MONITOR_GROUP_ID, supervisorId: stateAdmin.id },
      `Bearer ${t.tokenFor(['User_Actions', 'User_View', 'HOME_SHOW', 'Assessment_View', 'Report_Assessment', 'Case_Monitor'])}`,
    );
    const approved = await t
      .http()
      .post(`/api/users/${String(pendingMonitor.id)}/approve`)
      .set('Authorization', asStateAdmin);
    expect([approved.status, approved.body.status]).toEqual([200, 1]);
  });

  it("lets a state administrator add, approve and manage the agencies' staff: group 153 holds every privilege of the groups below it", async () => {
    // A case worker added by supervisor.admin waits for approval; the state administrator approves it.
    const pendingWorker = await create({ userGroupId: DIRECT_CARE_WORKER_GROUP_ID, supervisorId: supervisor.id }, asSupervisorAdmin);
    expect(pendingWorker.status).toBe(3);
    const approved = await t
      .http()
      .post(`/api/users/${String(pendingWorker.id)}/approve`)
      .set('Authorization', asStateAdmin);
    expect([approved.status, approved.body.status, approved.body.canManage]).toEqual([200, 1, true]);
    // Added by a member of group 153, active at once, in any group below it.
    for (const userGroupId of [SUPERVISOR_ADMIN_GROUP_ID, SUPERVISOR_GROUP_ID, DIRECT_CARE_WORKER_GROUP_ID]) {
      expect(await create({ userGroupId, supervisorId: stateAdmin.id }, asStateAdmin)).toMatchObject({ status: 1, userGroupId });
    }
    // Edits, resets and moves the staff below it.
    const lead = await get(supervisorAdmin.id);
    const renamed = await t
      .http()
      .put(`/api/users/${String(lead.id)}`)
      .set('Authorization', asStateAdmin)
      .send({ ...lead, phone: '555-010-0199' });
    expect([renamed.status, renamed.body.phone, renamed.body.canManage]).toEqual([200, '555-010-0199', true]);
    expect(
      (
        await t
          .http()
          .post(`/api/users/${String(worker2.id)}/password-reset`)
          .set('Authorization', asStateAdmin)
      ).status,
    ).toBe(200);
    const moved = await t
      .http()
      .put(`/api/users/${String(pendingWorker.id)}`)
      .set('Authorization', asStateAdmin)
      .send({ ...approved.body, userGroupId: SUPERVISOR_GROUP_ID, supervisorId: supervisorAdmin.id });
    expect([moved.status, moved.body.userGroupId]).toEqual([200, SUPERVISOR_GROUP_ID]);
    expect(
      (
        await t
          .http()
          .delete(`/api/users/${String(pendingWorker.id)}`)
          .set('Authorization', asStateAdmin)
      ).status,
    ).toBe(200);
    // Every built-in group but System Administrator is its to assign.
    const all = await t.http().get('/api/user-groups').query({ range: '[0,499]' }).set('Authorization', asStateAdmin);
    const assignable = new Map((all.body as Json[]).map((g) => [g.name, g.assignable]));
    expect(Object.fromEntries(BUILT_IN_GROUPS.map((g) => [g.name, assignable.get(g.name)]))).toEqual({
      'System Administrator': false,
      'State Administrator': true,
      'Supervisor Admin': true,
      Supervisor: true,
      'Direct Care Worker': true,
      Monitor: true,
    });
  });

  it('says per user whether the caller may manage them (canManage), in the list and by id', async () => {
    const list = await t.http().get('/api/users').query({ range: '[0,499]' }).set('Authorization', asSupervisorAdmin);
    const canManage = new Map((list.body as Json[]).map((u) => [u.id, u.canManage]));
    expect(canManage.get('1')).toBe(false);
    expect(canManage.get(stateAdmin.id)).toBe(false);
    expect(canManage.get(supervisorAdmin.id)).toBe(true);
    expect(canManage.get(worker2.id)).toBe(true);
    expect(
      (
        await t
          .http()
          .get(`/api/users/${String(stateAdmin.id)}`)
          .set('Authorization', asSupervisorAdmin)
      ).body.canManage,
    ).toBe(false);
    expect(
      (
        await t
          .http()
          .get(`/api/users/${String(worker2.id)}`)
          .set('Authorization', asSupervisorAdmin)
      ).body.canManage,
    ).toBe(true);
    expect(
      (
        await t
          .http()
          .get(`/api/users/${String(stateAdmin.id)}`)
          .set('Authorization', admin)
      ).body.canManage,
    ).toBe(true);
    // User_View alone manages nobody.
    const viewer = `Bearer ${t.tokenFor(['User_View'])}`;
    expect(
      (
        await t
          .http()
          .get(`/api/users/${String(worker2.id)}`)
          .set('Authorization', viewer)
      ).body.canManage,
    ).toBe(false);
  });

  it('offers only assignable groups: supervisor.admin does not get System Administrator as a choice', async () => {
    const all = await t.http().get('/api/user-groups').query({ range: '[0,499]' }).set('Authorization', asSupervisorAdmin);
    const assignable = new Map((all.body as Json[]).map((g) => [g.name, g.assignable]));
    expect(
      Object.fromEntries(
        ['System Administrator', 'State Administrator', 'Supervisor Admin', 'Supervisor', 'Direct Care Worker', 'Monitor'].map((n) => [
          n,
          assignable.get(n),
        ]),
      ),
    ).toEqual({
      'System Administrator': false,
      'State Administrator': false,
      'Supervisor Admin': true,
      Supervisor: true,
      'Direct Care Worker': true,
      Monitor: false,
    });
    const offered = await t
      .http()
      .get('/api/user-groups')
      .query({ filter: JSON.stringify({ assignable: true }), range: '[0,499]' })
      .set('Authorization', asSupervisorAdmin);
    const builtIn = new Set(BUILT_IN_GROUPS.map((g) => g.name));
    expect(
      (offered.body as Json[])
        .map((g) => g.name)
        .filter((name) => builtIn.has(String(name)))
        .sort(),
    ).toEqual(['Direct Care Worker', 'Supervisor', 'Supervisor Admin']);
    expect((offered.body as Json[]).every((g) => g.assignable === true)).toBe(true);
    const wrongType = await t
      .http()
      .get('/api/user-groups')
      .query({ filter: JSON.stringify({ assignable: 'yes' }) })
      .set('Authorization', asSupervisorAdmin);
    expect(wrongType.status).toBe(400);
    expect(
      (await t.http().get(`/api/user-groups/${SYSTEM_ADMINISTRATOR_GROUP_ID}`).set('Authorization', asStateAdmin)).body.assignable,
    ).toBe(false);
    expect(
      (await t.http().get(`/api/user-groups/${STATE_ADMINISTRATOR_GROUP_ID}`).set('Authorization', asStateAdmin)).body.assignable,
    ).toBe(true);
  });

  it('keeps group managers from widening their own privileges or granting privileges they do not hold', async () => {
    const own = (await t.http().get(`/api/user-groups/${STATE_ADMINISTRATOR_GROUP_ID}`).set('Authorization', asStateAdmin)).body as Json & {
      privileges: string[];
    };
    await refused(() =>
      t
        .http()
        .put(`/api/user-groups/${STATE_ADMINISTRATOR_GROUP_ID}`)
        .set('Authorization', asStateAdmin)
        .send({ ...own, privileges: [...own.privileges, 'Library_Manage'] }),
    );
    await refused(() =>
      t
        .http()
        .put(`/api/user-groups/${STATE_ADMINISTRATOR_GROUP_ID}`)
        .set('Authorization', asStateAdmin)
        .send({ ...own, privileges: ['HOME_SHOW'] }),
    );
    const monitorGroup = (await t.http().get(`/api/user-groups/${MONITOR_GROUP_ID}`).set('Authorization', asStateAdmin)).body as Json & {
      privileges: string[];
    };
    await refused(() =>
      t
        .http()
        .put(`/api/user-groups/${MONITOR_GROUP_ID}`)
        .set('Authorization', asStateAdmin)
        .send({ ...monitorGroup, privileges: [...monitorGroup.privileges, 'Library_Manage'] }),
    );
    await refused(() =>
      t
        .http()
        .post('/api/user-groups')
        .set('Authorization', asStateAdmin)
        .send({ name: `Wide ${uniqueName().username}`, parentGroupId: '153', privileges: ['Library_Manage'] }),
    );
    const systemGroup = (await t.http().get(`/api/user-groups/${SYSTEM_ADMINISTRATOR_GROUP_ID}`).set('Authorization', asStateAdmin))
      .body as Json;
    await refused(() =>
      t
        .http()
        .put(`/api/user-groups/${SYSTEM_ADMINISTRATOR_GROUP_ID}`)
        .set('Authorization', asStateAdmin)
        .send({ ...systemGroup, privileges: ['HOME_SHOW'] }),
    );
    expect((await me(asStateAdmin)).privileges).toEqual(own.privileges);
    // The group's name and description stay editable by its members; privileges they hold may be granted.
    const renamed = await t
      .http()
      .put(`/api/user-groups/${STATE_ADMINISTRATOR_GROUP_ID}`)
      .set('Authorization', asStateAdmin)
      .send({ ...own, description: 'Runs the programme.' });
    expect([renamed.status, renamed.body.privileges]).toEqual([200, own.privileges]);
    const narrow = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', asStateAdmin)
      .send({ name: `Narrow ${uniqueName().username}`, parentGroupId: '153', privileges: ['HOME_SHOW', 'Case_Monitor'] });
    expect(narrow.status).toBe(201);
  });
});
