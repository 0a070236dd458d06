/**
 * Events that only move the last update (answers, comments) take a short path in the assessment list: within the
 * row's day of last update they patch revision and lastModifiedAt and leave everything else; on a later day they
 * move the status-by-day counters like any change. The store stamps recordedAt at append, so the days are set here
 * by applying recorded events directly, batch by batch as the runner does (with and without a rebuild's working set).
 */
import { assessmentEvent, AssessmentEvent } from '@cans/domain/assessments';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { sqlBackends, TestDatabase } from '@cans/storage/test-support/databases';
import { ProjectionUnitOfWork } from '../../engine/projection-unit-of-work';
import { RebuildWorkingSet } from '../../engine/rebuild-working-set';
import { assessmentListProjection } from '../assessment-list.projection';
import { countsOfOwners } from './counters';
import { ASSESSMENT_COUNTERS_COLLECTION, ASSESSMENT_LIST_COLLECTION, AssessmentCounterDocument, AssessmentListDocument } from './documents';

let revision = 0;
const recorded = (event: AssessmentEvent, recordedAt: string): RecordedEvent => ({
  eventId: `e-${++revision}`,
  type: event.type,
  data: event.data,
  schemaVersion: 1,
  streamId: 'assessment-a1',
  revision,
  position: revision,
  recordedAt,
  metadata: { userId: 'worker-1', correlationId: 'c', causationId: null },
});

const rated = (questionCode: string, recordedAt: string) =>
  recorded(assessmentEvent('ItemRated', { assessmentId: 'a1', questionCode, caregiverId: null, rating: '2' }), recordedAt);

describe.each(sqlBackends())('assessment list: the day of the last update on $name', ({ create }) => {
  let database: TestDatabase;
  let readStore: ReadStore;

  beforeAll(async () => {
    database = await create();
    readStore = await SqlReadStore.create(database.client);
  });

  afterAll(async () => {
    await readStore.close();
    await database.dispose();
  });

  it.each([
    ['batches as the live runner applies them', false],
    ['batches of a rebuild, with its working set', true],
  ])('moves the status-by-day counters only when an answer falls on a later day (%s)', async (_, withWorkingSet) => {
    revision = 0;
    for (const collection of assessmentListProjection.collections) await readStore.dropCollection(collection.name);
    const workingSet = withWorkingSet ? new RebuildWorkingSet() : undefined;
    const applyBatch = async (events: RecordedEvent[]) => {
      const unitOfWork = new ProjectionUnitOfWork(readStore, { workingSet });
      for (const event of events) await assessmentListProjection.apply(event, unitOfWork);
      await unitOfWork.settle();
      await readStore.apply(unitOfWork.operations());
      unitOfWork.commit();
    };
    const dayCounters = async () =>
      (await readStore.find<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, { kind: 'status-day' })).map((c) => [c.id, c.count]);
    const statusSince = async (since: string) =>
      Object.fromEntries(
        (await countsOfOwners(readStore, ['owner-1'], { since, overdueBefore: since, today: since, month: '2024-05' })).byStatus,
      );

    await applyBatch([
      recorded(
        assessmentEvent('AssessmentStarted', {
          assessmentId: 'a1',
          ownerId: 'owner-1',
          agencyId: null,
          assessmentType: '62',
          previousAssessmentId: null,
        }),
        '2024-05-01T09:00:00.000Z',
      ),
      rated('Q1', '2024-05-01T10:00:00.000Z'),
    ]);
    // Same day, in a batch of its own and then two in one batch.
    await applyBatch([rated('Q2', '2024-05-01T11:00:00.000Z')]);
    await applyBatch([rated('Q3', '2024-05-01T12:00:00.000Z'), rated('Q4', '2024-05-01T23:59:59.999Z')]);
    let row = await readStore.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, 'a1');
    expect(row).toMatchObject({ revision: 5, lastModifiedAt: '2024-05-01T23:59:59.999Z', status: 'incomplete', statusCode: 'i' });
    expect(await dayCounters()).toEqual([['status|incomplete|2024-05-01', 1]]);

    // The next day (and next month): the row leaves the old day's counters for the new one.
    await applyBatch([rated('Q5', '2024-06-01T00:00:00.000Z'), rated('Q6', '2024-06-01T08:00:00.000Z')]);
    row = await readStore.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, 'a1');
    expect(row).toMatchObject({ revision: 7, lastModifiedAt: '2024-06-01T08:00:00.000Z' });
    expect(await dayCounters()).toEqual([['status|incomplete|2024-06-01', 1]]);
    expect(await statusSince('2024-05-01')).toEqual({ incomplete: 1 });
    expect(await statusSince('2024-06-02')).toEqual({});
  });
});
