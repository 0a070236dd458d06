import { AccessAssignmentEvent, AccessAssignmentEvents, accessAssignmentsStreamId } from '@cans/domain/identity/access-assignment.events';
import { describeProjection } from '../test-support/projection-specification';
import { ACCESS_ASSIGNMENTS_COLLECTION, AccessAssignmentDocument, accessAssignmentsProjection } from './access-assignments.projection';
import { listAssignmentsByOwner, listAssignmentsToDelegate } from './access-assignments.queries';

const assigned = (assignmentId: string, ownerId: string, delegateId: string, startsOn: string, endsOn: string): AccessAssignmentEvent => ({
  type: AccessAssignmentEvents.Assigned,
  data: { assignmentId, ownerId, delegateId, startsOn, endsOn },
});
const revoked = (assignmentId: string, ownerId: string, delegateId: string): AccessAssignmentEvent => ({
  type: AccessAssignmentEvents.Revoked,
  data: { assignmentId, ownerId, delegateId },
});

describeProjection(accessAssignmentsProjection, (spec) => {
  const assignment = (id: string) => spec.document<AccessAssignmentDocument>(ACCESS_ASSIGNMENTS_COLLECTION, id);

  it('keeps a row per live assignment, stamped with when it was made, and removes it when revoked', async () => {
    await spec.given(accessAssignmentsStreamId('ann'), [assigned('x1', 'ann', 'bob', '2030-01-01', '2030-01-31')]);
    expect(await assignment('x1')).toEqual({
      id: 'x1',
      ownerId: 'ann',
      delegateId: 'bob',
      startsOn: '2030-01-01',
      endsOn: '2030-01-31',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    await spec.given(accessAssignmentsStreamId('ann'), [assigned('x2', 'ann', 'cid', '2030-02-01', '2030-02-10')]);
    await spec.given(accessAssignmentsStreamId('ann'), [revoked('x2', 'ann', 'cid')]);
    expect(await assignment('x2')).toBeNull();
    expect(await assignment('x1')).not.toBeNull();
  });

  it("lists an owner's assignments newest first, and a delegate's (of one owner or of anyone)", async () => {
    await spec.given(accessAssignmentsStreamId('ann'), [assigned('x3', 'ann', 'bob', '2030-03-01', '2030-03-31')]);
    await spec.given(accessAssignmentsStreamId('dan'), [assigned('x4', 'dan', 'bob', '2030-01-15', '2030-01-20')]);

    expect((await listAssignmentsByOwner(spec.readStore, 'ann')).map((a) => a.id)).toEqual(['x3', 'x1']);
    expect(await listAssignmentsByOwner(spec.readStore, 'nobody')).toEqual([]);
    expect((await listAssignmentsToDelegate(spec.readStore, 'bob')).map((a) => a.id).sort()).toEqual(['x1', 'x3', 'x4']);
    expect((await listAssignmentsToDelegate(spec.readStore, 'bob', 'dan')).map((a) => a.id)).toEqual(['x4']);
    expect(await listAssignmentsToDelegate(spec.readStore, 'cid')).toEqual([]);
  });

  it('rebuilds from event zero to the same documents', async () => {
    const before = await spec.documents(ACCESS_ASSIGNMENTS_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(ACCESS_ASSIGNMENTS_COLLECTION)).toEqual(before);
  });
});
