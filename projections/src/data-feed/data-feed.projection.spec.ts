import {
  AssessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  assessmentEvent,
  assessmentStreamId,
  decideStartAssessment,
  initialAssessmentState,
} from '@cans/domain/assessments';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { caregiver, childInput, context } from '@cans/domain/assessments/test-support/assessment-fixtures';
import { describeProjection } from '../test-support/projection-specification';
import {
  DATA_FEED_ASSESSMENTS_COLLECTION,
  DATA_FEED_SOURCES_COLLECTION,
  dataFeedProjection,
  FeedAssessmentDocument,
} from './data-feed.projection';
import { countFeedMonth, feedAssessments, feedMonthIds } from './data-feed.queries';

const ev = <T extends AssessmentEventType>(
  type: T,
  assessmentId: string,
  data: Omit<AssessmentEventDataMap[T], 'assessmentId'>,
): AssessmentEvent => assessmentEvent(type, { assessmentId, ...data } as AssessmentEventDataMap[T]);

describeProjection(dataFeedProjection, (spec) => {
  const given = (id: string, events: AssessmentEvent[]) => spec.given(assessmentStreamId(id), events);
  const start = (id: string, cin: string, dateOfAssessment = '2024-05-01') =>
    given(
      id,
      decideStartAssessment(
        initialAssessmentState,
        { type: 'StartAssessment', assessmentId: id, child: childInput({ cin, dateOfAssessment }), agencyId: 'agency-1' },
        context(),
      ),
    );
  const rate = (id: string, ratings: Record<string, Rating>, caregiverId: string | null = null) =>
    given(
      id,
      Object.entries(ratings).map(([questionCode, rating]) => ev('ItemRated', id, { questionCode, caregiverId, rating })),
    );
  const approve = (id: string) =>
    given(id, [ev('AssessmentCompleted', id, { completedBy: 'worker-1' }), ev('AssessmentApproved', id, { approvedBy: 'sup-1' })]);
  const feed = (id: string) => spec.document<FeedAssessmentDocument>(DATA_FEED_ASSESSMENTS_COLLECTION, id);

  it('holds an approved assessment with its child, caregivers, ratings per item × caregiver, comments and narrative', async () => {
    await start('f1', 'PID-F1');
    await given('f1', [
      ev('CaregiverAdded', 'f1', { caregiver: caregiver('cg1', 'Ann') }),
      ev('CaregiverAdded', 'f1', { caregiver: caregiver('cg2', 'Bo') }),
    ]);
    await rate('f1', { SLEEP: '2', MOOD: 'NA' });
    await rate('f1', { CG_SUPERVISION: '3' }, 'cg1');
    await rate('f1', { CG_SUPERVISION: '1' }, 'cg2');
    await given('f1', [
      ev('QuestionCommentSaved', 'f1', {
        commentId: 'c1',
        questionCode: 'SLEEP',
        caregiverId: null,
        content: 'Wakes at night.',
        authorId: 'w',
      }),
      ev('NarrativeSaved', 'f1', {
        narrative: { impressions: 'Calm', needs: 'Sleep', targets: '', outcomes: '', plan: 'Routine', recommendations: '' },
      }),
    ]);
    expect(await feed('f1')).toBeNull();
    await approve('f1');

    const doc = await feed('f1');
    expect(doc).toMatchObject({
      month: '2024-05',
      dateOfAssessment: '2024-05-01',
      agencyId: 'agency-1',
      approvedBy: 'sup-1',
      child: { cin: 'PID-F1', firstName: 'Robin' },
      narrative: { impressions: 'Calm', plan: 'Routine' },
      comments: [{ commentId: 'c1', questionCode: 'SLEEP', content: 'Wakes at night.' }],
    });
    expect(doc!.caregivers.map((c) => c.caregiverId)).toEqual(['cg1', 'cg2']);
    expect(doc!.ratings).toEqual([
      { questionCode: 'MOOD', caregiverId: null, rating: 'NA' },
      { questionCode: 'SLEEP', caregiverId: null, rating: '2' },
      { questionCode: 'CG_SUPERVISION', caregiverId: 'cg1', rating: '3' },
      { questionCode: 'CG_SUPERVISION', caregiverId: 'cg2', rating: '1' },
    ]);

    // Edited while approved (Edit_Approved_Case): the feed follows; a removed caregiver takes its ratings along.
    await given('f1', [
      ev('CaregiverRemoved', 'f1', { caregiverId: 'cg1' }),
      ev('ItemRatingCleared', 'f1', { questionCode: 'MOOD', caregiverId: null }),
    ]);
    expect((await feed('f1'))!.ratings).toEqual([
      { questionCode: 'SLEEP', caregiverId: null, rating: '2' },
      { questionCode: 'CG_SUPERVISION', caregiverId: 'cg2', rating: '1' },
    ]);
  });

  it('finds a month by query, in date order; a deleted assessment leaves the feed and its working state', async () => {
    await start('m1', 'PID-M1', '2023-02-10');
    await start('m2', 'PID-M2', '2023-02-03');
    await start('m3', 'PID-M3', '2023-03-01');
    await start('m4', 'PID-M4', '2023-02-20');
    for (const id of ['m1', 'm2', 'm3']) await approve(id);
    expect(await countFeedMonth(spec.readStore, '2023-02')).toBe(2);
    const ids = await feedMonthIds(spec.readStore, '2023-02');
    expect(ids).toEqual(['m2', 'm1']);
    const read: string[] = [];
    for await (const doc of feedAssessments(spec.readStore, ids)) read.push(doc.child.cin);
    expect(read).toEqual(['PID-M2', 'PID-M1']);

    await given('m1', [ev('AssessmentDeleted', 'm1', { deletedBy: 's', previousStatus: 'a' })]);
    expect(await feed('m1')).toBeNull();
    expect(await spec.document(DATA_FEED_SOURCES_COLLECTION, 'm1')).toBeNull();
    expect(await countFeedMonth(spec.readStore, '2023-02')).toBe(1);
    // Not approved: in no month.
    expect(await feed('m4')).toBeNull();
  });

  it('moves an assessment whose date of assessment changes to the new month', async () => {
    await start('d1', 'PID-D1', '2022-07-15');
    await approve('d1');
    await given('d1', [ev('ChildInformationSaved', 'd1', { child: { ...(await feed('d1'))!.child, dateOfAssessment: '2022-08-01' } })]);
    expect(await countFeedMonth(spec.readStore, '2022-07')).toBe(0);
    expect(await countFeedMonth(spec.readStore, '2022-08')).toBe(1);
  });

  it('gives the same documents after a rebuild from event zero', async () => {
    await start('r1', 'PID-R1');
    await rate('r1', { SLEEP: '1' });
    await approve('r1');
    await given('r1', [ev('AssessmentExcludedFromReports', 'r1', {})]);
    const before = await spec.documents(DATA_FEED_ASSESSMENTS_COLLECTION);
    const sources = await spec.documents(DATA_FEED_SOURCES_COLLECTION);
    expect(before.length).toBeGreaterThan(0);
    await spec.rebuild();
    expect(await spec.documents(DATA_FEED_ASSESSMENTS_COLLECTION)).toEqual(before);
    expect(await spec.documents(DATA_FEED_SOURCES_COLLECTION)).toEqual(sources);
  });
});
