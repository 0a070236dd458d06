/**
 * The state machine, table-driven: every status × every command × privilege and row access. The expected table
 * below is written from the spec (000 §4, §6 and the list's row actions), independently of WORKFLOW, so a change
 * to the implementation's table that the spec does not allow fails here.
 */
import { PRIVILEGES, Privilege } from '../identity/privileges';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { AssessmentState, initialAssessmentState } from './assessment.aggregate';
import { AssessmentActions, assessmentActions, isViewOnlyFor } from './assessment-actions';
import { AssessmentAccessDenied, AssessmentCommand, AssessmentContext, assessmentRowAccessFrom } from './assessment.commands';
import {
  ASSESSMENT_ID,
  OWNER,
  SIBLING,
  SUPERVISOR,
  caregiver,
  childInput,
  completableState,
  context,
  decided,
  ev,
  fold,
  inStatus,
} from './test-support/assessment-fixtures';
import type { AssessmentStatus } from './assessment.values';
import { AssessmentCommandType, routePrivileges } from './assessment.workflow';

type LiveStatus = Exclude<AssessmentStatus, 'deleted'>;
const LIVE_STATUSES: readonly LiveStatus[] = ['incomplete', 'returned', 'pendingApproval', 'approved', 'closed'];

/**
 * 'owner' = no privilege for the case worker; anyone else needs User_Actions and edit rights (the child record's
 * privilege for the status: none in closed, so the case worker only).
 */
type Needed = Privilege | 'owner';

interface Expectation {
  readonly allowed: Partial<Record<LiveStatus, Needed>>;
  readonly row: 'view' | 'edit' | 'ownCase';
  readonly to?: AssessmentStatus;
}

const CHILD_RECORD = {
  incomplete: 'Assessment_Edit',
  returned: 'Assessment_Edit',
  pendingApproval: 'Edit_Approved_Case',
  approved: 'Edit_Approved_Case',
} as const;
const QUESTIONNAIRE = { incomplete: 'Assessment_Edit', returned: 'Assessment_Edit', pendingApproval: 'Edit_Approved_Case' } as const;
const EVERYWHERE = <N extends Needed>(needed: N) =>
  ({ incomplete: needed, returned: needed, pendingApproval: needed, approved: needed, closed: needed }) as const;

const EXPECTED: Record<Exclude<AssessmentCommandType, 'StartAssessment'>, Expectation> = {
  SaveChildInformation: { allowed: CHILD_RECORD, row: 'edit' },
  AddCaregiver: { allowed: CHILD_RECORD, row: 'edit' },
  EditCaregiver: { allowed: CHILD_RECORD, row: 'edit' },
  RemoveCaregiver: { allowed: CHILD_RECORD, row: 'edit' },
  BindFamilyCaregivers: { allowed: CHILD_RECORD, row: 'edit' },
  ChangeAssessmentType: { allowed: QUESTIONNAIRE, row: 'edit' },
  RateItem: { allowed: QUESTIONNAIRE, row: 'edit' },
  ClearItemRating: { allowed: QUESTIONNAIRE, row: 'edit' },
  SaveQuestionComment: { allowed: QUESTIONNAIRE, row: 'edit' },
  DeleteQuestionComment: { allowed: QUESTIONNAIRE, row: 'edit' },
  SaveNarrative: { allowed: QUESTIONNAIRE, row: 'edit' },
  CompleteAssessment: { allowed: { incomplete: 'Assessment_Edit', returned: 'Assessment_Edit' }, row: 'edit', to: 'pendingApproval' },
  ApproveAssessment: { allowed: { pendingApproval: 'Approve_Assessment' }, row: 'ownCase', to: 'approved' },
  ReturnAssessment: { allowed: { pendingApproval: 'Assessment_Return' }, row: 'ownCase', to: 'returned' },
  CloseAssessment: { allowed: { incomplete: 'Assessment_Close', returned: 'Assessment_Close' }, row: 'edit', to: 'closed' },
  DeleteAssessment: {
    allowed: {
      incomplete: 'Assessment_Delete',
      returned: 'Assessment_Delete',
      pendingApproval: 'Edit_Approved_Case',
      approved: 'Edit_Approved_Case',
    },
    // Only within one's own caseload (the case worker, their supervisors …): a sharee edits but does not delete.
    row: 'ownCase',
    to: 'deleted',
  },
  IncludeInReports: { allowed: { approved: 'Assessment_Report_Inclusion' }, row: 'ownCase' },
  ExcludeFromReports: { allowed: { approved: 'Assessment_Report_Inclusion' }, row: 'ownCase' },
  // Both hand out edit rights, so they need them (issue 9): row access 'edit'; see 'owner' for other users.
  ShareAssessment: { allowed: EVERYWHERE('Assessment_View'), row: 'edit' },
  ReassignAssessment: { allowed: EVERYWHERE('owner'), row: 'edit' },
};

