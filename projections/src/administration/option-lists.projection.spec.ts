import { OptionListEvents, optionListStreamId } from '@cans/domain/administration/option-lists.events';
import { assessmentEvent, assessmentStreamId } from '@cans/domain/assessments/assessment.events';
import type { ChildInformation } from '@cans/domain/assessments/assessment.values';
import { describeProjection } from '../test-support/projection-specification';
import { OPTION_LIST_USAGE_COLLECTION, OPTION_LISTS_COLLECTION, optionListsProjection } from './option-lists.projection';
import { countOptionUsage, getOptionList, getOptionLists } from './option-lists.queries';

const child = (overrides: Partial<ChildInformation> = {}): ChildInformation => ({
  cin: 'PID-1',
  familyId: null,
  firstName: 'Robin',
  lastName: 'Hale',
  gender: 'F',
  raceEthnicity: 'White British',
  primaryLanguage: 'English',
  medicaidNumber: '123456789',
  age: 12,
  dateOfBirth: '2012-03-15',
  address: null,
  city: null,
  zip: null,
  county: null,
  dateOfAssessment: '2024-05-01',
  caseOpeningDate: '2023-11-20',
  assessorPhoneNumber: null,
  daysToNextAssessment: null,
  lookedAfterChild: 'N',
  lookedAfterStatus: null,
  involvement: null,
  assessmentScope: null,
  recommendationsNote: null,
  ...overrides,
});

const started = (assessmentId: string, assessmentType: string, childOverrides: Partial<ChildInformation> = {}) => [
  assessmentEvent('AssessmentStarted', { assessmentId, ownerId: 'worker-1', agencyId: null, assessmentType, previousAssessmentId: null }),
  assessmentEvent('ChildInformationSaved', { assessmentId, child: child(childOverrides) }),
];

describeProjection(optionListsProjection, (spec) => {
  it('answers the defaults for lists nobody edited', async () => {
    const lists = await getOptionLists(spec.readStore);
    expect(lists.map((list) => [list.key, list.title, list.revision])).toEqual([
      ['initialized', 'Initialized', -1],
      ['fosterCareStatus', 'Foster Care Status', -1],
    ]);
    expect(lists[0].items).toEqual([
      { id: '62', name: 'Initial Assessment' },
      { id: '63', name: 'Re-assessment' },
      { id: '64', name: 'Closing Assessment' },
    ]);
    expect(lists[1].items.map((item) => item.id)).toEqual(['Section 20', 'Section 31', 'Emergency protection order', 'DoLO']);
  });

  it('folds added, renamed and deleted items onto the defaults, with the revision', async () => {
    const stream = optionListStreamId('initialized');
    await spec.given(stream, [{ type: OptionListEvents.ItemAdded, data: { list: 'initialized', itemId: '65', name: 'Review' } }]);
    await spec.given(stream, [
      {
        type: OptionListEvents.ItemRenamed,
        data: { list: 'initialized', itemId: '62', name: 'First Assessment', previousName: 'Initial Assessment' },
      },
      { type: OptionListEvents.ItemDeleted, data: { list: 'initialized', itemId: '64', name: 'Closing Assessment' } },
    ]);
    expect(await getOptionList(spec.readStore, 'initialized')).toEqual({
      key: 'initialized',
      title: 'Initialized',
      revision: 2,
      items: [
        { id: '62', name: 'First Assessment' },
        { id: '63', name: 'Re-assessment' },
        { id: '65', name: 'Review' },
      ],
    });
    expect(await spec.document(OPTION_LISTS_COLLECTION, 'initialized')).toMatchObject({ lastNumber: 65 });
    // The other list is untouched.
    expect((await getOptionList(spec.readStore, 'fosterCareStatus')).revision).toBe(-1);
  });

  it('counts the live assessments that store an item, following type changes, child saves and deletes', async () => {
    await spec.given(assessmentStreamId('a1'), started('a1', '62', { lookedAfterChild: 'Y', lookedAfterStatus: 'Section 20' }));
    await spec.given(assessmentStreamId('a2'), started('a2', '62'));
    await spec.given(assessmentStreamId('a3'), started('a3', '63', { lookedAfterChild: 'Y', lookedAfterStatus: 'Section 20' }));
    expect(await countOptionUsage(spec.readStore, 'initialized', '62')).toBe(2);
    expect(await countOptionUsage(spec.readStore, 'fosterCareStatus', 'Section 20')).toBe(2);
    expect(await spec.document(OPTION_LIST_USAGE_COLLECTION, 'a2')).toEqual({ id: 'a2', assessmentType: '62', lookedAfterStatus: null });

    await spec.given(assessmentStreamId('a2'), [assessmentEvent('AssessmentTypeChanged', { assessmentId: 'a2', from: '62', to: '63' })]);
    await spec.given(assessmentStreamId('a1'), [
      assessmentEvent('ChildInformationSaved', { assessmentId: 'a1', child: child({ lookedAfterChild: 'N', lookedAfterStatus: null }) }),
    ]);
    await spec.given(assessmentStreamId('a3'), [
      assessmentEvent('AssessmentDeleted', { assessmentId: 'a3', deletedBy: 'worker-1', previousStatus: 'incomplete' }),
    ]);
    expect(await countOptionUsage(spec.readStore, 'initialized', '62')).toBe(1);
    expect(await countOptionUsage(spec.readStore, 'initialized', '63')).toBe(1);
    expect(await countOptionUsage(spec.readStore, 'fosterCareStatus', 'Section 20')).toBe(0);
    expect(await spec.document(OPTION_LIST_USAGE_COLLECTION, 'a3')).toBeNull();
  });

  it('rebuilds to the same documents', async () => {
    const before = [await spec.documents(OPTION_LISTS_COLLECTION), await spec.documents(OPTION_LIST_USAGE_COLLECTION)];
    await spec.rebuild();
    expect([await spec.documents(OPTION_LISTS_COLLECTION), await spec.documents(OPTION_LIST_USAGE_COLLECTION)]).toEqual(before);
  });
});
