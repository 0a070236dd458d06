/**
 * Sharing hands out edit rights (issue 9, finding 3): who may share and reassign, and whose shares a share may
 * take back. The workflow spec covers the status × privilege table; this covers the grants.
 */
import { DomainRuleViolation } from '../domain-errors';
import type { AssessmentState } from './assessment.aggregate';
import { AssessmentAccessDenied, AssessmentContext } from './assessment.commands';
import {
  ASSESSMENT_ID,
  OWNER,
  SIBLING,
  SUPERVISOR,
  context,
  decided,
  ev,
  fold,
  inStatus,
  startedState,
} from './test-support/assessment-fixtures';

const SHAREE = 'worker-3';
const OTHER = 'worker-4';
const MONITOR = 'monitor-1';
const EDITOR = ['Assessment_View', 'Assessment_Edit'] as const;

const share = (state: AssessmentState, userIds: string[], ctx: AssessmentContext) =>
  decided(state, { type: 'ShareAssessment', userIds }, ctx);
const reassign = (state: AssessmentState, toUserId: string, ctx: AssessmentContext) =>
  decided(state, { type: 'ReassignAssessment', toUserId, toUserAgencyId: null }, ctx);

const asOwner = (overrides: Partial<AssessmentContext> = {}) => context({ siblingUserIds: [SHAREE, SIBLING, OTHER], ...overrides });

/** The owner shared with SHAREE and SIBLING. */
function sharedByOwner(): AssessmentState {
  const state = startedState();
  return fold(state, share(state, [SHAREE, SIBLING], asOwner()));
}

const asSharee = (overrides: Partial<AssessmentContext> = {}) =>
  context({
    actorId: SHAREE,
    privileges: [...EDITOR],
    rowAccess: { canView: true, canEdit: true, isOwnCase: false },
    siblingUserIds: [OTHER],
    ...overrides,
  });

describe('who may share and reassign: edit rights', () => {
  it('a view-only user (a monitor) may do neither, whatever their siblings', () => {
    const viewer = context({
      actorId: MONITOR,
      privileges: ['Assessment_View', 'Case_Monitor', 'User_Actions'],
      rowAccess: { canView: true, canEdit: false, isOwnCase: false },
      siblingUserIds: [OTHER],
    });
    expect(() => share(sharedByOwner(), [OTHER], viewer)).toThrow(AssessmentAccessDenied);
    expect(() => reassign(sharedByOwner(), OTHER, viewer)).toThrow(AssessmentAccessDenied);
  });

  it('row access to edit is not enough without the edit privilege of the status', () => {
    const approved = inStatus(sharedByOwner(), 'approved');
    expect(() => share(approved, [SHAREE, SIBLING, OTHER], asSharee())).toThrow(
      'You do not have permission to do this (needs Edit_Approved_Case).',
    );
    expect(share(approved, [SHAREE, SIBLING, OTHER], asSharee({ privileges: ['Assessment_View', 'Edit_Approved_Case'] }))).toHaveLength(1);
  });

  it('a closed assessment is shared and reassigned by its case worker only', () => {
    const closed = inStatus(sharedByOwner(), 'closed');
    expect(() => share(closed, [OTHER], asSharee())).toThrow('An assessment that is Closed can be shared only by its case worker.');
    expect(share(closed, [SHAREE], asOwner({ privileges: ['Assessment_View'] }))).toHaveLength(1);
    expect(reassign(closed, SIBLING, context({ privileges: ['Assessment_View'] }))).toHaveLength(1);
  });

  it('reassigning by someone else also needs User_Actions', () => {
    const supervisor = context({
      actorId: SUPERVISOR,
      privileges: [...EDITOR],
      rowAccess: { canView: true, canEdit: true, isOwnCase: true },
    });
    expect(() => reassign(sharedByOwner(), SIBLING, supervisor)).toThrow(
      'Only the case worker of the assessment or a user administrator can reassign it.',
    );
    expect(reassign(sharedByOwner(), SIBLING, { ...supervisor, privileges: [...EDITOR, 'User_Actions'] })).toHaveLength(1);
  });
});

describe('whose shares a share keeps', () => {
  it('records who granted each share', () => {
    const events = share(startedState(), [SIBLING], context());
    expect(events[0].data).toEqual({ assessmentId: ASSESSMENT_ID, userIds: [SIBLING], grantedBy: { [SIBLING]: OWNER } });
  });

  it('a sharee adds their own siblings and takes back only their own shares', () => {
    let state = sharedByOwner();
    const added = share(state, [OTHER], asSharee());
    expect(added[0].data).toEqual({
      assessmentId: ASSESSMENT_ID,
      userIds: [SHAREE, OTHER, SIBLING].sort(),
      grantedBy: { [SHAREE]: OWNER, [SIBLING]: OWNER, [OTHER]: SHAREE },
    });
    state = fold(state, added, SHAREE);
    expect(share(state, [OTHER], asSharee())).toEqual([]);
    state = fold(state, share(state, [], asSharee()), SHAREE);
    expect(state.sharedWith).toEqual([SHAREE, SIBLING].sort());
  });

  it("the owner and the users above the owner may take back anyone's shares", () => {
    let state = sharedByOwner();
    state = fold(state, share(state, [OTHER], asSharee()), SHAREE);
    expect(fold(state, share(state, [SIBLING], asOwner())).sharedWith).toEqual([SIBLING]);
    const supervisor = context({ actorId: SUPERVISOR, privileges: [...EDITOR], aboveOwner: true, siblingUserIds: [] });
    expect(fold(state, share(state, [], supervisor), SUPERVISOR).sharedWith).toEqual([]);
    // Not above the owner: the same request keeps the others' shares.
    expect(share(state, [], { ...supervisor, aboveOwner: false })).toEqual([]);
  });

  it("reads shares recorded before grants were: the event's actor granted the users it added", () => {
    let state = fold(startedState(), [ev('AssessmentSharedWithUsers', { userIds: [SHAREE] })], OWNER);
    state = fold(state, [ev('AssessmentSharedWithUsers', { userIds: [SHAREE, OTHER] })], SHAREE);
    expect(state.shareGrantedBy).toEqual({ [SHAREE]: OWNER, [OTHER]: SHAREE });
    state = fold(state, share(state, [], asSharee()), SHAREE);
    expect(state.sharedWith).toEqual([SHAREE]);
  });

  it("new users must still be the actor's siblings", () => {
    expect(() => share(sharedByOwner(), ['stranger'], asSharee())).toThrow(DomainRuleViolation);
  });
});
