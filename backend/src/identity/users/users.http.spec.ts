import { BUILT_IN_GROUPS, DIRECT_CARE_WORKER_GROUP_ID, SUPERVISOR_GROUP_ID } from '../user-groups/built-in-groups';
import { uniqueName } from '../../../test-support/identity-kit';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { IdentityMessages } from '../identity-messages';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

const backends = httpTestBackends();
/** A user manager outside groups 1/153 must hold every privilege of the group they add users to (docs/permissions.md). */
const WORKER_PRIVILEGES = BUILT_IN_GROUPS.find((g) => g.id === DIRECT_CARE_WORKER_GROUP_ID)!.privileges;

describe.each(backends)('User management over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let agencyId: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    agencyId = (
      await t.http().post('/api/agencies').set('Authorization', admin).send({ name: 'Hillside Services', displayName: 'Hillside' })
    ).body.id;
  });
  afterAll(() => t?.close());

  const create = async (fields: Record<string, unknown> = {}, as = admin) => {
    const { username, email } = uniqueName('u');
    const answer = await t
      .http()
      .post('/api/users')
      .set('Authorization', as)
      .send({
        firstName: 'Pat',
        lastName: 'Doe',
        username,
        email,
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: '1',
        externalId: 'EXT-1',
        ...fields,
      });
    if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  it("adds a user: 'eo_' stored, shown without it, group and supervisor names, the supervisor's agency by default", async () => {
    const supervisor = await create({ userGroupId: SUPERVISOR_GROUP_ID, agencyId, firstName: 'Sue', lastName: 'Pervisor' });
    const created = await create({ supervisorId: supervisor.id, phone: '555-301-0001', expirationDate: '2031-06-30' });
    expect(created).toMatchObject({
      username: expect.not.stringMatching(/^eo_/),
      loginName: `eo_${created.username}`,
      status: 1,
      statusLabel: 'Active',
      groupName: 'Direct Care Worker',
      supervisorId: supervisor.id,
      supervisorName: 'Sue Pervisor',
      agencyId,
      agencyName: 'Hillside Services',
      expirationDate: '2031-06-30',
      hasPassword: false,
      revision: 0,
      messageKey: 'add_user_success',
    });
    const supervisorView = await t.http().get(`/api/users/${supervisor.id}`).set('Authorization', admin);
    expect(supervisorView.body.superviseeCount).toBe(1);
    expect(t.outbox.some((mail) => mail.to === created.email && mail.subject === 'Your CANS account')).toBe(true);
  });

  it('refuses duplicate usernames (with or without the prefix), emails and phones with 409 and the field named', async () => {
    const first = await create({ phone: '555-301-0002' });
    const again = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({
        firstName: 'A',
        lastName: 'B',
        username: `EO_${first.username.toUpperCase()}`,
        email: first.email.toUpperCase(),
        phone: '555-301-0002',
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: '1',
        externalId: 'X',
      });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({
      username: ['This username is already taken.'],
      email: ['This email is already used by another user.'],
      phone: ['This phone number is already used by another user.'],
    });
  });

  it('checks group, supervisor and agency exist, and that the supervisor tree has no cycle', async () => {
    const missing = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({
        ...uniqueName('x'),
        firstName: 'A',
        lastName: 'B',
        userGroupId: '00000000-0000-4000-8000-000000000001',
        supervisorId: '00000000-0000-4000-8000-000000000002',
        agencyId: '00000000-0000-4000-8000-000000000003',
        externalId: 'X',
      });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['agencyId', 'supervisorId', 'userGroupId']);
    const noSupervisor = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({ ...uniqueName('x'), firstName: 'A', lastName: 'B', userGroupId: DIRECT_CARE_WORKER_GROUP_ID, externalId: 'X' });
    expect(noSupervisor.body.errors).toEqual({ supervisorId: ['Please choose a supervisor.'] });

    const boss = await create({ userGroupId: SUPERVISOR_GROUP_ID });
    const report = await create({ supervisorId: boss.id });
    const cycle = await t
      .http()
      .put(`/api/users/${boss.id}`)
      .set('Authorization', admin)
      .send({ ...boss, supervisorId: report.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors).toEqual({ supervisorId: ['A user cannot be supervised by themselves or by one of their supervisees.'] });
  });

  it('takes an expiration date as a calendar date from 1900-01-01 to 9999-12-31 only: no timestamp, no year 0000 (400, nothing written)', async () => {
    const user = await create({ expirationDate: '2031-06-30' });
    const store = t.app.get<EventStore>(EVENT_STORE);
    const message = 'Please enter the expiration date as yyyy-MM-dd, from 1900-01-01 to 9999-12-31.';
    for (const expirationDate of [
      '2031-06-30 00:00:00',
      '2031-06-30T00:00:00Z',
      '0000-01-01',
      '0000-01-01T00:00:00Z',
      '1899-12-31',
      '10000-01-01',
      20310630,
    ]) {
      const before = await store.headPosition();
      const created = await t
        .http()
        .post('/api/users')
        .set('Authorization', admin)
        .send({
          firstName: 'Exp',
          lastName: 'Iry',
          ...uniqueName('exp'),
          userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
          supervisorId: '1',
          externalId: 'E',
          expirationDate,
        });
      const updated = await t
        .http()
        .put(`/api/users/${user.id}`)
        .set('Authorization', admin)
        .send({ ...user, status: 1, expirationDate });
      expect([expirationDate, created.status, created.body.errors, updated.status, updated.body.errors]).toEqual([
        expirationDate,
        400,
        { expirationDate: [message] },
        400,
        { expirationDate: [message] },
      ]);
      expect(await store.headPosition()).toBe(before);
    }
    for (const [expirationDate, stored] of [
      ['1900-01-01', '1900-01-01'],
      [' 9999-12-31 ', '9999-12-31'],
      ['', null],
      [null, null],
    ]) {
      expect([expirationDate, (await create({ expirationDate })).expirationDate]).toEqual([expirationDate, stored]);
    }
  });

  it('keeps the agency read-only on edit: another agency is refused with 400, the current one or none keeps it', async () => {
    const other = (
      await t
        .http()
        .post('/api/agencies')
        .set('Authorization', admin)
        .send({ name: uniqueName('ag').username, displayName: 'Other' })
    ).body.id;
    const user = await create({ agencyId });
    const fetched = (await t.http().get(`/api/users/${user.id}`).set('Authorization', admin)).body;
    const moved = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set('Authorization', admin)
      .send({ ...fetched, agencyId: other });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ agencyId: ['The agency of a user cannot be changed.'] });
    const kept = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set('Authorization', admin)
      .send({ ...fetched, lastName: 'Kept' });
    expect([kept.status, kept.body.agencyId]).toEqual([200, agencyId]);
    const none = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set('Authorization', admin)
      .send({ ...kept.body, agencyId: null, lastName: 'None' });
    expect([none.status, none.body.agencyId, none.body.lastName]).toEqual([200, agencyId, 'None']);
  });

  it('updates with optimistic concurrency and accepts the record react-admin sends back', async () => {
    const user = await create();
    const fetched = (await t.http().get(`/api/users/${user.id}`).set('Authorization', admin)).body;
    const saved = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set('Authorization', admin)
      .send({ ...fetched, lastName: 'Renamed' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ lastName: 'Renamed', fullName: 'Pat Renamed', revision: 1, messageKey: 'user_save_success' });
    const stale = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set('Authorization', admin)
      .send({ ...fetched, lastName: 'Lost' });
    expect(stale.status).toBe(409);
  });

  it('searches by name, username, email, supervisor names, group and status; sorts and pages', async () => {
    const boss = await create({ userGroupId: SUPERVISOR_GROUP_ID, firstName: 'Quentin', lastName: 'Zebulon' });
    const a = await create({ supervisorId: boss.id, firstName: 'Ann', lastName: 'Searchable' });
    const b = await create({ supervisorId: boss.id, firstName: 'Bea', lastName: 'Searchable' });
    const list = (filter: object, extra: Record<string, string> = {}) =>
      t
        .http()
        .get('/api/users')
        .query({ filter: JSON.stringify(filter), ...extra })
        .set('Authorization', admin);

    const bySupervisor = await list({ supervisorLastName: 'zebul', supervisorFirstName: 'QUEN' }, { sort: '["firstName","DESC"]' });
    expect(bySupervisor.body.map((u: { id: string }) => u.id)).toEqual([b.id, a.id]);
    expect(bySupervisor.headers['content-range']).toBe('users 0-1/2');
    expect((await list({ supervisorUsername: boss.username })).body).toHaveLength(2);
    expect(
      (await list({ q: 'searchable' }, { range: '[1,1]', sort: '["firstName","ASC"]' })).body.map((u: { id: string }) => u.id),
    ).toEqual([b.id]);
    expect((await list({ email: a.email.toUpperCase() })).body.map((u: { id: string }) => u.id)).toEqual([a.id]);
    expect((await list({ username: a.username, status: 1, userGroupId: DIRECT_CARE_WORKER_GROUP_ID })).body).toHaveLength(1);
    expect((await list({ username: a.username, status: [0, 2] })).body).toHaveLength(0);
    expect((await list({ supervisorLastName: 'nobody-has-this' })).body).toEqual([]);
  });

  it('needs a new supervisor to delete a user with supervisees; they move to the successor (spec user_delete_error)', async () => {
    const boss = await create({ userGroupId: SUPERVISOR_GROUP_ID });
    const successor = await create({ userGroupId: SUPERVISOR_GROUP_ID });
    const s1 = await create({ supervisorId: boss.id });
    const s2 = await create({ supervisorId: boss.id });
    expect((await t.http().get(`/api/users/${boss.id}/supervisees`).set('Authorization', admin)).body.count).toBe(2);

    const refused = await t.http().delete(`/api/users/${boss.id}`).set('Authorization', admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      messageKey: 'user_delete_error',
      message: 'Currently there are supervisees for this user, it cannot be deleted.',
      superviseeCount: 2,
      errors: { successorUserId: ["Please choose the new supervisor for this user's supervisees."] },
    });
    const intoOwnTree = await t.http().delete(`/api/users/${boss.id}`).query({ successorUserId: s1.id }).set('Authorization', admin);
    expect(intoOwnTree.status).toBe(400);

    const deleted = await t.http().delete(`/api/users/${boss.id}`).query({ successorUserId: successor.id }).set('Authorization', admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(IdentityMessages.user_delete_success);
    expect((await t.http().get(`/api/users/${boss.id}`).set('Authorization', admin)).status).toBe(404);
    const moved = await t.http().get(`/api/users/${successor.id}/supervisees`).set('Authorization', admin);
    expect(moved.body.supervisees.map((u: { id: string }) => u.id).sort()).toEqual([s1.id, s2.id].sort());
    expect((await t.http().get(`/api/users/${s1.id}`).set('Authorization', admin)).body.supervisorName).toBe(successor.fullName);

    expect((await t.http().delete('/api/users/1').set('Authorization', admin)).status).toBe(409);
  });

  it('creates users pending approval when the creator is outside groups 1/153; only they approve (status 3 → 1)', async () => {
    const helper = `Bearer ${t.tokenFor(['User_View', 'User_Actions', ...WORKER_PRIVILEGES])}`;
    const pending = await create({ status: 1 }, helper);
    expect(pending).toMatchObject({ status: 3, statusLabel: 'Pending approval' });
    // Editing keeps it pending; only Approve activates it.
    const edited = await t
      .http()
      .put(`/api/users/${pending.id}`)
      .set('Authorization', helper)
      .send({ ...pending, status: 1, firstName: 'Still' });
    expect(edited.body.status).toBe(3);
    const notAllowed = await t.http().post(`/api/users/${pending.id}/approve`).set('Authorization', helper);
    expect(notAllowed.status).toBe(403);
    const approved = await t.http().post(`/api/users/${pending.id}/approve`).set('Authorization', admin);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 1, messageKey: 'user_review_success' });
    expect((await t.http().post(`/api/users/${pending.id}/approve`).set('Authorization', admin)).status).toBe(409);
  });

  it('lets only groups 1/153 change the external id and expiry date (spec canEdit)', async () => {
    const helper = `Bearer ${t.tokenFor(['User_View', 'User_Actions', ...WORKER_PRIVILEGES])}`;
    const user = await create();
    const seen = await t.http().get(`/api/users/${user.id}`).set('Authorization', helper);
    expect(seen.body.canEditRestricted).toBe(false);
    const refused = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set('Authorization', helper)
      .send({ ...seen.body, externalId: 'CHANGED' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['externalId', 'expirationDate']);
    expect((await t.http().get(`/api/users/${user.id}`).set('Authorization', admin)).body.canEditRestricted).toBe(true);
  });

  it('keeps the administrator without supervisor or expiry, in group 1, editable only by themselves', async () => {
    const adminView = (await t.http().get('/api/users/1').set('Authorization', admin)).body;
    expect(adminView).toMatchObject({
      username: 'admin',
      supervisorId: null,
      expirationDate: null,
      userGroupId: '1',
      groupName: 'System Administrator',
    });
    const helper = `Bearer ${t.tokenFor(['User_View', 'User_Actions'])}`;
    expect(
      (
        await t
          .http()
          .put('/api/users/1')
          .set('Authorization', helper)
          .send({ ...adminView, firstName: 'Hacked' })
      ).status,
    ).toBe(403);
    const withBoss = await t
      .http()
      .put('/api/users/1')
      .set('Authorization', admin)
      .send({ ...adminView, supervisorId: (await create()).id });
    expect(withBoss.status).toBe(400);
    expect(
      (
        await t
          .http()
          .put('/api/users/1')
          .set('Authorization', admin)
          .send({ ...adminView, firstName: 'Chief' })
      ).body.firstName,
    ).toBe('Chief');
  });

  it('offers supervisors from the ancestor groups, without the user and their supervisees', async () => {
    const boss = await create({ userGroupId: SUPERVISOR_GROUP_ID });
    const worker = await create({ supervisorId: boss.id });
    const options = await t
      .http()
      .get('/api/users/supervisor-options')
      .query({ userGroupId: DIRECT_CARE_WORKER_GROUP_ID })
      .set('Authorization', admin);
    expect(options.body.map((u: { id: string }) => u.id)).toContain(boss.id);
    expect(options.body.map((u: { id: string }) => u.id)).not.toContain(worker.id);
    const forBoss = await t
      .http()
      .get('/api/users/supervisor-options')
      .query({ userGroupId: SUPERVISOR_GROUP_ID, userId: boss.id })
      .set('Authorization', admin);
    expect(forBoss.body.map((u: { id: string }) => u.id)).not.toContain(boss.id);
  });

  it("IDOR: without User_View nobody reads another user's profile by id; My Account shows only one's own", async () => {
    const other = await create();
    const plain = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View'])}`;
    const refused = await t.http().get(`/api/users/${other.id}`).set('Authorization', plain);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain(other.email);
    expect((await t.http().get(`/api/users/${other.id}/supervisees`).set('Authorization', plain)).status).toBe(403);
    expect((await t.http().get('/api/users').set('Authorization', plain)).status).toBe(403);
    const own = await t.http().get('/api/account').set('Authorization', plain);
    expect(own.status).toBe(200);
    expect(own.body.id).not.toBe(other.id);
    // No user id is accepted by My Account: extra fields are refused rather than followed.
    expect(
      (
        await t
          .http()
          .put('/api/account')
          .set('Authorization', plain)
          .send({ id: other.id, firstName: 'X', lastName: 'Y', email: other.email, phone: null })
      ).status,
    ).toBe(409);
  });

  it('sends a reset link from the user dialog', async () => {
    const user = await create();
    const before = t.outbox.length;
    const sent = await t.http().post(`/api/users/${user.id}/password-reset`).set('Authorization', admin);
    expect(sent.status).toBe(200);
    expect(t.outbox.slice(before).some((mail) => mail.to === user.email && mail.subject === 'Set a new CANS password')).toBe(true);
    expect((await t.http().post('/api/users/00000000-0000-4000-8000-00000000dead/password-reset').set('Authorization', admin)).status).toBe(
      404,
    );
  });
});
