import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { initialAssessmentState } from './assessment.aggregate';
import { AssessmentAccessDenied, AssessmentCommand } from './assessment.commands';
import { completionBlockers } from './transition.decisions';
import { AssessmentEvents } from './assessment.events';
import { CATALOGUE, KEYED_MESSAGES } from './assessment.messages';
import {
  ASSESSMENT_ID,
  COMPLETE_NARRATIVE,
  OWNER,
  SIBLING,
  SUPERVISOR,
  caregiver,
  childInput,
  completableState,
  context,
  decided,
  ev,
  given,
  fold,
  inStatus,
  rate,
  rateEverything,
  startedState,
  withCaregivers,
} from './test-support/assessment-fixtures';
import { evaluatorAnswersOf } from './questionnaire';

/** The events the assessment decider answers, given the events `state` was folded from (the harness of test-support). */
const decide = decided;

/** The refusal a decision throws, as { kind, message, errors }. */
function refusal(run: () => unknown): { kind: string; message: string; errors?: Record<string, string[]> } {
  try {
    run();
  } catch (error) {
    if (error instanceof NotFoundError) return { kind: 'not-found', message: error.message };
    if (error instanceof AssessmentAccessDenied) return { kind: 'denied', message: error.message };
    if (error instanceof DomainRuleViolation)
      return { kind: error.conflict ? 'conflict' : 'invalid', message: error.message, errors: error.fieldErrors };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('starting an assessment', () => {
  it('records the start, the library version and the child in one decision', () => {
    const events = decide(initialAssessmentState, {
      type: 'StartAssessment',
      assessmentId: ASSESSMENT_ID,
      child: childInput(),
      agencyId: 'agency-1',
      previousAssessmentId: 'a-0',
    });
    expect(events.map((e) => e.type)).toEqual(['AssessmentStarted', 'AssessmentLibraryVersionRecorded', 'ChildInformationSaved']);
    expect(events[0].data).toEqual({
      assessmentId: ASSESSMENT_ID,
      ownerId: OWNER,
      agencyId: 'agency-1',
      assessmentType: '62',
      previousAssessmentId: 'a-0',
    });
    expect(events[1].data).toEqual({ assessmentId: ASSESSMENT_ID, instrumentCode: 'CANS_COMPREHENSIVE', version: '1' });
    const state = fold(initialAssessmentState, events);
    expect(state).toMatchObject({
      exists: true,
      status: 'incomplete',
      ownerId: OWNER,
      createdBy: OWNER,
      agencyId: 'agency-1',
      assessmentType: '62',
      libraryVersion: { instrumentCode: 'CANS_COMPREHENSIVE', version: '1' },
      includedInReports: true,
      child: { cin: 'PID-0001', firstName: 'Robin', dateOfBirth: '2012-03-15' },
    });
    expect(state.createdAt).not.toBeNull();
  });

  it('refuses an invalid child form with every field message', () => {
    const result = refusal(() =>
      decide(initialAssessmentState, {
        type: 'StartAssessment',
        assessmentId: ASSESSMENT_ID,
        child: childInput({ cin: '', medicaidNumber: '12' }),
        agencyId: null,
      }),
    );
    expect(result).toEqual({
      kind: 'invalid',
      message: 'Please correct the highlighted fields.',
      errors: { cin: ['PID is required.'], medicaidNumber: ['Unique ID must contain 9 or 10 digits.'] },
    });
  });

  it('the owner may be another user (the actor\'s "New Assessments To" delegate)', () => {
    const events = decide(initialAssessmentState, {
      type: 'StartAssessment',
      assessmentId: ASSESSMENT_ID,
      child: childInput(),
      agencyId: null,
      ownerId: SIBLING,
    });
    expect(fold(initialAssessmentState, events)).toMatchObject({ ownerId: SIBLING, createdBy: OWNER });
  });
});

describe('child record', () => {
  it('saves only what changed: nothing, the record, the type, or both', () => {
    const state = startedState();
    given(state).when({ type: 'SaveChildInformation', child: childInput() }).thenNothing();
    expect(decide(state, { type: 'SaveChildInformation', child: childInput({ city: 'York' }) }).map((e) => e.type)).toEqual([
      'ChildInformationSaved',
    ]);
    const both = decide(state, { type: 'SaveChildInformation', child: childInput({ city: 'York', assessmentType: '63' }) });
    expect(both.map((e) => e.type)).toEqual(['ChildInformationSaved', 'AssessmentTypeChanged']);
    expect(both[1].data).toEqual({ assessmentId: ASSESSMENT_ID, from: '62', to: '63' });
    expect(fold(state, both).assessmentType).toBe('63');
  });

  it('a stored record whose keys come back in another order (JSONB) is still "unchanged"', () => {
    const state = startedState();
    const reordered = Object.fromEntries(Object.entries(state.child ?? {}).reverse());
    given(fold(state, [ev('ChildInformationSaved', { child: reordered as never })]))
      .when({ type: 'SaveChildInformation', child: childInput() })
      .thenNothing();
  });

  it('choosing Looked after Child other than Y clears the Looked after Status', () => {
    let state = startedState({ lookedAfterChild: 'Y', lookedAfterStatus: 'Section 31' });
    expect(state.child).toMatchObject({ lookedAfterChild: 'Y', lookedAfterStatus: 'Section 31' });
    state = fold(
      state,
      decide(state, { type: 'SaveChildInformation', child: childInput({ lookedAfterChild: 'N', lookedAfterStatus: 'Section 31' }) }),
    );
    expect(state.child).toMatchObject({ lookedAfterChild: 'N', lookedAfterStatus: null });
  });

  it('saving is blocked while a caregiver has no relationship (caregiver_relationship_tip)', () => {
    const state = fold(startedState(), [
      ev('FamilyCaregiversBound', { familyId: 'FAM-1', caregivers: [caregiver('cg-9', 'Gran', { relationship: null })] }),
    ]);
    expect(refusal(() => decide(state, { type: 'SaveChildInformation', child: childInput({ city: 'York' }) }))).toEqual({
      kind: 'invalid',
      message: 'Please add the caregiver relationship for the current child or you can remove unwanted caregivers.',
      errors: { caregivers: ['Gran Hale has no relationship to the child.'] },
    });
  });

  it('changing the type checks the option list and is a no-op for the same type', () => {
    const state = startedState();
    given(state).when({ type: 'ChangeAssessmentType', assessmentType: '62' }).thenNothing();
    expect(refusal(() => decide(state, { type: 'ChangeAssessmentType', assessmentType: '99' })).errors).toEqual({
      assessmentType: ['Assessment Type must be chosen from the list.'],
    });
    expect(refusal(() => decide(state, { type: 'ChangeAssessmentType', assessmentType: ' ' })).errors).toEqual({
      assessmentType: ['Assessment Type is required.'],
    });
  });
});

describe('caregivers', () => {
  const details = { firstName: 'Ben', lastName: 'Hale', relationship: { group: 'Parent/Guardian', role: 'Father' } };

  it('adds, edits and removes a caregiver', () => {
    let state = startedState();
    const added = decide(state, { type: 'AddCaregiver', caregiverId: 'cg-2', details });
    expect(added).toEqual([
      {
        type: 'CaregiverAdded',
        data: {
          assessmentId: ASSESSMENT_ID,
          caregiver: {
            caregiverId: 'cg-2',
            firstName: 'Ben',
            lastName: 'Hale',
            relationship: { group: 'Parent/Guardian', role: 'Father' },
            gender: null,
            phone: null,
            address: null,
            city: null,
            zip: null,
            county: null,
            cin: null,
          },
        },
      },
    ]);
    state = fold(state, added);
    given(state).when({ type: 'AddCaregiver', caregiverId: 'cg-2', details }).thenNothing();
    expect(
      refusal(() => decide(state, { type: 'AddCaregiver', caregiverId: 'cg-2', details: { ...details, firstName: 'Other' } })).kind,
    ).toBe('conflict');
    given(state).when({ type: 'EditCaregiver', caregiverId: 'cg-2', details }).thenNothing();
    state = fold(state, decide(state, { type: 'EditCaregiver', caregiverId: 'cg-2', details: { ...details, phone: '5550100000' } }));
    expect(state.caregivers[0].phone).toBe('5550100000');
    state = fold(state, decide(state, { type: 'RemoveCaregiver', caregiverId: 'cg-2' }));
    expect(state.caregivers).toEqual([]);
  });

  it('refuses the dialog without its required fields', () => {
    expect(refusal(() => decide(startedState(), { type: 'AddCaregiver', caregiverId: 'cg-2', details: {} })).errors).toEqual({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      relationship: ['Relationship to Child is required.'],
    });
  });

  it('an unknown caregiver does not exist', () => {
    expect(refusal(() => decide(startedState(), { type: 'EditCaregiver', caregiverId: 'nope', details }))).toEqual({
      kind: 'not-found',
      message: 'The caregiver does not exist.',
    });
    expect(refusal(() => decide(startedState(), { type: 'RemoveCaregiver', caregiverId: 'nope' })).kind).toBe('not-found');
  });

  it('caregivers need a saved child: Please save child information.', () => {
    const withoutChild = fold(initialAssessmentState, [
      ev('AssessmentStarted', { ownerId: OWNER, agencyId: null, assessmentType: '62', previousAssessmentId: null }),
    ]);
    expect(refusal(() => decide(withoutChild, { type: 'AddCaregiver', caregiverId: 'cg-2', details }))).toEqual({
      kind: 'invalid',
      message: CATALOGUE.saveChildFirst,
      errors: {},
    });
    // An assessment that does not exist answers like one the actor may not see.
    expect(refusal(() => decide(initialAssessmentState, { type: 'AddCaregiver', caregiverId: 'cg-2', details })).kind).toBe('not-found');
  });

  it('binding a FAMILY ID loads its caregivers without a relationship to this child', () => {
    let state = withCaregivers(startedState({ familyId: null }), caregiver('cg-1', 'Ann'));
    const events = decide(state, {
      type: 'BindFamilyCaregivers',
      familyId: ' FAM-7 ',
      caregivers: [
        caregiver('cg-1', 'Ann'),
        caregiver('cg-8', 'Gran', { relationship: { group: 'Substitute Caregiver', role: 'Kinship Carer' } }),
      ],
    });
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ familyId: 'FAM-7', caregivers: [{ caregiverId: 'cg-8', relationship: null }] });
    state = fold(state, events);
    expect(state.child?.familyId).toBe('FAM-7');
    expect(state.caregivers.map((c) => [c.caregiverId, c.relationship?.role ?? null])).toEqual([
      ['cg-1', 'Mother'],
      ['cg-8', null],
    ]);
    expect(
      refusal(() => decide(state, { type: 'BindFamilyCaregivers', familyId: 'FAM-7', caregivers: [caregiver('cg-8', 'Gran')] })).errors,
    ).toEqual({
      familyId: ['There are no caregivers to load for this Family ID.'],
    });
    expect(
      refusal(() => decide(state, { type: 'BindFamilyCaregivers', familyId: '', caregivers: [caregiver('cg-9', 'X')] })).errors,
    ).toEqual({
      familyId: ['Family ID is required.'],
    });
  });
});