/** A valid command of each type that changes something in the fixture state. */
function commandOf(type: keyof typeof EXPECTED): AssessmentCommand {
  switch (type) {
    case 'SaveChildInformation':
      return { type, child: childInput({ firstName: 'Robyn' }) };
    case 'ChangeAssessmentType':
      return { type, assessmentType: '63' };
    case 'AddCaregiver':
      return {
        type,
        caregiverId: 'cg-new',
        details: { firstName: 'Ben', lastName: 'Hale', relationship: { group: 'Parent/Guardian', role: 'Father' } },
      };
    case 'EditCaregiver':
      return {
        type,
        caregiverId: 'cg-1',
        details: { firstName: 'Ann', lastName: 'Hale', relationship: { group: 'Parent/Guardian', role: 'Mother' }, phone: '5550109999' },
      };
    case 'RemoveCaregiver':
      return { type, caregiverId: 'cg-1' };
    case 'BindFamilyCaregivers':
      return { type, familyId: 'FAM-1', caregivers: [caregiver('cg-fam', 'Gran')] };
    case 'RateItem':
      return { type, questionCode: 'FAMILY_FUNCTIONING', caregiverId: null, rating: '2' };
    case 'ClearItemRating':
      return { type, questionCode: 'SLEEP', caregiverId: null };
    case 'SaveQuestionComment':
      return { type, commentId: 'c-new', questionCode: 'FAMILY_FUNCTIONING', caregiverId: null, content: 'Seen at home.' };
    case 'DeleteQuestionComment':
      return { type, commentId: 'c-1' };
    case 'SaveNarrative':
      return { type, narrative: { impressions: 'Changed' } };
    case 'CompleteAssessment':
    case 'ApproveAssessment':
    case 'DeleteAssessment':
    case 'IncludeInReports':
    case 'ExcludeFromReports':
      return { type };
    case 'ReturnAssessment':
      return { type, reason: 'Trauma ratings need evidence.' };
    case 'CloseAssessment':
      return { type, reason: 'Family moved out of area.' };
    case 'ShareAssessment':
      return { type, userIds: [SIBLING] };
    case 'ReassignAssessment':
      return { type, toUserId: SIBLING, toUserAgencyId: 'agency-1' };
  }
}

/** A completable assessment with a comment by the owner, moved to `status`. */
function stateIn(status: AssessmentStatus): AssessmentState {
  const base = fold(completableState(), [
    ev('QuestionCommentSaved', { commentId: 'c-1', questionCode: 'SLEEP', caregiverId: null, content: 'Sleeps badly.', authorId: OWNER }),
  ]);
  return inStatus(base, status);
}

const ALL = [...PRIVILEGES];
/** The assessment decider through the given/when/then harness, on the events `state` was folded from. */
const decide = (state: AssessmentState, type: keyof typeof EXPECTED, ctx: AssessmentContext) => decided(state, commandOf(type), ctx);

/** The open actions the view answers, by the command whose gate opens each (the spec's vocabulary of buttons). */
const ACTION_COMMANDS: readonly (readonly [keyof AssessmentActions, readonly AssessmentCommandType[]])[] = [
  ['edit', ['SaveChildInformation', 'AddCaregiver']],
  ['changeType', ['ChangeAssessmentType']],
  ['rate', ['RateItem', 'SaveNarrative']],
  ['complete', ['CompleteAssessment']],
  ['approve', ['ApproveAssessment']],
  ['return', ['ReturnAssessment']],
  ['close', ['CloseAssessment']],
  ['delete', ['DeleteAssessment']],
  ['include', ['IncludeInReports']],
  ['exclude', ['ExcludeFromReports']],
  ['share', ['ShareAssessment']],
  ['reassign', ['ReassignAssessment']],
];
const ACTION_ORDER: readonly AssessmentCommandType[] = [
  'SaveChildInformation',
  'ChangeAssessmentType',
  'AddCaregiver',
  'RateItem',
  'SaveNarrative',
  'CompleteAssessment',
  'ApproveAssessment',
  'ReturnAssessment',
  'CloseAssessment',
  'DeleteAssessment',
  'IncludeInReports',
  'ExcludeFromReports',
  'ShareAssessment',
  'ReassignAssessment',
];

