import {
  AssessmentEvent,
  assessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  assessmentStreamId,
} from '@cans/domain/assessments/assessment.events';
import type { ChildInformation } from '@cans/domain/assessments/assessment.values';
import { UserEvent, UserEvents, userStreamId } from '@cans/domain/identity/user.events';
import { describeProjection } from '../test-support/projection-specification';
import {
  ASSESSMENT_ASSESSOR_PAGES_COLLECTION,
  ASSESSMENT_ASSESSORS_COLLECTION,
  ASSESSMENT_CHILDREN_COLLECTION,
  ASSESSMENT_COUNTERS_COLLECTION,
  ASSESSMENT_LIST_COLLECTION,
  ASSESSMENT_SHARES_COLLECTION,
  AssessmentCounterDocument,
  AssessmentListDocument,
  assessmentListProjection,
} from './assessment-list.projection';
import { PAGE_SIZE } from './assessment-list/paged-ids';

const child = (overrides: Partial<ChildInformation> = {}): ChildInformation => ({
  cin: 'PID-1',
  familyId: 'FAM-1',
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

const event = <T extends AssessmentEventType>(type: T, data: AssessmentEventDataMap[T]): AssessmentEvent => assessmentEvent(type, data);

/** Started and the child form, as a new assessment's first append. */
const started = (assessmentId: string, ownerId: string, childOverrides: Partial<ChildInformation> = {}): AssessmentEvent[] => [
  event('AssessmentStarted', { assessmentId, ownerId, agencyId: 'agency-1', assessmentType: '62', previousAssessmentId: null }),
  event('ChildInformationSaved', { assessmentId, child: child(childOverrides) }),
];

const userCreated = (userId: string, firstName: string, lastName: string): UserEvent => ({
  type: UserEvents.Created,
  data: {
    userId,
    firstName,
    lastName,
    username: `eo_${userId}`,
    email: `${userId}@example.org`,
    phone: null,
    status: 1,
    userGroupId: '5',
    supervisorId: null,
    agencyId: 'agency-1',
    externalId: null,
    expirationDate: null,
  },
});

describeProjection(assessmentListProjection, (spec) => {
  const row = (id: string) => spec.document<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, id);
  const counter = async (id: string) => (await spec.document<AssessmentCounterDocument>(ASSESSMENT_COUNTERS_COLLECTION, id))?.count ?? 0;

  it('creates a row when an assessment starts, named after its assessor', async () => {
    await spec.given(userStreamId('worker-1'), [userCreated('worker-1', 'Alex', 'Stone')]);
    await spec.given(assessmentStreamId('a1'), started('a1', 'worker-1'));
    expect(await row('a1')).toMatchObject({
      id: 'a1',
      cin: 'PID-1',
      fullName: 'Robin Hale',
      status: 'incomplete',
      statusCode: 'i',
      ownerId: 'worker-1',
      assessorName: 'Alex Stone',
      agencyId: 'agency-1',
      sharedWithKey: '||',
      createdBy: 'worker-1',
      hasLaterAssessment: false,
      nextAssessmentDueOn: null,
    });
    expect(await spec.document(ASSESSMENT_ASSESSORS_COLLECTION, 'worker-1')).toMatchObject({ firstName: 'Alex', idCount: 1 });
    expect(await spec.document(ASSESSMENT_ASSESSOR_PAGES_COLLECTION, 'worker-1#0')).toMatchObject({ ids: ['a1'] });
    expect(await spec.document(ASSESSMENT_CHILDREN_COLLECTION, 'pid-1')).toMatchObject({
      cin: 'PID-1',
      latestId: 'a1',
      members: [{ id: 'a1' }],
    });
  });

  it('follows ratings and status changes, and the counters move with the status', async () => {
    expect(await counter('status|incomplete')).toBe(1);
    expect(await counter('month|2024-05|62')).toBe(1);
    await spec.given(assessmentStreamId('a1'), [
      event('ItemRated', { assessmentId: 'a1', questionCode: 'TRAUMA_Q1', caregiverId: null, rating: '2' }),
    ]);
    expect(await row('a1')).toMatchObject({ revision: 2, status: 'incomplete' });

    await spec.given(assessmentStreamId('a1'), [event('AssessmentCompleted', { assessmentId: 'a1', completedBy: 'worker-1' })]);
    expect(await row('a1')).toMatchObject({ status: 'pendingApproval', statusCode: 'c', completedAt: expect.any(String) });
    await spec.given(assessmentStreamId('a1'), [event('AssessmentApproved', { assessmentId: 'a1', approvedBy: 'supervisor-1' })]);
    const approved = await row('a1');
    expect(approved).toMatchObject({ status: 'approved', statusCode: 'a', approvedBy: 'supervisor-1' });
    expect(approved?.nextAssessmentDueOn).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));

    expect(await counter('status|incomplete')).toBe(0);
    expect(await counter('status|pendingApproval')).toBe(0);
    expect(await counter('status|approved')).toBe(1);
    expect(await counter(`due|${approved?.nextAssessmentDueOn}`)).toBe(1);
  });

  it('marks the earlier assessment of the same child as having a later one', async () => {
    const dueBefore = (await row('a1'))?.nextAssessmentDueOn;
    await spec.given(assessmentStreamId('a2'), started('a2', 'worker-1', { cin: ' pid-1 ', dateOfAssessment: '2024-06-01' }));
    expect(await row('a1')).toMatchObject({ hasLaterAssessment: true, nextAssessmentDueOn: null });
    expect(await row('a2')).toMatchObject({ hasLaterAssessment: false });
    expect(await spec.document(ASSESSMENT_CHILDREN_COLLECTION, 'pid-1')).toMatchObject({ latestId: 'a2' });
    // The earlier one's due date went, and its due-day counter with it.
    expect(await counter(`due|${dueBefore}`)).toBe(0);
  });

  it('creates a share document per user it is shared with, and removes those no longer shared', async () => {
    await spec.given(assessmentStreamId('a2'), [event('AssessmentSharedWithUsers', { assessmentId: 'a2', userIds: ['u2', 'u3'] })]);
    expect(await row('a2')).toMatchObject({ sharedWith: ['u2', 'u3'], sharedWithKey: '|u2|u3|' });
    expect(await spec.documents(ASSESSMENT_SHARES_COLLECTION)).toEqual([
      { id: 'a2|u2', assessmentId: 'a2', userId: 'u2' },
      { id: 'a2|u3', assessmentId: 'a2', userId: 'u3' },
    ]);
    await spec.given(assessmentStreamId('a2'), [event('AssessmentSharedWithUsers', { assessmentId: 'a2', userIds: ['u3'] })]);
    expect((await spec.documents(ASSESSMENT_SHARES_COLLECTION)).map((share) => share.id)).toEqual(['a2|u3']);
  });

  it('renames the assessor on every row the renamed user owns', async () => {
    await spec.given(userStreamId('worker-1'), [
      {
        type: UserEvents.ProfileUpdated,
        data: { userId: 'worker-1', firstName: 'Alexandra', lastName: 'Stone', email: 'w1@example.org', phone: null },
      },
    ]);
    expect(await row('a1')).toMatchObject({ assessorFirstName: 'Alexandra', assessorName: 'Alexandra Stone' });
    expect(await row('a2')).toMatchObject({ assessorName: 'Alexandra Stone' });
  });

  it('removes a deleted assessment, its shares and its place in the child group (the earlier one is latest again)', async () => {
    await spec.given(assessmentStreamId('a2'), [
      event('AssessmentDeleted', { assessmentId: 'a2', deletedBy: 'worker-1', previousStatus: 'i' }),
    ]);
    expect(await row('a2')).toBeNull();
    expect(await spec.documents(ASSESSMENT_SHARES_COLLECTION)).toEqual([]);
    expect(await row('a1')).toMatchObject({ hasLaterAssessment: false, nextAssessmentDueOn: expect.any(String) });
    expect(await spec.document(ASSESSMENT_CHILDREN_COLLECTION, 'pid-1')).toMatchObject({ latestId: 'a1', members: [{ id: 'a1' }] });
    expect(await spec.document(ASSESSMENT_ASSESSORS_COLLECTION, 'worker-1')).toMatchObject({ idCount: 1 });
    expect(await spec.document(ASSESSMENT_ASSESSOR_PAGES_COLLECTION, 'worker-1#0')).toMatchObject({ ids: ['a1'] });
    expect(await counter('status|incomplete')).toBe(0);
    expect(await counter('month|2024-06|62')).toBe(0);
  });

  it("keeps an assessor's assessments in pages: a reassignment frees a place, a rename reaches every page", async () => {
    const ids = Array.from({ length: PAGE_SIZE + 2 }, (_, index) => `p${index}`);
    await spec.given(userStreamId('worker-9'), [userCreated('worker-9', 'Sam', 'Page')]);
    for (const id of ids) await spec.given(assessmentStreamId(id), started(id, 'worker-9', { cin: `PID-${id}` }));
    const pages = async () =>
      (await spec.documents<{ id: string; ids: string[] }>(ASSESSMENT_ASSESSOR_PAGES_COLLECTION))
        .filter((page) => page.id.startsWith('worker-9#'))
        .map((page) => page.ids.length);
    expect(await pages()).toEqual([PAGE_SIZE, 2]);

    await spec.given(assessmentStreamId('p0'), [
      event('AssessmentReassigned', { assessmentId: 'p0', fromUserId: 'worker-9', toUserId: 'worker-1', agencyId: 'agency-1' }),
    ]);
    expect(await pages()).toEqual([PAGE_SIZE - 1, 2]);
    expect(await spec.document(ASSESSMENT_ASSESSORS_COLLECTION, 'worker-9')).toMatchObject({ idCount: PAGE_SIZE + 1 });

    await spec.given(userStreamId('worker-9'), [
      {
        type: UserEvents.ProfileUpdated,
        data: { userId: 'worker-9', firstName: 'Sam', lastName: 'Paged', email: 'w9@example.org', phone: null },
      },
    ]);
    expect(await row('p1')).toMatchObject({ assessorName: 'Sam Paged' });
    expect(await row(ids[ids.length - 1])).toMatchObject({ assessorName: 'Sam Paged' });
    expect(await row('p0')).toMatchObject({ ownerId: 'worker-1', assessorName: 'Alexandra Stone' });
  });

  it('rebuilds from event zero to the same documents', async () => {
    const collections = [
      ASSESSMENT_LIST_COLLECTION,
      ASSESSMENT_CHILDREN_COLLECTION,
      ASSESSMENT_ASSESSORS_COLLECTION,
      ASSESSMENT_ASSESSOR_PAGES_COLLECTION,
      ASSESSMENT_SHARES_COLLECTION,
      ASSESSMENT_COUNTERS_COLLECTION,
    ];
    const before = await Promise.all(collections.map((collection) => spec.documents(collection)));
    await spec.rebuild();
    expect(await Promise.all(collections.map((collection) => spec.documents(collection)))).toEqual(before);
  });
});