describe('rating items', () => {
  it('ItemRated carries only its own item: nothing about other items or the status', () => {
    const events = decide(startedState(), { type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: '2' });
    expect(events).toEqual([
      { type: 'ItemRated', data: { assessmentId: ASSESSMENT_ID, questionCode: 'DEPRESSION', caregiverId: null, rating: '2' } },
    ]);
  });

  it('the same rating again changes nothing; another rating replaces it; clearing removes it', () => {
    let state = rate(startedState(), { DEPRESSION: '2' });
    given(state).when({ type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: '2' }).thenNothing();
    state = fold(state, decide(state, { type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: 'NA' }));
    expect(state.childRatings.DEPRESSION).toBe('NA');
    state = fold(state, decide(state, { type: 'ClearItemRating', questionCode: 'DEPRESSION', caregiverId: null }));
    expect(state.childRatings.DEPRESSION).toBeUndefined();
    given(state).when({ type: 'ClearItemRating', questionCode: 'DEPRESSION', caregiverId: null }).thenNothing();
  });

  it('visibility is not judged when rating (it depends on other items); progress ignores hidden ratings', () => {
    // DN_COGNITIVE sits in a module that opens only when DEVELOPMENTAL_INTELLECTUAL is rated 1-3.
    expect(decide(startedState(), { type: 'RateItem', questionCode: 'DN_COGNITIVE', caregiverId: null, rating: '1' })).toHaveLength(1);
  });

  it('refuses unknown questions, wrong caregivers and ratings the question does not describe', () => {
    const state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'));
    const r = (questionCode: string, caregiverId: string | null, rating: string) =>
      refusal(() => decide(state, { type: 'RateItem', questionCode, caregiverId, rating: rating as never })).errors;
    expect(r('NOPE', null, '1')).toEqual({ questionCode: ["Question NOPE is not part of this assessment's library version."] });
    expect(r('LF_INTRO', null, '1')).toEqual({ questionCode: ["Question LF_INTRO is not part of this assessment's library version."] });
    expect(r('CG_SUPERVISION', null, '1')).toEqual({ caregiverId: ['Choose the caregiver this rating is for.'] });
    expect(r('CG_SUPERVISION', 'cg-x', '1')).toEqual({ caregiverId: ['The caregiver does not exist.'] });
    expect(r('DEPRESSION', 'cg-1', '1')).toEqual({ caregiverId: ['This question is rated for the child, not for a caregiver.'] });
    expect(r('DEPRESSION', null, '5')).toEqual({ rating: ['Choose a rating: 0, 1, 2, 3, 4 or N/A.'] });
    expect(r('DEPRESSION', null, '4')).toEqual({ rating: ['This question has no rating 4.'] });
    expect(decide(state, { type: 'RateItem', questionCode: 'CG_SUPERVISION', caregiverId: 'cg-1', rating: '3' })).toHaveLength(1);
  });
});