/** The buttons the view answers for this user (assessmentActions, as production computes them), as command names. */
function availableActions(state: AssessmentState, ctx: AssessmentContext): AssessmentCommandType[] {
  const actions = assessmentActions(state, ctx);
  const open = ACTION_COMMANDS.filter(([action]) => actions[action]).flatMap(([, commands]) => commands);
  return ACTION_ORDER.filter((command) => open.includes(command));
}

function refusalOf(run: () => unknown): string {
  try {
    run();
    return 'allowed';
  } catch (error) {
    if (error instanceof NotFoundError) return 'not-found';
    if (error instanceof AssessmentAccessDenied) return 'denied';
    if (error instanceof DomainRuleViolation)
      return error.conflict ? 'conflict' : `invalid: ${error.message} ${JSON.stringify(error.fieldErrors)}`;
    throw error;
  }
}

const rows = Object.keys(EXPECTED).flatMap((command) => LIVE_STATUSES.map((status) => [command as keyof typeof EXPECTED, status] as const));

describe('state machine: status × command (spec 000 §4)', () => {
  it.each(rows)('%s from %s', (command, status) => {
    const expected = EXPECTED[command];
    const needed = expected.allowed[status];
    const state = stateIn(status);
    const outcome = refusalOf(() => decide(state, command, context({ privileges: ALL })));
    if (needed === undefined) {
      expect(outcome).toBe('conflict');
      return;
    }
    expect(outcome).toBe('allowed');
    if (expected.to) {
      const events = decide(state, command, context({ privileges: ALL }));
      expect(fold(state, events).status).toBe(expected.to);
    }
  });

  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('%s on a deleted assessment: does not exist', (command) => {
    expect(refusalOf(() => decide(stateIn('deleted'), command, context()))).toBe('not-found');
  });

  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('%s on an assessment that was never started: does not exist', (command) => {
    const caregiverCommand = ['AddCaregiver', 'EditCaregiver', 'RemoveCaregiver', 'BindFamilyCaregivers'].includes(command);
    const outcome = refusalOf(() => decide(initialAssessmentState, command, context()));
    // Caregiver commands too: a missing assessment answers like a hidden one, not "Please save child information."
    expect({ command, caregiverCommand, outcome }).toEqual({ command, caregiverCommand, outcome: 'not-found' });
  });
});

describe('state machine: privileges per status (spec 000 §6)', () => {
  const allowedRows = rows.filter(([command, status]) => EXPECTED[command].allowed[status] !== undefined);

  it.each(allowedRows)('%s from %s: the one privilege is enough, every other privilege is not', (command, status) => {
    const needed = EXPECTED[command].allowed[status] as Needed;
    const state = stateIn(status);
    if (needed === 'owner') {
      expect(refusalOf(() => decide(state, command, context({ privileges: [] })))).toBe('allowed');
      const others = ALL.filter((p) => p !== 'User_Actions');
      expect(refusalOf(() => decide(state, command, context({ actorId: SUPERVISOR, privileges: others })))).toBe('denied');
      expect(refusalOf(() => decide(state, command, context({ actorId: SUPERVISOR, privileges: ['User_Actions'] })))).toBe('denied');
      const edit = status === 'closed' ? undefined : CHILD_RECORD[status];
      const withEditRights = edit ? ['User_Actions', edit] : ALL;
      expect(refusalOf(() => decide(state, command, context({ actorId: SUPERVISOR, privileges: withEditRights as Privilege[] })))).toBe(
        edit ? 'allowed' : 'denied',
      );
      return;
    }
    expect(refusalOf(() => decide(state, command, context({ privileges: [needed] })))).toBe('allowed');
    expect(refusalOf(() => decide(state, command, context({ privileges: ALL.filter((p) => p !== needed) })))).toBe('denied');
  });

  it('the privilege of a refusal is named like the route guard names it', () => {
    const state = stateIn('approved');
    expect(() => decide(state, 'SaveChildInformation', context({ privileges: ['Assessment_Edit'] }))).toThrow(
      'You do not have permission to do this (needs Edit_Approved_Case).',
    );
    try {
      decide(state, 'DeleteAssessment', context({ privileges: ['Assessment_Delete'] }));
    } catch (error) {
      expect(error).toBeInstanceOf(AssessmentAccessDenied);
      expect((error as AssessmentAccessDenied).requiredPrivileges).toEqual(['Edit_Approved_Case']);
    }
  });

  it('route-level privileges are the union over statuses (the decision then checks the status)', () => {
    expect(routePrivileges('StartAssessment')).toEqual(['Assessment_New']);
    expect(routePrivileges('SaveChildInformation').sort()).toEqual(['Assessment_Edit', 'Edit_Approved_Case']);
    expect(routePrivileges('DeleteAssessment').sort()).toEqual(['Assessment_Delete', 'Edit_Approved_Case']);
    expect(routePrivileges('ApproveAssessment')).toEqual(['Approve_Assessment']);
    expect(routePrivileges('ReassignAssessment')).toEqual([]);
  });
});

