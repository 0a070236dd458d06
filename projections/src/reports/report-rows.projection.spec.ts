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
import { REPORT_ROWS_COLLECTION, ReportRowDocument, reportRowsProjection, setPacked } from './report-rows.projection';
import { ratingAt, ratingCodebook } from './report-rows.queries';
import { REPORT_DIMENSIONS_COLLECTION, ReportDimensionDocument } from './report-dimensions';

const ev = <T extends AssessmentEventType>(
  type: T,
  assessmentId: string,
  data: Omit<AssessmentEventDataMap[T], 'assessmentId'>,
): AssessmentEvent => assessmentEvent(type, { assessmentId, ...data } as AssessmentEventDataMap[T]);

describe('packed ratings', () => {
  it('sets, clears and trims positions', () => {
    expect(setPacked('', 3, '2')).toBe('...2');
    expect(setPacked('...2', 0, 'NA')).toBe('N..2');
    expect(setPacked('N..2', 3, null)).toBe('N');
  });
});

describeProjection(reportRowsProjection, (spec) => {
  const given = (id: string, events: AssessmentEvent[]) => spec.given(assessmentStreamId(id), events);
  const start = (id: string, cin: string, agencyId = 'agency-1') =>
    given(
      id,
      decideStartAssessment(
        initialAssessmentState,
        { type: 'StartAssessment', assessmentId: id, child: childInput({ cin }), agencyId },
        context(),
      ),
    );
  const rate = (id: string, ratings: Record<string, Rating>, caregiverId: string | null = null) =>
    given(
      id,
      Object.entries(ratings).map(([questionCode, rating]) => ev('ItemRated', id, { questionCode, caregiverId, rating })),
    );
  const row = (id: string) => spec.document<ReportRowDocument>(REPORT_ROWS_COLLECTION, id);
  const ratingsOf = async (id: string) => {
    const book = await ratingCodebook(spec.readStore);
    const doc = await row(id);
    const at = (packed: string, code: string) => ratingAt(packed, book.indexOf(code));
    return doc && { child: (code: string) => at(doc.childRatings, code), caregiver: (code: string) => at(doc.caregiverRatings, code) };
  };

  it('writes a row only while approved and included, with the first caregiver’s ratings', async () => {
    await start('a1', 'PID-1');
    await given('a1', [
      ev('CaregiverAdded', 'a1', { caregiver: caregiver('cg1', 'Ann') }),
      ev('CaregiverAdded', 'a1', { caregiver: caregiver('cg2', 'Bo') }),
    ]);
    await rate('a1', { SLEEP: '2', MOOD: 'NA' });
    await rate('a1', { CG_SUPERVISION: '3' }, 'cg1');
    await rate('a1', { CG_SUPERVISION: '1' }, 'cg2');
    await given('a1', [ev('ItemRatingCleared', 'a1', { questionCode: 'MOOD', caregiverId: null })]);
    expect(await row('a1')).toBeNull();

    await given('a1', [ev('AssessmentCompleted', 'a1', { completedBy: 'worker-1' }), ev('AssessmentApproved', 'a1', { approvedBy: 's' })]);
    expect(await row('a1')).toMatchObject({ cin: 'PID-1', ownerId: context().actorId, agencyId: 'agency-1', age: 12, caregiverCount: 2 });
    let ratings = await ratingsOf('a1');
    expect([ratings!.child('SLEEP'), ratings!.child('MOOD'), ratings!.caregiver('CG_SUPERVISION')]).toEqual(['2', null, '3']);

    await given('a1', [ev('AssessmentExcludedFromReports', 'a1', {})]);
    expect(await row('a1')).toBeNull();
    await given('a1', [ev('AssessmentIncludedInReports', 'a1', {})]);
    expect(await row('a1')).not.toBeNull();

    // The first caregiver removed: the second is now the first listed.
    await given('a1', [ev('CaregiverRemoved', 'a1', { caregiverId: 'cg1' })]);
    ratings = await ratingsOf('a1');
    expect(ratings!.caregiver('CG_SUPERVISION')).toBe('1');

    await given('a1', [ev('AssessmentDeleted', 'a1', { deletedBy: 's', previousStatus: 'a' })]);
    expect(await row('a1')).toBeNull();
  });

  it('gives the same rows after a rebuild', async () => {
    await start('a2', 'PID-2');
    await rate('a2', { SLEEP: '1' });
    await given('a2', [ev('AssessmentCompleted', 'a2', { completedBy: 'worker-1' }), ev('AssessmentApproved', 'a2', { approvedBy: 's' })]);
    const before = await spec.documents(REPORT_ROWS_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(REPORT_ROWS_COLLECTION)).toEqual(before);
    expect((await ratingsOf('a2'))!.child('SLEEP')).toBe('1');
  });

  it('counts the rows per assessor, agency and county for the filter lookups', async () => {
    const counters = async () =>
      (await spec.documents<ReportDimensionDocument>(REPORT_DIMENSIONS_COLLECTION))
        .filter((d) => d.agencyId?.startsWith('agency-d'))
        .map((d) => `${d.ownerId}/${d.agencyId}/${d.county}:${d.rows}`)
        .sort();
    const approve = (id: string) =>
      given(id, [ev('AssessmentCompleted', id, { completedBy: 'worker-1' }), ev('AssessmentApproved', id, { approvedBy: 's' })]);
    const owner = context().actorId;
    await start('d1', 'PID-1', 'agency-d1');
    await start('d2', 'PID-2', 'agency-d1');
    expect(await counters()).toEqual([]);
    await approve('d1');
    await approve('d2');
    expect(await counters()).toEqual([`${owner}/agency-d1/West Yorkshire:2`]);
    await given('d1', [ev('AssessmentReassigned', 'd1', { fromUserId: owner, toUserId: 'w2', agencyId: 'agency-d2' })]);
    expect(await counters()).toEqual([`${owner}/agency-d1/West Yorkshire:1`, 'w2/agency-d2/West Yorkshire:1'].sort());
    await given('d2', [ev('AssessmentExcludedFromReports', 'd2', {})]);
    await given('d1', [ev('AssessmentClosed', 'd1', { closedBy: 's', reason: 'Moved.' })]);
    expect(await counters()).toEqual([]);
    await given('d2', [ev('AssessmentIncludedInReports', 'd2', {})]);
    const before = await counters();
    await spec.rebuild();
    expect(await counters()).toEqual(before);
    expect(before).toEqual([`${owner}/agency-d1/West Yorkshire:1`]);
  });
});
