import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { MONITOR_GROUP_ID } from '../user-groups/built-in-groups';
import type { AccessActor, GuardedRecord } from './row-access-policy';
import { accessScopeFilter } from './row-access-policy';
import { RowAccessService } from './row-access.service';

const backends = httpTestBackends();

/**
 * The policy over a real organisation built through the API: RowAccessService.decide for single records must
 * agree, record by record, with the list filter (scopeFor + accessScopeFilter) run by the real read store.
 */
describe.each(backends)('Row access over the real user and group trees (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let policy: RowAccessService;
  const ids: Record<string, string> = {};
  const actors: Record<string, AccessActor> = {};
  const records: Array<GuardedRecord & { id: string }> = [];

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    policy = t.app.get(RowAccessService);
    const post = async (path: string, body: object) => {
      const answer = await t.http().post(path).set('Authorization', admin).send(body);
      if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
      return answer.body.id as string;
    };
    ids.agencyA = await post('/api/agencies', { name: 'Agency A', displayName: 'A' });
    ids.agencyB = await post('/api/agencies', { name: 'Agency B', displayName: 'B' });
    ids.leads = await post('/api/user-groups', { name: 'A Leads', parentGroupId: '153', privileges: ['Assessment_View'] });
    ids.workers = await post('/api/user-groups', {
      name: 'A Workers',
      parentGroupId: ids.leads,
      reportsToParent: true,
      privileges: ['Assessment_View'],
    });
    ids.managers = await post('/api/user-groups', {
      name: 'A Managers',
      parentGroupId: '153',
      privileges: ['Assessment_View', 'Manage_Parent_Case'],
    });
    ids.teams = await post('/api/user-groups', {
      name: 'A Teams',
      parentGroupId: ids.managers,
      reportsToParent: true,
      privileges: ['Assessment_View'],
    });
    const user = (name: string, groupId: string, supervisorId: string, agencyId: string | null) =>
      post('/api/users', {
        firstName: name,
        lastName: 'X',
        username: name,
        email: `${name}@example.test`,
        userGroupId: groupId,
        supervisorId,
        agencyId,
        externalId: name,
      });
    ids.lead = await user('lead', ids.leads, '1', ids.agencyA);
    ids.sup = await user('sup', ids.leads, ids.lead, ids.agencyA);
    ids.w1 = await user('w1', ids.workers, ids.sup, ids.agencyA);
    ids.w2 = await user('w2', ids.workers, ids.sup, ids.agencyA);
    ids.other = await user('other', ids.workers, '1', ids.agencyB);
    ids.manager = await user('manager', ids.managers, '1', ids.agencyA);
    ids.teamMember = await user('teammember', ids.teams, '1', ids.agencyA);
    ids.monitorA = await user('monitora', MONITOR_GROUP_ID, '1', ids.agencyA);
    ids.monitorAll = await user('monitorall', MONITOR_GROUP_ID, '1', null);
    // A sibling user of w1 (same supervisor: the only users Assign Access accepts), in another agency.
    ids.delegate = await user('delegate', ids.workers, ids.sup, ids.agencyB);

    const w1Token = `Bearer ${t.tokenForUser(ids.w1)}`;
    // Shares nothing by itself: w1 lends its new cases of July 2030 to delegate (needs the privilege).
    await t
      .http()
      .put(`/api/user-groups/${ids.workers}`)
      .set('Authorization', admin)
      .send({
        name: 'A Workers',
        parentGroupId: ids.leads,
        reportsToParent: true,
        privileges: ['Assessment_View', 'Reassign_Accesses_Temporarily'],
      });
    const assigned = await t
      .http()
      .post('/api/account/access-assignments')
      .set('Authorization', w1Token)
      .send({ delegateId: ids.delegate, startsOn: '2030-07-01', endsOn: '2030-07-14' });
    if (assigned.status !== 201) throw new Error(JSON.stringify(assigned.body));

    for (const name of ['1', 'lead', 'sup', 'w1', 'w2', 'other', 'manager', 'teamMember', 'monitorA', 'monitorAll', 'delegate']) {
      const id = name === '1' ? '1' : ids[name];
      const me = (
        await t
          .http()
          .get('/api/auth/me')
          .set('Authorization', `Bearer ${t.tokenForUser(id)}`)
      ).body;
      actors[name] = {
        id,
        kind: 'user',
        isAdministrator: me.isAdministrator,
        privileges: me.privileges,
        groupId: me.groupId,
        agencyId: me.agencyId,
      };
    }

    const add = (id: string, record: GuardedRecord) => records.push({ id, ...record });
    add('r-w1', { ownerId: ids.w1, agencyId: ids.agencyA, createdAt: '2030-06-01T10:00:00.000Z' });
    add('r-w1-july', { ownerId: ids.w1, agencyId: ids.agencyA, createdAt: '2030-07-05T10:00:00.000Z' });
    add('r-w2-shared', { ownerId: ids.w2, agencyId: ids.agencyA, sharedWith: [ids.other], createdAt: '2030-06-01T10:00:00.000Z' });
    add('r-other', { ownerId: ids.other, agencyId: ids.agencyB, createdAt: '2030-06-01T10:00:00.000Z' });
    add('r-team', { ownerId: ids.teamMember, agencyId: ids.agencyA, createdAt: '2030-06-01T10:00:00.000Z' });
    add('r-lead', { ownerId: ids.lead, agencyId: ids.agencyA, createdAt: '2030-06-01T10:00:00.000Z' });
    const readStore = t.app.get<ReadStore>(READ_STORE);
    await readStore.ensureCollection({ name: 'test_guarded_records' });
    await readStore.apply(
      records.map((r) => ({
        kind: 'upsert' as const,
        collection: 'test_guarded_records',
        document: {
          id: r.id,
          ownerId: r.ownerId,
          agencyId: r.agencyId ?? null,
          createdAt: r.createdAt ?? null,
          sharedWithKey: `|${(r.sharedWith ?? []).join('|')}|`,
        },
      })),
    );
  });
  afterAll(() => t?.close());

  const visible = async (name: string, mode: 'view' | 'edit') => {
    const decided: string[] = [];
    for (const record of records) if ((await policy.decide(actors[name], record))[mode]) decided.push(record.id);
    const scope = await policy.scopeFor(actors[name]);
    const listed = await t.app
      .get<ReadStore>(READ_STORE)
      .find(
        'test_guarded_records',
        accessScopeFilter(
          scope,
          { ownerId: 'ownerId', agencyId: 'agencyId', sharedWithKey: 'sharedWithKey', createdAt: 'createdAt' },
          mode,
        ),
      );
    expect(listed.map((d) => d.id).sort()).toEqual(decided.sort());
    for (const record of records) expect((await policy.decide(actors[name], record))[mode]).toBe(policy.allows(scope, record)[mode]);
    return decided.sort();
  };

  it.each([
    ['1', 'view', ['r-lead', 'r-other', 'r-team', 'r-w1', 'r-w1-july', 'r-w2-shared']],
    ['1', 'edit', ['r-lead', 'r-other', 'r-team', 'r-w1', 'r-w1-july', 'r-w2-shared']],
    // lead supervises sup, who supervises w1 and w2: the whole tree below, editable; and its group is w*'s parent.
    ['lead', 'edit', ['r-lead', 'r-w1', 'r-w1-july', 'r-w2-shared']],
    // sup is in the Leads group, which the Workers group reports to: it sees 'other' (a Worker elsewhere) read-only.
    ['sup', 'view', ['r-other', 'r-w1', 'r-w1-july', 'r-w2-shared']],
    ['sup', 'edit', ['r-w1', 'r-w1-july', 'r-w2-shared']],
    ['w1', 'view', ['r-w1', 'r-w1-july']],
    ['w2', 'view', ['r-w2-shared']],
    ['other', 'edit', ['r-other', 'r-w2-shared']],
    // Manage_Parent_Case: the Managers group edits the records of the Teams group that reports to it.
    ['manager', 'edit', ['r-team']],
    ['teamMember', 'view', ['r-team']],
    ['monitorA', 'view', ['r-lead', 'r-team', 'r-w1', 'r-w1-july', 'r-w2-shared']],
    ['monitorA', 'edit', []],
    ['monitorAll', 'view', ['r-lead', 'r-other', 'r-team', 'r-w1', 'r-w1-july', 'r-w2-shared']],
    ['monitorAll', 'edit', []],
    // The delegate gets only w1's records created in the assignment's days.
    ['delegate', 'edit', ['r-w1-july']],
  ] as const)('%s may %s exactly %j (single decisions and list filter agree)', async (name, mode, expected) => {
    expect(await visible(name, mode)).toEqual([...expected].sort());
  });

  it('follows changes of the tree: a new supervisor sees the supervisee at once', async () => {
    const current = (await t.http().get(`/api/users/${ids.other}`).set('Authorization', admin)).body;
    const moved = await t
      .http()
      .put(`/api/users/${ids.other}`)
      .set('Authorization', admin)
      .send({ ...current, supervisorId: ids.w2 });
    expect(moved.status).toBe(200);
    expect(
      await policy.decide(
        actors.w2,
        records.find((r) => r.id === 'r-other')!,
      ),
    ).toEqual({ view: true, edit: true, reason: 'supervisor' });
    expect(
      (
        await policy.decide(
          actors.lead,
          records.find((r) => r.id === 'r-other')!,
        )
      ).reason,
    ).toBe('supervisor');
  });
});
