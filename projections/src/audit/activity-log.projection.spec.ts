import { AgencyEvents, agencyStreamId } from '@cans/domain/administration/agency.events';
import { LIBRARY_STREAM_ID, LibraryItemEvents } from '@cans/domain/library/library.events';
import { describeProjection } from '../test-support/projection-specification';
import { ACTIVITY_LOG_COLLECTION, activityLogProjection } from './activity-log.projection';

describeProjection(activityLogProjection, (spec) => {
  const rows = async () => (await spec.documents(ACTIVITY_LOG_COLLECTION)).sort((a, b) => Number(a.position) - Number(b.position));

  it('writes one row per event, of any type, with who, when, from where and to which stream', async () => {
    await spec.given(
      agencyStreamId('a1'),
      [
        { type: AgencyEvents.Created, data: { agencyId: 'a1', name: 'North', displayName: 'North Office' } },
        { type: AgencyEvents.Updated, data: { agencyId: 'a1', name: 'Northern', displayName: 'Northern Office' } },
      ],
      { ip: '10.0.0.1', correlationId: 'req-1' },
    );
    await spec.given(LIBRARY_STREAM_ID, [{ type: LibraryItemEvents.Reordered, data: { orders: [] } }], { userId: null });

    const [created, updated, reordered] = await rows();
    expect(created).toEqual({
      id: String(created.position),
      position: expect.any(Number),
      type: AgencyEvents.Created,
      streamId: 'agency-a1',
      revision: 0,
      userId: 'worker-1',
      ip: '10.0.0.1',
      correlationId: 'req-1',
      recordedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(updated).toMatchObject({ type: AgencyEvents.Updated, revision: 1, position: Number(created.position) + 1 });
    expect(reordered).toMatchObject({
      type: LibraryItemEvents.Reordered,
      streamId: LIBRARY_STREAM_ID,
      userId: null,
      ip: null,
      correlationId: 'c',
    });
  });

  it('keeps the row of a deleted record: the log only grows', async () => {
    await spec.given(agencyStreamId('a1'), [{ type: AgencyEvents.Deleted, data: { agencyId: 'a1' } }]);
    expect((await rows()).map((row) => row.type)).toEqual([
      AgencyEvents.Created,
      AgencyEvents.Updated,
      LibraryItemEvents.Reordered,
      AgencyEvents.Deleted,
    ]);
  });

  it('rebuilds from event zero to the same documents', async () => {
    const before = await spec.documents(ACTIVITY_LOG_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(ACTIVITY_LOG_COLLECTION)).toEqual(before);
  });
});
