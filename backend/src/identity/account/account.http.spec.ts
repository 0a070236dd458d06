import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';
import { RowAccessService } from '../access/row-access.service';

const backends = httpTestBackends();

describe.each(backends)('My Account over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(() => t?.close());

  const newUser = async (username: string) => {
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({
        firstName: 'Acc',
        lastName: username,
        username,
        email: `${username}@example.test`,
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: '1',
        externalId: 'A',
      });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return created.body as { id: string; email: string };
  };

  it('shows and saves only the own profile; phone is xxx-xxx-xxxx', async () => {
    const me = await newUser('selfie');
    const token = `Bearer ${t.tokenForUser(me.id)}`;
    const profile = await t.http().get('/api/account').set('Authorization', token);
    expect(profile.body).toMatchObject({
      id: me.id,
      username: 'selfie',
      groupName: 'Direct Care Worker',
      isAdministrator: false,
      canAssignAccess: true,
      phone: null,
    });
    const saved = await t
      .http()
      .put('/api/account')
      .set('Authorization', token)
      .send({ ...profile.body, firstName: 'Selma', phone: '555-401-0001' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ firstName: 'Selma', phone: '555-401-0001', messageKey: 'profile_save_success' });
    expect((await t.http().get('/api/auth/me').set('Authorization', token)).body.phoneMissing).toBe(false);
    // Group, supervisor and expiry are read-only here: sending other values changes nothing.
    const sneaky = await t
      .http()
      .put('/api/account')
      .set('Authorization', token)
      .send({ ...saved.body, userGroupId: '1', expirationDate: null, message: undefined });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body.userGroupId).toBe(DIRECT_CARE_WORKER_GROUP_ID);
  });

  it('assigns access to new assessments for a date range; the row-access policy grants it; the administrator cannot', async () => {
    const owner = await newUser('owner1');
    const delegate = await newUser('delegate1');
    const token = `Bearer ${t.tokenForUser(owner.id)}`;
    const options = await t.http().get('/api/account/access-assignments/delegate-options').set('Authorization', token);
    expect(options.body.map((u: { id: string }) => u.id)).toContain(delegate.id);
    expect(options.body.map((u: { id: string }) => u.id)).not.toContain(owner.id);

    const backwards = await t
      .http()
      .post('/api/account/access-assignments')
      .set('Authorization', token)
      .send({ delegateId: delegate.id, startsOn: '2030-03-10', endsOn: '2030-03-01' });
    expect(backwards.body.errors).toEqual({ endsOn: ['The end date must be on or after the start date.'] });
    const toSelf = await t
      .http()
      .post('/api/account/access-assignments')
      .set('Authorization', token)
      .send({ delegateId: owner.id, startsOn: '2030-03-01', endsOn: '2030-03-10' });
    expect(toSelf.status).toBe(400);

    const assigned = await t
      .http()
      .post('/api/account/access-assignments')
      .set('Authorization', token)
      .send({ delegateId: delegate.id, startsOn: '2030-03-01', endsOn: '2030-03-10' });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toMatchObject({
      delegateId: delegate.id,
      delegateName: 'Acc delegate1',
      startsOn: '2030-03-01',
      endsOn: '2030-03-10',
    });

    const policy = t.app.get(RowAccessService);
    const delegateActor = {
      id: delegate.id,
      kind: 'user' as const,
      isAdministrator: false,
      privileges: [],
      groupId: DIRECT_CARE_WORKER_GROUP_ID,
      agencyId: null,
    };
    expect(await policy.decide(delegateActor, { ownerId: owner.id, createdAt: '2030-03-05T10:00:00.000Z' })).toEqual({
      view: true,
      edit: true,
      reason: 'temporary-access',
    });
    expect((await policy.decide(delegateActor, { ownerId: owner.id, createdAt: '2030-03-11T00:00:00.000Z' })).view).toBe(false);

    const removed = await t.http().delete(`/api/account/access-assignments/${assigned.body.id}`).set('Authorization', token);
    expect(removed.status).toBe(200);
    expect((await policy.decide(delegateActor, { ownerId: owner.id, createdAt: '2030-03-05T10:00:00.000Z' })).view).toBe(false);
    expect((await t.http().get('/api/account/access-assignments').set('Authorization', token)).body).toEqual([]);

    const byAdministrator = await t.http().get('/api/account/access-assignments').set('Authorization', admin);
    expect(byAdministrator.status).toBe(403);
    expect((await t.http().get('/api/account').set('Authorization', admin)).body.canAssignAccess).toBe(false);
  });

  it('offers delegates by id and name only: no email, login, external id, sign-in or lock state of other users', async () => {
    const owner = await newUser('owner2');
    const delegate = await newUser('delegate2');
    const options = await t
      .http()
      .get('/api/account/access-assignments/delegate-options')
      .set('Authorization', `Bearer ${t.tokenForUser(owner.id)}`);
    expect(options.status).toBe(200);
    expect(options.body.find((u: { id: string }) => u.id === delegate.id)).toEqual({ id: delegate.id, fullName: 'Acc delegate2' });
    expect(options.body.every((u: object) => Object.keys(u).sort().join() === 'fullName,id')).toBe(true);
  });
});
