import { agencyStreamId } from '@cans/domain/administration/agency.events';
import {
  AssessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  assessmentEvent,
  assessmentStreamId,
} from '@cans/domain/assessments';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { createTestPgliteDatabase, TestDatabase } from '@cans/storage/test-support/databases';
import { applyEvents } from '../engine/projection';
import { ProjectionUnitOfWork } from '../engine/projection-unit-of-work';
import { describeProjection } from '../test-support/projection-specification';
import { approvalDurations, medianOf, meanOf, TimeToApprovalDocument, timeToApprovalProjection } from './time-to-approval.projection';

const BY_MONTH = timeToApprovalProjection.collectionNames.get('by_month')!;

const ev = <T extends AssessmentEventType>(
  type: T,
  assessmentId: string,
  data: Omit<AssessmentEventDataMap[T], 'assessmentId'>,
): AssessmentEvent => assessmentEvent(type, { assessmentId, ...data } as AssessmentEventDataMap[T]);
const started = (id: string, agencyId: string | null) =>
  ev('AssessmentStarted', id, { ownerId: 'w1', agencyId, assessmentType: '62', previousAssessmentId: null });
const completed = (id: string) => ev('AssessmentCompleted', id, { completedBy: 'w1' });
const approved = (id: string) => ev('AssessmentApproved', id, { approvedBy: 's1' });

describe('approval durations', () => {
  it('measures days from creation to the completion given, to approval, and without a completion', () => {
    expect(approvalDurations('2026-03-01T00:00:00.000Z', '2026-03-03T12:00:00.000Z', '2026-03-04T00:00:00.000Z')).toEqual({
      creationToCompletion: 2.5,
      completionToApproval: 0.5,
      creationToApproval: 3,
    });
    expect(approvalDurations('2026-03-01T00:00:00.000Z', null, '2026-03-01T06:00:00.000Z')).toEqual({
      creationToCompletion: null,
      completionToApproval: null,
      creationToApproval: 0.25,
    });
  });

  it('takes the mean and the median of sorted values', () => {
    expect([meanOf([1, 2, 10]), medianOf([1, 2, 10])]).toEqual([4.33, 2]);
    expect([meanOf([1, 2.5]), medianOf([1, 2.5])]).toEqual([1.75, 1.75]);
    expect([meanOf([]), medianOf([])]).toEqual([null, null]);
  });
});

