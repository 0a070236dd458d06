import {
  AssessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  ChildInformationInput,
  assessmentEvent,
  assessmentStreamId,
  decideStartAssessment,
  initialAssessmentState,
} from '@cans/domain/assessments';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { caregiver, childInput, context } from '@cans/domain/assessments/test-support/assessment-fixtures';
import { describeProjection } from '../test-support/projection-specification';
import { pairOutcome } from './item-transitions.chains';
import { ItemOutcomeDocument, itemTransitionsProjection, TransitionDocument } from './item-transitions.projection';

/** After every date of assessment below (all within the child's 13th year: born 15 Mar 2012). */
const LATER = context({ now: '2025-03-01T12:00:00.000Z' });

const ev = <T extends AssessmentEventType>(
  type: T,
  assessmentId: string,
  data: Omit<AssessmentEventDataMap[T], 'assessmentId'>,
): AssessmentEvent => assessmentEvent(type, { assessmentId, ...data } as AssessmentEventDataMap[T]);

describe('one item between two assessments', () => {
  it.each([
    ['3', '1', { actionable: true, resolved: true, improved: true }],
    ['3', '2', { actionable: true, resolved: false, improved: true }],
    ['2', '2', { actionable: true, resolved: false, improved: false }],
    ['2', 'NA', { actionable: true, resolved: false, improved: false }],
    ['1', '0', { actionable: false, resolved: false, improved: false }],
    ['NA', '0', { actionable: false, resolved: false, improved: false }],
  ] as const)('%s → %s', (from, to, outcome) => {
    expect(pairOutcome(from, to)).toEqual(outcome);
  });
});