describe('question comments', () => {
  const save = (commentId: string, content: string, questionCode = 'SLEEP'): AssessmentCommand => ({
    type: 'SaveQuestionComment',
    commentId,
    questionCode,
    caregiverId: null,
    content,
  });

  it('saves a comment with its author; only the author edits or deletes it', () => {
    let state = startedState();
    const events = decide(state, save('c-1', '  Wakes at night. '));
    expect(events[0].data).toEqual({
      assessmentId: ASSESSMENT_ID,
      commentId: 'c-1',
      questionCode: 'SLEEP',
      caregiverId: null,
      content: 'Wakes at night.',
      authorId: OWNER,
    });
    state = fold(state, events);
    expect(state.comments['c-1']).toMatchObject({ content: 'Wakes at night.', authorId: OWNER });

    const colleague = context({ actorId: SIBLING });
    expect(refusal(() => decide(state, save('c-1', 'Rewritten'), colleague))).toEqual({
      kind: 'denied',
      message: 'Only the author of a comment can change or delete it.',
    });
    expect(refusal(() => decide(state, { type: 'DeleteQuestionComment', commentId: 'c-1' }, colleague)).kind).toBe('denied');

    // Editing keeps the comment on its question whatever the request says.
    const edited = decide(state, save('c-1', 'Wakes twice a night.', 'DEPRESSION'));
    expect(edited[0].data).toMatchObject({ questionCode: 'SLEEP', content: 'Wakes twice a night.' });
    expect(decide(state, save('c-1', 'Wakes at night.'))).toEqual([]);

    state = fold(state, decide(state, { type: 'DeleteQuestionComment', commentId: 'c-1' }));
    expect(state.comments).toEqual({});
    expect(refusal(() => decide(state, { type: 'DeleteQuestionComment', commentId: 'c-1' }))).toEqual({
      kind: 'not-found',
      message: 'The comment does not exist.',
    });
  });

  it('Comment is requreid.', () => {
    expect(refusal(() => decide(startedState(), save('c-2', '   '))).errors).toEqual({ content: ['Comment is requreid.'] });
  });
});