describe('state machine: row access', () => {
  const allowedRows = rows.filter(([command, status]) => EXPECTED[command].allowed[status] !== undefined);

  it.each(allowedRows)('%s from %s', (command, status) => {
    const row = EXPECTED[command].row;
    const state = stateIn(status);
    const hidden = refusalOf(() => decide(state, command, context({ rowAccess: { canView: false, canEdit: true, isOwnCase: true } })));
    expect(hidden).toBe('not-found');
    const viewOnly = refusalOf(() => decide(state, command, context({ rowAccess: { canView: true, canEdit: false, isOwnCase: true } })));
    expect(viewOnly).toBe(row === 'edit' ? 'denied' : 'allowed');
    const notOwn = refusalOf(() => decide(state, command, context({ rowAccess: { canView: true, canEdit: true, isOwnCase: false } })));
    expect(notOwn).toBe(row === 'ownCase' ? 'denied' : 'allowed');
  });
});

describe('state machine: start, old data, type lock', () => {
  it('starting needs Assessment_New and a new stream', () => {
    const start: AssessmentCommand = { type: 'StartAssessment', assessmentId: ASSESSMENT_ID, child: childInput(), agencyId: null };
    expect(refusalOf(() => decided(initialAssessmentState, start, context({ privileges: ['Assessment_New'] })))).toBe('allowed');
    expect(
      refusalOf(() => decided(initialAssessmentState, start, context({ privileges: ALL.filter((p) => p !== 'Assessment_New') }))),
    ).toBe('denied');
    expect(refusalOf(() => decided(stateIn('incomplete'), start, context()))).toBe('conflict');
  });

  it('approve and return refuse old data (a later assessment of the child exists); other commands do not', () => {
    const state = stateIn('pendingApproval');
    const superseded = context({ oldData: true });
    expect(refusalOf(() => decide(state, 'ApproveAssessment', superseded))).toBe('conflict');
    expect(refusalOf(() => decide(state, 'ReturnAssessment', superseded))).toBe('conflict');
    expect(() => decide(state, 'ApproveAssessment', superseded)).toThrow(
      'A later assessment of this child exists, so this one can no longer be approved.',
    );
    expect(refusalOf(() => decide(state, 'DeleteAssessment', superseded))).toBe('allowed');
    expect(refusalOf(() => decide(stateIn('approved'), 'ExcludeFromReports', superseded))).toBe('allowed');
    expect(refusalOf(() => decide(state, 'ApproveAssessment', context({ oldData: false })))).toBe('allowed');
  });

  it('the assessment type is locked once approved, whichever way it is changed', () => {
    const approved = stateIn('approved');
    expect(() => decide(approved, 'ChangeAssessmentType', context())).toThrow(
      'The assessment type cannot be changed once the assessment is approved.',
    );
    const viaChildForm = refusalOf(() =>
      decided(approved, { type: 'SaveChildInformation', child: childInput({ assessmentType: '63' }) }, context()),
    );
    expect(viaChildForm).toBe('conflict');
    // The rest of the record stays editable with Edit_Approved_Case.
    expect(refusalOf(() => decide(approved, 'SaveChildInformation', context({ privileges: ['Edit_Approved_Case'] })))).toBe('allowed');
  });

  it('an illegal transition names the status and the action', () => {
    expect(() => decide(stateIn('approved'), 'CompleteAssessment', context())).toThrow(
      'An assessment that is Approved cannot be completed.',
    );
    expect(() => decide(stateIn('closed'), 'RateItem', context())).toThrow('An assessment that is Closed cannot be rated.');
    expect(() => decide(stateIn('incomplete'), 'ApproveAssessment', context())).toThrow(
      'An assessment that is Incomplete cannot be approved.',
    );
  });
});

