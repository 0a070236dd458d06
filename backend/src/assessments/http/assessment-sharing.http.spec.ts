/**
 * Sharing and reassigning hand out edit rights, so they need edit rights (issue 9, finding 3): the owner, or a user
 * with the edit privilege of the assessment's status and row access 'edit'. A share keeps the shares others granted
 * unless the caller is the owner or above the owner in the supervisor tree; the administrator shares with sibling
 * users like everyone. Refusals answer 403 and append nothing.
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { STATE_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import { DIRECT_CARE_WORKER_GROUP_ID, MONITOR_GROUP_ID } from '../../identity/user-groups/built-in-groups';
import { AssessmentsApi, childForm, createOrganisation, seedTestLibrary } from '../assessments.test-support';

const backends = httpTestBackends();

describe.each(backends)('Sharing and reassigning assessments over HTTP (%s)', (backend) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createOrganisation>> & {
    third: string;
    fourth: string;
    analyst: string;
    userActionsViewer: string;
    stateAdmin: string;
  };
  let worker: AssessmentsApi;
  let supervisor: AssessmentsApi;
  let sibling: AssessmentsApi;
  let outsider: AssessmentsApi;
  let analyst: AssessmentsApi;
  let userActionsViewer: AssessmentsApi;
  let stateAdmin: AssessmentsApi;
  let admin: AssessmentsApi;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    const organisation = await createOrganisation(t);
    const user = async (username: string, userGroupId: string, supervisorId: string) => {
      const created = await t
        .http()
        .post('/api/users')
        .set('Authorization', `Bearer ${t.adminToken()}`)
        .send({
          firstName: username,
          lastName: 'Tester',
          username,
          email: `${username}@example.test`,
          userGroupId,
          supervisorId,
          externalId: username,
        });
      if (created.status !== 201) throw new Error(`${username}: ${JSON.stringify(created.body)}`);
      return created.body.id as string;
    };
    // A view-only group that still holds User_Actions: it sees every assessment (Case_Monitor, no agency) and may
    // manage users, but holds no privilege to edit an assessment.
    const viewerGroup = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .send({
        name: 'Viewers with user actions',
        description: 'View only, plus User_Actions',
        parentGroupId: '1',
        privileges: ['Assessment_View', 'User_Actions', 'Case_Monitor'],
      });
    if (viewerGroup.status !== 201) throw new Error(`viewer group: ${JSON.stringify(viewerGroup.body)}`);
    ids = {
      ...organisation,
      // Two more case workers under the worker's supervisor (the worker's and the sibling's sibling users).
      third: await user('third', DIRECT_CARE_WORKER_GROUP_ID, organisation.supervisor),
      fourth: await user('fourth', DIRECT_CARE_WORKER_GROUP_ID, organisation.supervisor),
      // View-only users under the administrator, like the outsider: the outsider is their sibling user.
      analyst: await user('analyst', MONITOR_GROUP_ID, '1'),
      userActionsViewer: await user('viewer', String(viewerGroup.body.id), '1'),
      // Holds Assessment_Edit and User_Actions, but is not above the worker in the supervisor tree: row access
      // through Case_Monitor only (view).
      stateAdmin: await user('stateadmin', STATE_ADMINISTRATOR_GROUP_ID, '1'),
    };
    const api = (id: string) => new AssessmentsApi(t, `Bearer ${t.tokenForUser(id)}`, id);
    worker = api(ids.worker);
    supervisor = api(ids.supervisor);
    sibling = api(ids.sibling);
    outsider = api(ids.outsider);
    analyst = api(ids.analyst);
    userActionsViewer = api(ids.userActionsViewer);
    stateAdmin = api(ids.stateAdmin);
    admin = api('1');
  });
  afterAll(() => t?.close());

  const viewOf = async (id: string) => (await worker.get(`/api/assessments/${id}`)).body;

  it("a view-only Monitor cannot share: 403, the owner's share stays, the case worker gets no access", async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-SHARE-MONITOR' }));
    expect((await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling] })).status).toBe(200);
    const before = await viewOf(id);
    expect(before.sharedWith).toEqual([ids.sibling]);

    // The analyst sees the case (state-level monitor) and the outsider is one of their sibling users.
    expect((await analyst.get(`/api/assessments/${id}`)).body.actions).toMatchObject({ share: false, reassign: false });
    const refused = await analyst.post(`/api/assessments/${id}/share`, { userIds: [ids.outsider] });
    expect(refused.status).toBe(403);

    const after = await viewOf(id);
    expect(after.revision).toBe(before.revision);
    expect(after.sharedWith).toEqual([ids.sibling]);
    expect((await outsider.get(`/api/assessments/${id}`)).status).toBe(404);
    expect((await outsider.rate(id, 'T_SLEEP', 1)).status).toBe(404);
  });

  it("the owner shares (200); a sharee with edit rights adds their own sibling but never removes the owner's shares", async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-SHARE-SHAREE' }));
    expect((await worker.get(`/api/assessments/${id}`)).body.actions).toMatchObject({ share: true, reassign: true });
    const shared = await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling, ids.third] });
    expect(shared.status).toBe(200);
    expect(shared.body.sharedWith).toEqual([ids.sibling, ids.third].sort());

    // The sibling (shared with, Assessment_Edit) selects only the fourth worker: the owner's shares stay.
    expect((await sibling.get(`/api/assessments/${id}`)).body.actions).toMatchObject({ share: true });
    expect((await sibling.get(`/api/assessments/${id}/share-options`)).body.keptShares).toEqual([ids.sibling, ids.third].sort());
    expect((await worker.get(`/api/assessments/${id}/share-options`)).body.keptShares).toEqual([]);
    const added = await sibling.post(`/api/assessments/${id}/share`, { userIds: [ids.fourth] });
    expect(added.status).toBe(200);
    expect(added.body.sharedWith).toEqual([ids.fourth, ids.sibling, ids.third].sort());
    // An empty selection takes back only what the sibling granted.
    const emptied = await sibling.post(`/api/assessments/${id}/share`, { userIds: [] });
    expect(emptied.status).toBe(200);
    expect(emptied.body.sharedWith).toEqual([ids.sibling, ids.third].sort());
    expect((await viewOf(id)).sharedWith).toEqual([ids.sibling, ids.third].sort());
  });

  it('the owner and a supervisor above the owner may remove shares others granted', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-SHARE-SUPERVISOR' }));
    await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling] });
    await sibling.post(`/api/assessments/${id}/share`, { userIds: [ids.fourth] });
    expect((await viewOf(id)).sharedWith).toEqual([ids.fourth, ids.sibling].sort());

    const byOwner = await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling] });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.sharedWith).toEqual([ids.sibling]);
    expect((await supervisor.get(`/api/assessments/${id}/share-options`)).body.keptShares).toEqual([]);
    const bySupervisor = await supervisor.post(`/api/assessments/${id}/share`, { userIds: [] });
    expect(bySupervisor.status).toBe(200);
    expect(bySupervisor.body.sharedWith).toEqual([]);
    expect((await sibling.get(`/api/assessments/${id}`)).status).toBe(404);
  });

  it('the administrator shares only with sibling users (none: no supervisor), and may remove shares as the top of the tree', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-SHARE-ADMIN' }));
    await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling] });
    const before = await viewOf(id);

    expect((await admin.get(`/api/assessments/${id}/share-options`)).body.siblingUsers).toEqual([]);
    const refused = await admin.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling, ids.outsider] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      userIds: [`User ${ids.outsider} is not one of the users you can share or reassign assessments to.`],
    });
    expect((await viewOf(id)).revision).toBe(before.revision);
    expect((await outsider.get(`/api/assessments/${id}`)).status).toBe(404);

    const removed = await admin.post(`/api/assessments/${id}/share`, { userIds: [] });
    expect(removed.status).toBe(200);
    expect(removed.body.sharedWith).toEqual([]);
  });

  it('a viewer cannot reassign, even with User_Actions: 403 and the owner stays', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-REASSIGN-VIEWER' }));
    const before = await viewOf(id);
    // A user of a view-only group with User_Actions (Assessment_View, User_Actions, Case_Monitor) sees the case.
    expect((await userActionsViewer.get(`/api/assessments/${id}`)).body.actions).toMatchObject({ reassign: false, share: false });
    const refused = await userActionsViewer.post(`/api/assessments/${id}/reassign`, { toUserId: ids.sibling });
    expect(refused.status).toBe(403);
    expect((await analyst.post(`/api/assessments/${id}/reassign`, { toUserId: ids.sibling })).status).toBe(403);
    // Nor do the edit privileges without row access 'edit': the State Administrator holds Assessment_Edit and
    // User_Actions but, outside the worker's supervisor tree, sees the case as a monitor (view only).
    expect((await stateAdmin.get(`/api/assessments/${id}`)).body.actions).toMatchObject({ reassign: false, share: false });
    expect((await stateAdmin.post(`/api/assessments/${id}/reassign`, { toUserId: ids.sibling })).status).toBe(403);
    expect((await stateAdmin.post(`/api/assessments/${id}/share`, { userIds: [ids.outsider] })).status).toBe(403);
    const after = await viewOf(id);
    expect(after).toMatchObject({ revision: before.revision, ownerId: ids.worker });
    // The case worker still hands it over.
    expect((await worker.post(`/api/assessments/${id}/reassign`, { toUserId: ids.sibling })).status).toBe(200);
  });
});