describe('narrative', () => {
  it('saves the six fields and ignores an unchanged save', () => {
    let state = startedState();
    const events = decide(state, { type: 'SaveNarrative', narrative: { ...COMPLETE_NARRATIVE, plan: '  Weekly sessions. ' } });
    expect(events[0].data).toEqual({ assessmentId: ASSESSMENT_ID, narrative: { ...COMPLETE_NARRATIVE, plan: 'Weekly sessions.' } });
    state = fold(state, events);
    given(state)
      .when({ type: 'SaveNarrative', narrative: { ...COMPLETE_NARRATIVE, plan: 'Weekly sessions.' } })
      .thenNothing();
  });
});

describe('completing', () => {
  it('is blocked by incomplete domains and narrative: the incomplete-domain dialog lists them', () => {
    let state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'));
    state = rate(state, { FAMILY_FUNCTIONING: '1', LIVING_SITUATION: '0' });
    state = fold(state, [ev('NarrativeSaved', { narrative: { ...COMPLETE_NARRATIVE, outcomes: '', plan: ' ' } })]);
    expect(refusal(() => decide(state, { type: 'CompleteAssessment' }))).toEqual({
      kind: 'invalid',
      message: 'This case cannot be completed until all its domains and narrative are completed.',
      errors: {
        domains: [
          'Life Functioning: 15% Completed',
          'Child Strengths: 0% Completed',
          'Acculturation: 0% Completed',
          'Behavioral/Emotional Needs: 0% Completed',
          'Risk Behaviors: 0% Completed',
          'Trauma: 0% Completed',
          'Caregiver Resources and Needs (Ann Hale): 0% Completed',
        ],
        'narrative.outcomes': ['Outcomes is required.'],
        'narrative.plan': ['Plan is required.'],
      },
    });
  });

  it('is blocked by the narrative alone once every domain is complete', () => {
    const state = rateEverything(withCaregivers(startedState(), caregiver('cg-1', 'Ann')));
    expect(refusal(() => decide(state, { type: 'CompleteAssessment' })).errors).toEqual({
      'narrative.impressions': ['Impressions is required.'],
      'narrative.needs': ['Needs is required.'],
      'narrative.targets': ['Targets is required.'],
      'narrative.outcomes': ['Outcomes is required.'],
      'narrative.plan': ['Plan is required.'],
      'narrative.recommendations': ['Recommendations is required.'],
    });
  });

  it('is blocked by a caregiver without relationship before anything else', () => {
    const state = fold(completableState(), [
      ev('FamilyCaregiversBound', { familyId: 'FAM-1', caregivers: [caregiver('cg-9', 'Gran', { relationship: null })] }),
    ]);
    expect(refusal(() => decide(state, { type: 'CompleteAssessment' }))).toEqual({
      kind: 'invalid',
      message: CATALOGUE.caregiverRelationshipRequired,
      errors: { caregivers: ['Gran Hale has no relationship to the child.'] },
    });
  });

  it('a complete assessment awaits approval; a second completion is a conflict (409)', () => {
    const state = completableState();
    expect(completionBlockers(state, context().library!)).toBeNull();
    const events = decide(state, { type: 'CompleteAssessment' });
    expect(events).toEqual([{ type: AssessmentEvents.Completed, data: { assessmentId: ASSESSMENT_ID, completedBy: OWNER } }]);
    const pending = fold(state, events);
    expect(pending.status).toBe('pendingApproval');
    expect(pending.completedAt).not.toBeNull();
    expect(refusal(() => decide(pending, { type: 'CompleteAssessment' })).kind).toBe('conflict');
  });

  it('Complete "saves the child, then completes": one unit, all or nothing', () => {
    const state = completableState();
    const events = decide(
      state,
      [{ type: 'SaveChildInformation', child: childInput({ city: 'York' }) }, { type: 'CompleteAssessment' }],
      context(),
    );
    expect(events.map((e) => e.type)).toEqual(['ChildInformationSaved', 'AssessmentCompleted']);
    // A child change that makes the questionnaire incomplete (a 4-year-old gets the early-childhood items) blocks the whole unit.
    const younger = childInput({ dateOfBirth: '2020-01-10', age: 4 });
    expect(
      refusal(() => decide(state, [{ type: 'SaveChildInformation', child: younger }, { type: 'CompleteAssessment' }], context())).message,
    ).toBe(CATALOGUE.caseCannotBeCompleted);
  });
});

