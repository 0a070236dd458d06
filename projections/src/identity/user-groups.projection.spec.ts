import { SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import { UserGroupEvent, UserGroupEvents, UserGroupFields, userGroupStreamId } from '@cans/domain/identity/user-group.events';
import { describeProjection } from '../test-support/projection-specification';
import { USER_GROUPS_COLLECTION, UserGroupDocument, userGroupsProjection } from './user-groups.projection';
import { allUserGroups, getUserGroup, getUserGroups } from './user-groups.queries';

const fields = (name: string, parentGroupId: string | null, overrides: Partial<UserGroupFields> = {}): UserGroupFields => ({
  name,
  description: `${name} group`,
  parentGroupId,
  reportsToParent: false,
  privileges: ['HOME_SHOW', 'Assessment_View'],
  ...overrides,
});
const created = (groupId: string, name: string, parentGroupId: string | null): UserGroupEvent => ({
  type: UserGroupEvents.Created,
  data: { groupId, ...fields(name, parentGroupId) },
});

describeProjection(userGroupsProjection, (spec) => {
  const group = (id: string) => spec.document<UserGroupDocument>(USER_GROUPS_COLLECTION, id);

  it('creates groups with their name key, privileges and whether they are built in', async () => {
    await spec.given(userGroupStreamId(SYSTEM_ADMINISTRATOR_GROUP_ID), [
      created(SYSTEM_ADMINISTRATOR_GROUP_ID, 'System Administrator', null),
    ]);
    await spec.given(userGroupStreamId('g-sup'), [created('g-sup', 'Supervisors', SYSTEM_ADMINISTRATOR_GROUP_ID)]);
    expect(await group(SYSTEM_ADMINISTRATOR_GROUP_ID)).toMatchObject({ builtIn: true, parentGroupId: null });
    const supervisors = await group('g-sup');
    expect(supervisors).toMatchObject({
      id: 'g-sup',
      name: 'Supervisors',
      nameKey: 'supervisors',
      description: 'Supervisors group',
      parentGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID,
      reportsToParent: false,
      privileges: ['HOME_SHOW', 'Assessment_View'],
      builtIn: false,
      revision: 0,
    });
    expect(supervisors?.createdAt).toBe(supervisors?.updatedAt);
  });

  it('saves an edit over the whole group, keeping when it was created', async () => {
    const before = await group('g-sup');
    await spec.given(userGroupStreamId('g-sup'), [
      {
        type: UserGroupEvents.Updated,
        data: {
          groupId: 'g-sup',
          ...fields('Area Supervisors', SYSTEM_ADMINISTRATOR_GROUP_ID, { reportsToParent: true, privileges: ['User_View'] }),
        },
      },
    ]);
    const after = await group('g-sup');
    expect(after).toMatchObject({
      name: 'Area Supervisors',
      nameKey: 'area supervisors',
      reportsToParent: true,
      privileges: ['User_View'],
      revision: 1,
    });
    expect(after?.createdAt).toBe(before?.createdAt);
    expect(Date.parse(String(after?.updatedAt))).toBeGreaterThanOrEqual(Date.parse(String(before?.updatedAt)));
  });

  it('removes a deleted group', async () => {
    await spec.given(userGroupStreamId('g-old'), [created('g-old', 'Old', null)]);
    await spec.given(userGroupStreamId('g-old'), [{ type: UserGroupEvents.Deleted, data: { groupId: 'g-old' } }]);
    expect(await group('g-old')).toBeNull();
  });

  it('answers one group, groups by id (each once, unknown ids left out) and every group by name', async () => {
    await spec.given(userGroupStreamId('g-bo'), [created('g-bo', 'back office', null)]);
    expect(await getUserGroup(spec.readStore, 'g-bo')).toMatchObject({ name: 'back office' });
    expect(await getUserGroup(spec.readStore, 'g-old')).toBeNull();
    expect((await getUserGroups(spec.readStore, ['g-sup', 'g-sup', 'g-old'])).map((g) => g.id)).toEqual(['g-sup']);
    expect(await getUserGroups(spec.readStore, [])).toEqual([]);
    expect((await allUserGroups(spec.readStore)).map((g) => g.name)).toEqual(['Area Supervisors', 'back office', 'System Administrator']);
  });

  it('rebuilds from event zero to the same documents', async () => {
    const before = await spec.documents(USER_GROUPS_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(USER_GROUPS_COLLECTION)).toEqual(before);
  });
});
