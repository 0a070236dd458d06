import { AccessAssignmentEvents, accessAssignmentsStreamId } from '@cans/domain/identity/access-assignment.events';
import { ApiUserEvents, apiUserStreamId } from '@cans/domain/identity/api-user.events';
import { UserAccountFields, UserEvent, UserEvents, userStreamId } from '@cans/domain/identity/user.events';
import { UserGroupEvent, UserGroupEvents, UserGroupFields, userGroupStreamId } from '@cans/domain/identity/user-group.events';
import { describeProjection, ProjectionSpecification } from '../test-support/projection-specification';
import {
  GroupTimelineDocument,
  identityTimelineProjection,
  TIMELINE_API_USERS_COLLECTION,
  TIMELINE_ASSIGNMENTS_COLLECTION,
  TIMELINE_GROUPS_COLLECTION,
  TIMELINE_USERS_COLLECTION,
  UserTimelineDocument,
} from './identity-timeline.projection';
import { assignmentsOfOwnerAt, identityAt, versionAt } from './identity-timeline.queries';

const account = (userId: string, supervisorId: string | null, overrides: Partial<UserAccountFields> = {}): UserAccountFields => ({
  firstName: userId.toUpperCase(),
  lastName: 'Doe',
  username: `eo_${userId}`,
  email: `${userId}@example.org`,
  phone: null,
  status: 1,
  userGroupId: 'g-workers',
  supervisorId,
  agencyId: 'north',
  externalId: null,
  expirationDate: null,
  ...overrides,
});
const userCreated = (userId: string, supervisorId: string | null): UserEvent => ({
  type: UserEvents.Created,
  data: { userId, ...account(userId, supervisorId) },
});
const userUpdated = (userId: string, supervisorId: string | null, overrides: Partial<UserAccountFields> = {}): UserEvent => ({
  type: UserEvents.Updated,
  data: { userId, ...account(userId, supervisorId, overrides) },
});
const groupFields = (privileges: string[]): UserGroupFields =>
  ({ name: 'Workers', description: '', parentGroupId: 'g-leads', reportsToParent: true, privileges }) as UserGroupFields;
const group = (type: typeof UserGroupEvents.Created | typeof UserGroupEvents.Updated, privileges: string[]): UserGroupEvent =>
  ({ type, data: { groupId: 'g-workers', ...groupFields(privileges) } }) as UserGroupEvent;

/** Appends a few ms after the previous step, so each step has a moment of its own (recordedAt has ms precision). */
async function step(
  spec: ProjectionSpecification,
  streamId: string,
  events: Parameters<ProjectionSpecification['given']>[1],
): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  await spec.given(streamId, events);
}