describe('approval, return, close, delete', () => {
  it('approve records who approved', () => {
    const pending = inStatus(completableState(), 'pendingApproval');
    const approved = fold(pending, decide(pending, { type: 'ApproveAssessment' }, context({ actorId: SUPERVISOR })), SUPERVISOR);
    expect(approved).toMatchObject({ status: 'approved', approvedBy: SUPERVISOR });
    expect(approved.approvedAt).not.toBeNull();
  });

  it('return needs a reason, stored as the Returned Comment', () => {
    const pending = inStatus(completableState(), 'pendingApproval');
    const supervisor = context({ actorId: SUPERVISOR });
    expect(refusal(() => decide(pending, { type: 'ReturnAssessment', reason: '  ' }, supervisor))).toEqual({
      kind: 'invalid',
      message: KEYED_MESSAGES.assessment_return_reason_required,
      errors: { reason: [KEYED_MESSAGES.assessment_return_reason_required] },
    });
    const returned = fold(pending, decide(pending, { type: 'ReturnAssessment', reason: ' Rate trauma again. ' }, supervisor), SUPERVISOR);
    expect(returned.status).toBe('returned');
    expect(returned.statusComments).toEqual([
      { kind: 'returned', content: 'Rate trauma again.', authorId: SUPERVISOR, at: returned.lastModifiedAt },
    ]);
    // Returned work goes back to the case worker: it can be completed again.
    expect(decide(returned, { type: 'CompleteAssessment' }).map((e) => e.type)).toEqual(['AssessmentCompleted']);
  });

  it('close needs a reason, stored as the Close Comment', () => {
    const state = startedState();
    expect(refusal(() => decide(state, { type: 'CloseAssessment', reason: '' })).message).toBe(
      KEYED_MESSAGES.assessment_close_reason_required,
    );
    const closed = fold(state, decide(state, { type: 'CloseAssessment', reason: 'Moved out of area.' }));
    expect(closed.status).toBe('closed');
    expect(closed.statusComments).toMatchObject([{ kind: 'closed', content: 'Moved out of area.', authorId: OWNER }]);
  });

  it('delete keeps the previous status code for the audit trail', () => {
    const approved = inStatus(completableState(), 'approved');
    const events = decide(approved, { type: 'DeleteAssessment' });
    expect(events[0].data).toEqual({ assessmentId: ASSESSMENT_ID, deletedBy: OWNER, previousStatus: 'a' });
    expect(fold(approved, events).status).toBe('deleted');
  });

  it('include/exclude in reports toggles the flag and is idempotent', () => {
    let state = inStatus(completableState(), 'approved');
    given(state).when({ type: 'IncludeInReports' }).thenNothing();
    state = fold(state, decide(state, { type: 'ExcludeFromReports' }));
    expect(state.includedInReports).toBe(false);
    given(state).when({ type: 'ExcludeFromReports' }).thenNothing();
    state = fold(state, decide(state, { type: 'IncludeInReports' }));
    expect(state.includedInReports).toBe(true);
  });
});

