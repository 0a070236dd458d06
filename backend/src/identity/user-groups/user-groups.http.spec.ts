import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { IdentityMessages } from '../identity-messages';
import { DIRECT_CARE_WORKER_GROUP_ID, SUPERVISOR_GROUP_ID } from './built-in-groups';

const backends = httpTestBackends();

describe.each(backends)('User groups over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(() => t?.close());

  it("has the spec's named groups from the start, as a tree, with 1 and 153 built in", async () => {
    const tree = await t.http().get('/api/user-groups/tree').set('Authorization', admin);
    expect(tree.body).toEqual([
      expect.objectContaining({
        id: '1',
        name: 'System Administrator',
        children: [
          expect.objectContaining({
            id: '153',
            name: 'State Administrator',
            children: expect.arrayContaining([
              expect.objectContaining({ name: 'Monitor' }),
              expect.objectContaining({
                name: 'Supervisor Admin',
                reportsToParent: false,
                children: [
                  expect.objectContaining({
                    name: 'Supervisor',
                    children: [expect.objectContaining({ id: DIRECT_CARE_WORKER_GROUP_ID, name: 'Direct Care Worker' })],
                  }),
                ],
              }),
            ]),
          }),
        ],
      }),
    ]);
    const state = await t.http().get('/api/user-groups/153').set('Authorization', admin);
    expect(state.body).toMatchObject({ builtIn: true, parentGroupId: '1', parentGroupName: 'System Administrator' });
    expect((await t.http().get('/api/user-groups/1').set('Authorization', admin)).body.privileges).toHaveLength(25);
    const privileges = await t.http().get('/api/privileges').set('Authorization', admin);
    expect(privileges.body).toHaveLength(25);
    expect(privileges.body[0]).toEqual({ id: 'HOME_SHOW', description: expect.any(String) });
  });

  it('creates, edits and deletes a group; names are unique; at least one privilege (usergroup_privileges_required)', async () => {
    const created = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', admin)
      .send({
        name: 'East Team',
        description: 'East',
        parentGroupId: SUPERVISOR_GROUP_ID,
        reportsToParent: true,
        privileges: ['HOME_SHOW', 'HOME_SHOW', 'Assessment_View'],
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'East Team',
      parentGroupName: 'Supervisor',
      reportsToParent: true,
      privileges: ['HOME_SHOW', 'Assessment_View'],
      memberCount: 0,
      messageKey: 'usergroup_save_success',
    });

    const duplicate = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', admin)
      .send({ name: 'east team', parentGroupId: null, privileges: ['HOME_SHOW'] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ name: ['A user group with this name already exists.'] });
    const none = await t.http().post('/api/user-groups').set('Authorization', admin).send({ name: 'Empty', privileges: [] });
    expect(none.body.errors).toEqual({ privileges: [IdentityMessages.usergroup_privileges_required] });

    const edited = await t
      .http()
      .put(`/api/user-groups/${created.body.id}`)
      .set('Authorization', admin)
      .send({ ...created.body, name: 'East Team 2', privileges: ['Report_Assessment'] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'East Team 2', privileges: ['Report_Assessment'], revision: 1 });

    const underItself = await t
      .http()
      .put(`/api/user-groups/${SUPERVISOR_GROUP_ID}`)
      .set('Authorization', admin)
      .send({ name: 'Supervisor', parentGroupId: created.body.id, privileges: ['HOME_SHOW'] });
    expect(underItself.status).toBe(400);
    expect(underItself.body.errors).toEqual({ parentGroupId: ['A group cannot be placed under itself or one of its sub-groups.'] });

    const deleted = await t.http().delete(`/api/user-groups/${created.body.id}`).set('Authorization', admin);
    expect(deleted.status).toBe(200);
    expect((await t.http().get(`/api/user-groups/${created.body.id}`).set('Authorization', admin)).status).toBe(404);
  });

  it('refuses to delete groups 1 and 153, groups with users and groups with sub-groups', async () => {
    const builtIn = await t.http().delete('/api/user-groups/153').set('Authorization', admin);
    expect([builtIn.status, builtIn.body.message]).toEqual([
      409,
      'The System Administrator and State Administrator groups cannot be deleted.',
    ]);

    const parent = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', admin)
      .send({ name: 'Parent X', privileges: ['HOME_SHOW'] });
    const child = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', admin)
      .send({ name: 'Child X', parentGroupId: parent.body.id, privileges: ['HOME_SHOW'] });
    const hasChildren = await t.http().delete(`/api/user-groups/${parent.body.id}`).set('Authorization', admin);
    expect([hasChildren.status, hasChildren.body.message]).toEqual([409, 'This user group has sub-groups. Delete or move them first.']);

    const member = await t.http().post('/api/users').set('Authorization', admin).send({
      firstName: 'M',
      lastName: 'X',
      username: 'memberx',
      email: 'memberx@example.test',
      userGroupId: child.body.id,
      supervisorId: '1',
      externalId: 'M',
    });
    expect(member.status).toBe(201);
    const hasUsers = await t.http().delete(`/api/user-groups/${child.body.id}`).set('Authorization', admin);
    expect([hasUsers.status, hasUsers.body.message]).toEqual([409, 'This user group still has users. Move them to another group first.']);
    expect((await t.http().get(`/api/user-groups/${child.body.id}`).set('Authorization', admin)).body.memberCount).toBe(1);
  });

  it('lets only members of groups 1 and 153 manage groups, whatever privileges others hold', async () => {
    const outsider = `Bearer ${t.tokenFor(['User_View', 'User_Actions', 'Setting'])}`;
    const refused = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', outsider)
      .send({ name: 'Nope', privileges: ['HOME_SHOW'] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(IdentityMessages.usergroup_manage_forbidden);
    const me = await t.http().get('/api/auth/me').set('Authorization', outsider);
    expect(me.body.canManageUserGroups).toBe(false);

    // A State Administrator (group 153) may.
    const stateAdmin = await t.http().post('/api/users').set('Authorization', admin).send({
      firstName: 'S',
      lastName: 'A',
      username: 'stateadm',
      email: 'stateadm@example.test',
      userGroupId: '153',
      supervisorId: '1',
      externalId: 'S',
    });
    expect(stateAdmin.status).toBe(201);
    const token = `Bearer ${t.tokenForUser(stateAdmin.body.id)}`;
    expect((await t.http().get('/api/auth/me').set('Authorization', token)).body.canManageUserGroups).toBe(true);
    const allowed = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', token)
      .send({ name: 'By state admin', privileges: ['HOME_SHOW'] });
    expect(allowed.status).toBe(201);
  });
});