describe('row access from the identity layer', () => {
  it('own case = owner, supervisor, administrator or temporary access; shared and monitored cases are not', () => {
    expect(assessmentRowAccessFrom({ view: true, edit: true, reason: 'supervisor' })).toEqual({
      canView: true,
      canEdit: true,
      isOwnCase: true,
    });
    expect(assessmentRowAccessFrom({ view: true, edit: true, reason: 'temporary-access' }).isOwnCase).toBe(true);
    expect(assessmentRowAccessFrom({ view: true, edit: true, reason: 'shared' })).toEqual({
      canView: true,
      canEdit: true,
      isOwnCase: false,
    });
    expect(assessmentRowAccessFrom({ view: true, edit: false, reason: 'agency-monitor' })).toEqual({
      canView: true,
      canEdit: false,
      isOwnCase: false,
    });
    expect(assessmentRowAccessFrom({ view: false, edit: false, reason: 'none' })).toEqual({
      canView: false,
      canEdit: false,
      isOwnCase: false,
    });
  });
});

describe('available actions (the buttons of spec 000 "Add / Edit Assessment page")', () => {
  it('the case worker on an incomplete case: the editable set', () => {
    const worker = context({ privileges: ['Assessment_View', 'Assessment_Edit', 'Assessment_Close', 'Assessment_Delete'] });
    expect(availableActions(stateIn('incomplete'), worker)).toEqual([
      'SaveChildInformation',
      'ChangeAssessmentType',
      'AddCaregiver',
      'RateItem',
      'SaveNarrative',
      'CompleteAssessment',
      'CloseAssessment',
      'DeleteAssessment',
      'ShareAssessment',
      'ReassignAssessment',
    ]);
    expect(isViewOnlyFor(stateIn('incomplete'), worker)).toBe(false);
  });

  it('a supervisor on a pending case: the view-only set (Approve, Return)', () => {
    const supervisor = context({ actorId: SUPERVISOR, privileges: ['Assessment_View', 'Approve_Assessment', 'Assessment_Return'] });
    // Without Edit_Approved_Case the supervisor may not edit a pending case, so may not share it either.
    expect(availableActions(stateIn('pendingApproval'), supervisor)).toEqual(['ApproveAssessment', 'ReturnAssessment']);
    const editor = { ...supervisor, privileges: [...supervisor.privileges, 'Edit_Approved_Case' as const] };
    expect(availableActions(stateIn('pendingApproval'), editor)).toContain('ShareAssessment');
    expect(isViewOnlyFor(stateIn('pendingApproval'), supervisor)).toBe(true);
  });

  it('approved: view-only unless Edit_Approved_Case; include/exclude follows the flag', () => {
    const approved = stateIn('approved');
    const reader = context({ privileges: ['Assessment_View', 'Assessment_Edit', 'Assessment_Report_Inclusion'] });
    expect(isViewOnlyFor(approved, reader)).toBe(true);
    expect(availableActions(approved, reader)).toEqual(['ExcludeFromReports', 'ShareAssessment', 'ReassignAssessment']);
    const excluded = fold(approved, [ev('AssessmentExcludedFromReports', {})]);
    expect(availableActions(excluded, reader)).toContain('IncludeInReports');
    const editor = context({ privileges: ['Edit_Approved_Case'] });
    expect(isViewOnlyFor(approved, editor)).toBe(false);
    expect(availableActions(approved, editor)).toEqual(['SaveChildInformation', 'AddCaregiver', 'DeleteAssessment', 'ReassignAssessment']);
  });

  it('closed: read-only for everyone', () => {
    expect(isViewOnlyFor(stateIn('closed'), context())).toBe(true);
  });
});