describe('sharing and reassigning', () => {
  it('shares with sibling users: the set replaces the previous one, without the owner', () => {
    let state = startedState();
    const events = decide(state, { type: 'ShareAssessment', userIds: [SUPERVISOR, SIBLING, SIBLING, OWNER] });
    expect(events[0].data).toEqual({
      assessmentId: ASSESSMENT_ID,
      userIds: [SUPERVISOR, SIBLING].sort(),
      grantedBy: { [SUPERVISOR]: OWNER, [SIBLING]: OWNER },
    });
    state = fold(state, events);
    given(state)
      .when({ type: 'ShareAssessment', userIds: [SIBLING, SUPERVISOR] })
      .thenNothing();
    state = fold(state, decide(state, { type: 'ShareAssessment', userIds: [] }));
    expect(state.sharedWith).toEqual([]);
  });

  it("refuses users who are not the actor's siblings, but keeps those already shared with", () => {
    let state = fold(startedState(), [ev('AssessmentSharedWithUsers', { userIds: ['worker-9'] })]);
    expect(refusal(() => decide(state, { type: 'ShareAssessment', userIds: ['worker-9', 'stranger'] })).errors).toEqual({
      userIds: ['User stranger is not one of the users you can share or reassign assessments to.'],
    });
    state = fold(state, decide(state, { type: 'ShareAssessment', userIds: ['worker-9', SIBLING] }));
    expect(state.sharedWith).toEqual([SIBLING, 'worker-9'].sort());
  });

  it("reassigns to a sibling user, with the new owner's agency", () => {
    const state = fold(startedState(), [ev('AssessmentSharedWithUsers', { userIds: [SIBLING] })]);
    const events = decide(state, { type: 'ReassignAssessment', toUserId: SIBLING, toUserAgencyId: 'agency-2' });
    expect(events[0].data).toEqual({ assessmentId: ASSESSMENT_ID, fromUserId: OWNER, toUserId: SIBLING, agencyId: 'agency-2' });
    const reassigned = fold(state, events);
    expect(reassigned).toMatchObject({ ownerId: SIBLING, agencyId: 'agency-2', sharedWith: [] });
    expect(refusal(() => decide(state, { type: 'ReassignAssessment', toUserId: OWNER, toUserAgencyId: null })).errors).toEqual({
      toUserId: ['The assessment is already assigned to this user.'],
    });
    expect(refusal(() => decide(state, { type: 'ReassignAssessment', toUserId: 'stranger', toUserAgencyId: null })).errors).toEqual({
      toUserId: ['User stranger is not one of the users you can share or reassign assessments to.'],
    });
  });
});

describe("caregiver removal keeps the other caregivers' ratings on the right person", () => {
  it("maps ratings by caregiver id to the evaluator's current positions", () => {
    let state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'), caregiver('cg-2', 'Ben'));
    state = rate(state, { CG_SUPERVISION: '1' }, 'cg-1');
    state = rate(state, { CG_SUPERVISION: '3' }, 'cg-2');
    expect(evaluatorAnswersOf(state)).toMatchObject({ 'CG_SUPERVISION#0': '1', 'CG_SUPERVISION#1': '3' });
    state = fold(state, decide(state, { type: 'RemoveCaregiver', caregiverId: 'cg-1' }));
    expect(evaluatorAnswersOf(state)).toEqual({ 'CG_SUPERVISION#0': '3' });
    expect(state.caregiverRatings).toEqual({ 'cg-2': { CG_SUPERVISION: '3' } });
  });
});