/** Events at chosen times (the store stamps its own clock), applied as the runner does, stored in PGlite. */
describe('time-to-approval over events at known times', () => {
  let database: TestDatabase;
  let store: ReadStore;
  let position = 0;

  beforeAll(async () => {
    database = await createTestPgliteDatabase();
    store = await SqlReadStore.create(database.client);
    for (const collection of timeToApprovalProjection.collections) await store.ensureCollection(collection);
  });
  afterAll(async () => {
    await store.close();
    await database.dispose();
  });

  async function given(streamId: string, at: string, ...events: { type: string; data: unknown }[]) {
    const recorded: RecordedEvent[] = events.map((event, revision) => ({
      ...event,
      eventId: `e${++position}`,
      schemaVersion: 1,
      streamId,
      revision,
      position,
      recordedAt: at,
      metadata: { userId: 'w1', correlationId: 'c', causationId: null },
    }));
    const unitOfWork = new ProjectionUnitOfWork(store);
    await applyEvents(timeToApprovalProjection, recorded, unitOfWork);
    await unitOfWork.settle();
    await store.apply(unitOfWork.operations());
  }
  const assessment = (id: string, at: string, event: AssessmentEvent) => given(assessmentStreamId(id), at, event);
  const row = (id: string) => store.get<TimeToApprovalDocument>(BY_MONTH, id);
  const figures = (doc: TimeToApprovalDocument | null) =>
    doc && [
      doc.approved,
      doc.creationToCompletionMeanDays,
      doc.creationToCompletionMedianDays,
      doc.completionToApprovalMeanDays,
      doc.completionToApprovalMedianDays,
      doc.creationToApprovalMeanDays,
      doc.creationToApprovalMedianDays,
    ];

  it('groups by agency and month of approval, from the first completion, once per assessment', async () => {
    await given(agencyStreamId('ag-a'), '2026-01-01T00:00:00.000Z', {
      type: 'AgencyCreated',
      data: { agencyId: 'ag-a', name: 'North', displayName: 'N' },
    });
    // a1: returned once; completion → approval counts from the FIRST completion.
    await assessment('a1', '2026-03-01T00:00:00.000Z', started('a1', 'ag-a'));
    await assessment('a1', '2026-03-03T00:00:00.000Z', completed('a1'));
    await assessment('a1', '2026-03-03T06:00:00.000Z', ev('AssessmentReturned', 'a1', { returnedBy: 's1', reason: 'Fix.' }));
    await assessment('a1', '2026-03-04T00:00:00.000Z', completed('a1'));
    await assessment('a1', '2026-03-05T12:00:00.000Z', approved('a1'));
    // a2: 1 + 0.5 days; a6: 10 + 1 days.
    await assessment('a2', '2026-03-10T00:00:00.000Z', started('a2', 'ag-a'));
    await assessment('a2', '2026-03-11T00:00:00.000Z', completed('a2'));
    await assessment('a2', '2026-03-11T12:00:00.000Z', approved('a2'));
    await assessment('a6', '2026-03-01T00:00:00.000Z', started('a6', 'ag-a'));
    await assessment('a6', '2026-03-11T00:00:00.000Z', completed('a6'));
    await assessment('a6', '2026-03-12T00:00:00.000Z', approved('a6'));
    // a3: created and completed in March, approved in April.
    await assessment('a3', '2026-03-20T00:00:00.000Z', started('a3', 'ag-a'));
    await assessment('a3', '2026-03-20T06:00:00.000Z', completed('a3'));
    await assessment('a3', '2026-04-02T00:00:00.000Z', approved('a3'));
    // a4: no agency, approved without a completion (old data).
    await assessment('a4', '2026-03-01T00:00:00.000Z', started('a4', null));
    await assessment('a4', '2026-03-02T00:00:00.000Z', approved('a4'));
    // a5: reassigned to agency B before approval, back to A after: it stays B's.
    await assessment('a5', '2026-03-01T00:00:00.000Z', started('a5', 'ag-a'));
    await assessment(
      'a5',
      '2026-03-02T00:00:00.000Z',
      ev('AssessmentReassigned', 'a5', { fromUserId: 'w1', toUserId: 'w2', agencyId: 'ag-b' }),
    );
    await assessment('a5', '2026-03-03T00:00:00.000Z', completed('a5'));
    await assessment('a5', '2026-03-31T23:00:00.000Z', approved('a5'));
    await assessment(
      'a5',
      '2026-04-01T00:00:00.000Z',
      ev('AssessmentReassigned', 'a5', { fromUserId: 'w2', toUserId: 'w1', agencyId: 'ag-a' }),
    );
    // a1 approved again in May: still counted once, in March.
    await assessment('a1', '2026-05-01T00:00:00.000Z', approved('a1'));
    // Not approved: no row.
    await assessment('a7', '2026-03-01T00:00:00.000Z', started('a7', 'ag-a'));
    await assessment('a7', '2026-03-02T00:00:00.000Z', completed('a7'));

    // approved, creation→completion mean/median, completion→approval mean/median, creation→approval mean/median
    expect(figures(await row('ag-a.2026-03'))).toEqual([3, 4.33, 2, 1.33, 1, 5.67, 4.5]);
    expect(await row('ag-a.2026-03')).toMatchObject({ agencyId: 'ag-a', agencyName: 'North', month: '2026-03' });
    expect(figures(await row('ag-a.2026-04'))).toEqual([1, 0.25, 0.25, 12.75, 12.75, 13, 13]);
    expect(figures(await row('none.2026-03'))).toEqual([1, null, null, null, null, 1, 1]);
    expect(figures(await row('ag-b.2026-03'))).toEqual([1, 2, 2, 28.96, 28.96, 30.96, 30.96]);
    expect(await row('ag-b.2026-03')).toMatchObject({ agencyId: 'ag-b', agencyName: null });
    expect(await row('ag-a.2026-05')).toBeNull();

    // An agency renamed (or created late): every row of it follows.
    await given(agencyStreamId('ag-a'), '2026-06-01T00:00:00.000Z', {
      type: 'AgencyUpdated',
      data: { agencyId: 'ag-a', name: 'North East', displayName: 'NE' },
    });
    await given(agencyStreamId('ag-b'), '2026-06-01T00:00:00.000Z', {
      type: 'AgencyCreated',
      data: { agencyId: 'ag-b', name: 'South', displayName: 'S' },
    });
    expect(
      (await store.find<TimeToApprovalDocument>(BY_MONTH, {}, { sort: [{ field: 'id', direction: 'asc' }] })).map(
        (doc) => `${doc.id} ${doc.agencyName}`,
      ),
    ).toEqual(['ag-a.2026-03 North East', 'ag-a.2026-04 North East', 'ag-b.2026-03 South', 'none.2026-03 null']);

    // A deleted assessment leaves the figures; the last one of a month takes the row with it.
    await assessment('a2', '2026-06-02T00:00:00.000Z', ev('AssessmentDeleted', 'a2', { deletedBy: 's1', previousStatus: 'approved' }));
    expect(figures(await row('ag-a.2026-03'))).toEqual([2, 6, 6, 1.75, 1.75, 7.75, 7.75]);
    await assessment('a3', '2026-06-02T00:00:00.000Z', ev('AssessmentDeleted', 'a3', { deletedBy: 's1', previousStatus: 'approved' }));
    expect(await row('ag-a.2026-04')).toBeNull();
  });
});

describeProjection(timeToApprovalProjection, (spec) => {
  const given = (id: string, events: AssessmentEvent[]) => spec.given(assessmentStreamId(id), events);
  const rows = async () => (await spec.documents<TimeToApprovalDocument>(BY_MONTH)).filter((doc) => doc.agencyId === 'ag-live');

  it('keeps the month of each approval live, and a rebuild gives the same rows', async () => {
    const monthBefore = new Date().toISOString().slice(0, 7);
    for (const id of ['l1', 'l2']) await given(id, [started(id, 'ag-live'), completed(id), approved(id)]);
    const monthAfter = new Date().toISOString().slice(0, 7);
    const [row] = await rows();
    expect(row.approved).toBe(2);
    expect([monthBefore, monthAfter]).toContain(row.month);
    expect(row.id).toBe(`ag-live.${row.month}`);
    // Appended together, so recorded within moments of each other.
    expect(row.creationToApprovalMedianDays).toBeGreaterThanOrEqual(0);
    expect(row.creationToApprovalMedianDays).toBeLessThan(0.01);

    const before = await spec.documents(BY_MONTH);
    await spec.rebuild();
    expect(await spec.documents(BY_MONTH)).toEqual(before);

    await given('l1', [ev('AssessmentDeleted', 'l1', { deletedBy: 's1', previousStatus: 'approved' })]);
    expect((await rows()).map((doc) => doc.approved)).toEqual([1]);
  });
});