describeProjection(identityTimelineProjection, (spec) => {
  const userTimeline = (id: string) => spec.document<UserTimelineDocument>(TIMELINE_USERS_COLLECTION, id);

  it("keeps every version of a user (supervisor, name, status) and the deletion, each from its event's time", async () => {
    await step(spec, userStreamId('boss'), [userCreated('boss', null), userCreated('lead', 'boss')]);
    await step(spec, userStreamId('ann'), [userCreated('ann', 'lead')]);
    await step(spec, userStreamId('ann'), [userUpdated('ann', 'boss')]);
    // Only the e-mail changes: nothing the timeline keeps, no version.
    await step(spec, userStreamId('ann'), [userUpdated('ann', 'boss', { email: 'new@example.org' })]);
    await step(spec, userStreamId('ann'), [
      { type: UserEvents.ProfileUpdated, data: { userId: 'ann', firstName: 'Ann', lastName: 'Lee', email: 'a@example.org', phone: null } },
    ]);
    await step(spec, userStreamId('ann'), [userUpdated('ann', 'boss', { firstName: 'Ann', lastName: 'Lee', status: 0 })]);

    const ann = (await userTimeline('ann'))!;
    expect(ann.versions.map((v) => [v.name, v.supervisorId, v.status, v.deleted])).toEqual([
      ['ANN Doe', 'lead', 1, false],
      ['ANN Doe', 'boss', 1, false],
      ['Ann Lee', 'boss', 1, false],
      ['Ann Lee', 'boss', 0, false],
    ]);
    expect(ann.since).toBe(ann.versions[0].from);
    const froms = ann.versions.map((v) => v.from);
    expect([...froms].sort()).toEqual(froms);
    expect(new Set(froms).size).toBe(4);

    // As at each moment: the version in force then, nothing before the first.
    const before = new Date(Date.parse(froms[0]) - 1).toISOString();
    expect(versionAt(ann.versions, before)).toBeNull();
    expect(versionAt(ann.versions, froms[0])?.supervisorId).toBe('lead');
    expect(versionAt(ann.versions, new Date(Date.parse(froms[1]) - 1).toISOString())?.supervisorId).toBe('lead');
    expect(versionAt(ann.versions, froms[1])?.supervisorId).toBe('boss');
    expect((await identityAt(spec.readStore, before)).users.has('ann')).toBe(false);
    expect((await identityAt(spec.readStore, froms[0])).users.get('ann')).toEqual({
      id: 'ann',
      name: 'ANN Doe',
      status: 1,
      userGroupId: 'g-workers',
      supervisorId: 'lead',
      agencyId: 'north',
      expirationDate: null,
    });
    expect((await identityAt(spec.readStore, froms[3])).users.get('ann')).toMatchObject({ name: 'Ann Lee', status: 0 });
  });

  it("records a deletion and moves the deleted user's supervisees to the successor from that moment", async () => {
    await step(spec, userStreamId('bob'), [userCreated('bob', 'lead')]);
    const beforeDeletion = (await userTimeline('bob'))!.versions[0].from;
    await step(spec, userStreamId('lead'), [
      { type: UserEvents.Deleted, data: { userId: 'lead', successorUserId: 'boss', reassignedSuperviseeIds: ['bob'] } },
    ]);
    const lead = (await userTimeline('lead'))!;
    const deletedAt = lead.versions[lead.versions.length - 1].from;
    expect(lead.versions[lead.versions.length - 1]).toMatchObject({ deleted: true, name: 'LEAD Doe' });

    const then = await identityAt(spec.readStore, beforeDeletion);
    expect(then.users.get('lead')).toMatchObject({ supervisorId: 'boss' });
    expect(then.users.get('bob')).toMatchObject({ supervisorId: 'lead' });
    const now = await identityAt(spec.readStore, deletedAt);
    expect(now.users.has('lead')).toBe(false);
    expect(now.users.get('bob')).toMatchObject({ supervisorId: 'boss' });
  });

  it("keeps a group's privileges and parent link over time, and its deletion", async () => {
    await step(spec, userGroupStreamId('g-workers'), [group(UserGroupEvents.Created, ['Assessment_View', 'Assessment_Edit'])]);
    await step(spec, userGroupStreamId('g-workers'), [group(UserGroupEvents.Updated, ['Assessment_Edit'])]);
    await step(spec, userGroupStreamId('g-workers'), [{ type: UserGroupEvents.Deleted, data: { groupId: 'g-workers' } }]);
    const timeline = (await spec.document<GroupTimelineDocument>(TIMELINE_GROUPS_COLLECTION, 'g-workers'))!;
    const [created, updated, deleted] = timeline.versions.map((v) => v.from);

    expect((await identityAt(spec.readStore, created)).groups.get('g-workers')).toEqual({
      id: 'g-workers',
      name: 'Workers',
      parentGroupId: 'g-leads',
      reportsToParent: true,
      privileges: ['Assessment_View', 'Assessment_Edit'],
    });
    expect((await identityAt(spec.readStore, updated)).groups.get('g-workers')?.privileges).toEqual(['Assessment_Edit']);
    expect((await identityAt(spec.readStore, deleted)).groups.has('g-workers')).toBe(false);
  });

  it('keeps API users and revoked assignments, each counting only while it existed', async () => {
    await step(spec, apiUserStreamId('feed'), [
      {
        type: ApiUserEvents.Created,
        data: { apiUserId: 'feed', username: 'feed', passwordHash: 'x', allowedIp: '10.0.0.1', maxRecords: 10 },
      },
    ]);
    await step(spec, accessAssignmentsStreamId('ann'), [
      {
        type: AccessAssignmentEvents.Assigned,
        data: { assignmentId: 'x1', ownerId: 'ann', delegateId: 'bob', startsOn: '2030-01-01', endsOn: '2030-01-31' },
      },
    ]);
    const assignedAt = (await spec.document<{ id: string; assignedAt: string }>(TIMELINE_ASSIGNMENTS_COLLECTION, 'x1'))!.assignedAt;
    await step(spec, accessAssignmentsStreamId('ann'), [
      { type: AccessAssignmentEvents.Revoked, data: { assignmentId: 'x1', ownerId: 'ann', delegateId: 'bob' } },
    ]);
    await step(spec, apiUserStreamId('feed'), [{ type: ApiUserEvents.Deleted, data: { apiUserId: 'feed' } }]);
    const revokedAt = (await spec.document<{ id: string; revokedAt: string }>(TIMELINE_ASSIGNMENTS_COLLECTION, 'x1'))!.revokedAt;
    expect(revokedAt > assignedAt).toBe(true);

    expect(await assignmentsOfOwnerAt(spec.readStore, 'ann', new Date(Date.parse(assignedAt) - 1).toISOString())).toEqual([]);
    expect((await assignmentsOfOwnerAt(spec.readStore, 'ann', assignedAt)).map((a) => [a.delegateId, a.startsOn, a.endsOn])).toEqual([
      ['bob', '2030-01-01', '2030-01-31'],
    ]);
    expect(await assignmentsOfOwnerAt(spec.readStore, 'ann', revokedAt)).toEqual([]);
    expect(await assignmentsOfOwnerAt(spec.readStore, 'bob', assignedAt)).toEqual([]);

    expect((await identityAt(spec.readStore, assignedAt)).apiUsers.get('feed')).toEqual({ id: 'feed', name: 'feed' });
    expect((await identityAt(spec.readStore, new Date().toISOString())).apiUsers.has('feed')).toBe(false);
  });

  it('rebuilds from event zero to the same documents', async () => {
    const collections = [
      TIMELINE_USERS_COLLECTION,
      TIMELINE_GROUPS_COLLECTION,
      TIMELINE_API_USERS_COLLECTION,
      TIMELINE_ASSIGNMENTS_COLLECTION,
    ];
    const before = await Promise.all(collections.map((c) => spec.documents(c)));
    await spec.rebuild();
    expect(await Promise.all(collections.map((c) => spec.documents(c)))).toEqual(before);
  });
});
