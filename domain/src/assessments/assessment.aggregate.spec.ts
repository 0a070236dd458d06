import { evolveAssessment, initialAssessmentState } from './assessment.aggregate';
import { assessmentDecider } from './assessment.decider';
import { ev, fold, caregiver, rate, startedState, withCaregivers } from './test-support/assessment-fixtures';

describe('assessment aggregate', () => {
  it('ignores events before the start and events it does not know', () => {
    const beforeStart = fold(initialAssessmentState, [ev('ItemRated', { questionCode: 'DEPRESSION', caregiverId: null, rating: '2' })]);
    expect(beforeStart).toBe(initialAssessmentState);
    const state = startedState();
    const unknown = { type: 'SomethingFromTheFuture', data: {}, recordedAt: '2030-01-01T00:00:00.000Z', metadata: { userId: null } };
    expect(evolveAssessment(state, unknown)).toBe(state);
    expect(assessmentDecider.initialState).toBe(initialAssessmentState);
  });

  it('tracks creation and last modification from recordedAt', () => {
    const state = fold(initialAssessmentState, startedEvents(), 'worker-1', '2024-05-01T08:00:00.000Z');
    expect(state).toMatchObject({ createdAt: '2024-05-01T08:00:00.000Z', lastModifiedAt: '2024-05-01T08:00:00.000Z' });
    const later = fold(
      state,
      [ev('NarrativeSaved', { narrative: { ...state.narrative, plan: 'x' } })],
      'worker-1',
      '2024-05-03T08:00:00.000Z',
    );
    expect(later).toMatchObject({ createdAt: '2024-05-01T08:00:00.000Z', lastModifiedAt: '2024-05-03T08:00:00.000Z' });
  });

  it('a removed caregiver takes its ratings and comments along; a late rating for it is dropped', () => {
    let state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'), caregiver('cg-2', 'Ben'));
    state = rate(state, { CG_SAFETY: '2' }, 'cg-1');
    state = fold(state, [
      ev('QuestionCommentSaved', { commentId: 'c-1', questionCode: 'CG_SAFETY', caregiverId: 'cg-1', content: 'x', authorId: 'worker-1' }),
      ev('QuestionCommentSaved', { commentId: 'c-2', questionCode: 'CG_SAFETY', caregiverId: 'cg-2', content: 'y', authorId: 'worker-1' }),
      ev('CaregiverRemoved', { caregiverId: 'cg-1' }),
      ev('ItemRated', { questionCode: 'CG_SAFETY', caregiverId: 'cg-1', rating: '3' }),
    ]);
    expect(state.caregivers.map((c) => c.caregiverId)).toEqual(['cg-2']);
    expect(state.caregiverRatings).toEqual({});
    expect(Object.keys(state.comments)).toEqual(['c-2']);
  });

  it('keeps the first writing time of a comment when it is edited', () => {
    let state = fold(
      startedState(),
      [ev('QuestionCommentSaved', { commentId: 'c-1', questionCode: 'SLEEP', caregiverId: null, content: 'a', authorId: 'w' })],
      'w',
      '2024-05-02T00:00:00.000Z',
    );
    state = fold(
      state,
      [ev('QuestionCommentSaved', { commentId: 'c-1', questionCode: 'SLEEP', caregiverId: null, content: 'b', authorId: 'w' })],
      'w',
      '2024-05-04T00:00:00.000Z',
    );
    expect(state.comments['c-1']).toMatchObject({
      content: 'b',
      createdAt: '2024-05-02T00:00:00.000Z',
      savedAt: '2024-05-04T00:00:00.000Z',
    });
  });
});

function startedEvents() {
  return [
    ev('AssessmentStarted', { ownerId: 'worker-1', agencyId: null, assessmentType: '62', previousAssessmentId: null }),
    ev('AssessmentLibraryVersionRecorded', { instrumentCode: 'CANS_COMPREHENSIVE', version: '1' }),
  ];
}