describeProjection(itemTransitionsProjection, (spec) => {
  const collection = (short: string) => itemTransitionsProjection.collectionNames.get(short)!;
  const given = (id: string, events: AssessmentEvent[]) => spec.given(assessmentStreamId(id), events);
  const start = (id: string, child: Partial<ChildInformationInput>) =>
    given(
      id,
      decideStartAssessment(
        initialAssessmentState,
        { type: 'StartAssessment', assessmentId: id, child: childInput(child), agencyId: null },
        LATER,
      ),
    );
  const rate = (id: string, ratings: Record<string, Rating>, caregiverId: string | null = null) =>
    given(
      id,
      Object.entries(ratings).map(([questionCode, rating]) => ev('ItemRated', id, { questionCode, caregiverId, rating })),
    );
  const approve = (id: string) =>
    given(id, [ev('AssessmentCompleted', id, { completedBy: 'worker-1' }), ev('AssessmentApproved', id, { approvedBy: 's' })]);
  /** An assessment of the child with one caregiver, rated, not approved yet. */
  async function rated(id: string, cin: string, dateOfAssessment: string, child: Record<string, Rating>, cg: Record<string, Rating>) {
    await start(id, { cin, dateOfAssessment });
    await given(id, [ev('CaregiverAdded', id, { caregiver: caregiver(`${id}-cg`, 'Ann') })]);
    await rate(id, child);
    await rate(id, cg, `${id}-cg`);
  }
  /** Transitions of this test's items as 'subject.item from>to: count', sorted. */
  const matrix = async (items: readonly string[]) =>
    (await spec.documents<TransitionDocument>(collection('transitions')))
      .filter((doc) => items.includes(doc.item))
      .map((doc) => `${doc.subject}.${doc.item} ${doc.from}>${doc.to}: ${doc.count}`)
      .sort();
  const outcome = async (id: string) => {
    const doc = await spec.document<ItemOutcomeDocument>(collection('items'), id);
    return doc && [doc.pairs, doc.actionable, doc.resolved, doc.improved, doc.resolvedPercent, doc.improvedPercent];
  };

  it('counts consecutive approvals per item, out of date order, through a re-approval, a deletion, a date change and an exclusion', async () => {
    const items = ['X_ITEM', 'Y_ITEM', 'CG_ITEM'];
    await rated('t1', 'PID-T1', '2024-04-10', { X_ITEM: '3', Y_ITEM: '2' }, { CG_ITEM: '2' });
    await rated('t2', 'pid-t1', '2024-06-10', { X_ITEM: '2', Y_ITEM: 'NA' }, { CG_ITEM: '3' });
    await rated('t3', 'PID-T1', '2024-09-10', { X_ITEM: '1', Y_ITEM: '2' }, { CG_ITEM: '0' });
    expect(await matrix(items)).toEqual([]);

    await approve('t1');
    await approve('t3');
    expect(await matrix(items)).toEqual(['caregiver.CG_ITEM 2>0: 1', 'child.X_ITEM 3>1: 1', 'child.Y_ITEM 2>2: 1']);

    // The middle assessment approved last (its PID written in another case): (t1, t3) splits in two.
    await approve('t2');
    expect(await matrix(items)).toEqual([
      'caregiver.CG_ITEM 2>3: 1',
      'caregiver.CG_ITEM 3>0: 1',
      'child.X_ITEM 2>1: 1',
      'child.X_ITEM 3>2: 1',
      'child.Y_ITEM 2>NA: 1',
      'child.Y_ITEM NA>2: 1',
    ]);
    // pairs, actionable, resolved, improved, resolved %, improved %
    expect(await outcome('child.X_ITEM')).toEqual([2, 2, 1, 2, 50, 100]);
    expect(await outcome('child.Y_ITEM')).toEqual([2, 1, 0, 0, 0, 0]);
    expect(await outcome('caregiver.CG_ITEM')).toEqual([2, 2, 1, 1, 50, 50]);

    // t2 edited and approved again: out of the chain while open, back with its new rating.
    await given('t2', [ev('AssessmentCompleted', 't2', { completedBy: 'worker-1' })]);
    expect(await matrix(['X_ITEM'])).toEqual(['child.X_ITEM 3>1: 1']);
    await rate('t2', { X_ITEM: '3' });
    await given('t2', [ev('AssessmentApproved', 't2', { approvedBy: 's' })]);
    expect(await matrix(['X_ITEM'])).toEqual(['child.X_ITEM 3>1: 1', 'child.X_ITEM 3>3: 1']);
    expect(await outcome('child.X_ITEM')).toEqual([2, 2, 1, 1, 50, 50]);

    const documents = async () => [
      await spec.documents(collection('transitions')),
      await spec.documents(collection('items')),
      await spec.documents(collection('chains')),
    ];
    const before = await documents();
    await spec.rebuild();
    expect(await documents()).toEqual(before);

    await given('t3', [ev('AssessmentDeleted', 't3', { deletedBy: 's', previousStatus: 'approved' })]);
    expect(await matrix(items)).toEqual(['caregiver.CG_ITEM 2>3: 1', 'child.X_ITEM 3>3: 1', 'child.Y_ITEM 2>NA: 1']);
    expect(await outcome('child.X_ITEM')).toEqual([1, 1, 0, 0, 0, 0]);

    // t1's date of assessment moved after t2's: the pair turns round.
    await given('t1', [ev('ChildInformationSaved', 't1', { child: childInputAsSaved('PID-T1', '2024-12-01') })]);
    expect(await matrix(items)).toEqual(['caregiver.CG_ITEM 3>2: 1', 'child.X_ITEM 3>3: 1', 'child.Y_ITEM NA>2: 1']);
    expect(await outcome('child.Y_ITEM')).toEqual([1, 0, 0, 0, null, null]);

    // Excluded from reports: no pair left, no row left.
    await given('t1', [ev('AssessmentExcludedFromReports', 't1', {})]);
    expect(await matrix(items)).toEqual([]);
    expect(await outcome('child.X_ITEM')).toBeNull();
    await given('t1', [ev('AssessmentIncludedInReports', 't1', {})]);
    expect(await matrix(['X_ITEM'])).toEqual(['child.X_ITEM 3>3: 1']);
  });

  it('keeps children apart, follows the first listed caregiver and moves an assessment whose PID changed', async () => {
    const items = ['P_ITEM', 'P_CG'];
    await rated('p1', 'PID-P1', '2024-04-01', { P_ITEM: '2' }, { P_CG: '2' });
    await rated('p2', 'PID-P2', '2024-05-01', { P_ITEM: '0' }, { P_CG: '1' });
    await rated('p3', 'PID-P1', '2024-06-01', { P_ITEM: '1' }, { P_CG: '3' });
    // A second caregiver on p3, rated 0: not the first listed, so not counted.
    await given('p3', [ev('CaregiverAdded', 'p3', { caregiver: caregiver('p3-cg2', 'Bo') })]);
    await rate('p3', { P_CG: '0' }, 'p3-cg2');
    for (const id of ['p1', 'p2', 'p3']) await approve(id);
    expect(await matrix(items)).toEqual(['caregiver.P_CG 2>3: 1', 'child.P_ITEM 2>1: 1']);

    // The first caregiver leaves p3 (allowed on an approved assessment): the second's ratings count now.
    await given('p3', [ev('CaregiverRemoved', 'p3', { caregiverId: 'p3-cg' })]);
    expect(await matrix(items)).toEqual(['caregiver.P_CG 2>0: 1', 'child.P_ITEM 2>1: 1']);

    // p2 was recorded under the wrong PID: corrected to PID-P1, it joins that child's chain between p1 and p3.
    await given('p2', [ev('ChildInformationSaved', 'p2', { child: childInputAsSaved('PID-P1', '2024-05-01') })]);
    expect(await matrix(items)).toEqual(['caregiver.P_CG 1>0: 1', 'caregiver.P_CG 2>1: 1', 'child.P_ITEM 0>1: 1', 'child.P_ITEM 2>0: 1']);
    expect(await outcome('child.P_ITEM')).toEqual([2, 1, 1, 1, 100, 100]);
  });
});

/** The child record as ChildInformationSaved carries it. */
function childInputAsSaved(cin: string, dateOfAssessment: string): AssessmentEventDataMap['ChildInformationSaved']['child'] {
  const events = decideStartAssessment(
    initialAssessmentState,
    { type: 'StartAssessment', assessmentId: 'any', child: childInput({ cin, dateOfAssessment }), agencyId: null },
    LATER,
  );
  const saved = events.find((event) => event.type === 'ChildInformationSaved');
  if (saved?.type !== 'ChildInformationSaved') throw new Error('no child record');
  return saved.data.child;
}
