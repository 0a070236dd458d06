/**
 * The assessment workflow as data: for each command, the statuses it is allowed from, the privilege it needs
 * from that status (any one of the listed), and which row access it needs. Decisions and the "available actions"
 * of the screens both read this table, so the buttons a user sees and what the server accepts cannot drift apart.
 *
 * From spec 000 §4 (transitions), §6 (permissions) and the list's row actions:
 *
 * | Command                         | From status (privilege)                                          | To     | Row access |
 * |---------------------------------|------------------------------------------------------------------|--------|------------|
 * | Start                           | — (Assessment_New)                                               | i      | —          |
 * | Save child info, caregivers     | i, r (Assessment_Edit); c, a (Edit_Approved_Case)                | same   | edit       |
 * | Change assessment type          | i, r (Assessment_Edit); c (Edit_Approved_Case); locked in a      | same   | edit       |
 * | Rate, comment, narrative        | i, r (Assessment_Edit); c (Edit_Approved_Case); read-only a, e   | same   | edit       |
 * | Complete                        | i, r (Assessment_Edit)                                           | c      | edit       |
 * | Approve                         | c (Approve_Assessment), not old data                             | a      | own case   |
 * | Return (reason)                 | c (Assessment_Return), not old data                              | r      | own case   |
 * | Close (reason)                  | i, r (Assessment_Close)                                          | e      | edit       |
 * | Delete                          | i, r (Assessment_Delete); c, a (Edit_Approved_Case)              | d      | own case   |
 * | Include / exclude in reports    | a (Assessment_Report_Inclusion)                                  | same   | own case   |
 * | Share with sibling users        | i, r, c, a, e (Assessment_View) + edit rights                    | same   | edit       |
 * | Reassign to a sibling user      | i, r, c, a, e (the case worker, or User_Actions) + edit rights   | same   | edit       |
 *
 * Sharing and reassigning hand out edit rights, so they need edit rights (issue 9): the case worker (owner), or a
 * user holding the privilege that edits the child record in this status (Save child info row: so no one else in
 * e) with row access 'edit'. Delete needs the case in one's own caseload (owner, supervisors, temporary access,
 * administrator): sharing hands out edit rights, not the right to delete. Deleted assessments are gone: every
 * command on one answers "does not exist".
 */
import type { Privilege } from '../identity/privileges';
import type { AssessmentStatus } from './assessment.values';

export type AssessmentCommandType =
  | 'StartAssessment'
  | 'SaveChildInformation'
  | 'ChangeAssessmentType'
  | 'AddCaregiver'
  | 'EditCaregiver'
  | 'RemoveCaregiver'
  | 'BindFamilyCaregivers'
  | 'RateItem'
  | 'ClearItemRating'
  | 'SaveQuestionComment'
  | 'DeleteQuestionComment'
  | 'SaveNarrative'
  | 'CompleteAssessment'
  | 'ApproveAssessment'
  | 'ReturnAssessment'
  | 'CloseAssessment'
  | 'DeleteAssessment'
  | 'IncludeInReports'
  | 'ExcludeFromReports'
  | 'ShareAssessment'
  | 'ReassignAssessment';

/** Row access a command needs beyond seeing the row: change it (not view-only), or the case is the user's own. */
export type RowAccessNeed = 'view' | 'edit' | 'ownCase';

export interface WorkflowGate {
  /** Any one of these privileges. Empty: no privilege (the reassign rule is checked in its decision). */
  readonly privileges: readonly Privilege[];
  readonly rowAccess: RowAccessNeed;
  /** Approve and return: not on old data (spec "not old data": a later assessment of the same child exists). */
  readonly refuseOldData?: boolean;
  /** The status after the command. */
  readonly to?: AssessmentStatus;
  /**
   * The command hands out edit rights, so it needs them: the owner passes; anyone else needs a privilege of this
   * command's gate for the same status (none there: the owner only) and row access 'edit'.
   */
  readonly editRightsOf?: 'SaveChildInformation';
}

type Gates = Partial<Record<AssessmentStatus, WorkflowGate>>;

const edit = (privilege: Privilege): WorkflowGate => ({ privileges: [privilege], rowAccess: 'edit' });

const CHILD_RECORD: Gates = {
  incomplete: edit('Assessment_Edit'),
  returned: edit('Assessment_Edit'),
  pendingApproval: edit('Edit_Approved_Case'),
  approved: edit('Edit_Approved_Case'),
};

const QUESTIONNAIRE: Gates = {
  incomplete: edit('Assessment_Edit'),
  returned: edit('Assessment_Edit'),
  pendingApproval: edit('Edit_Approved_Case'),
};

const EVERY_LIVE_STATUS = (gate: WorkflowGate): Gates => ({
  incomplete: gate,
  returned: gate,
  pendingApproval: gate,
  approved: gate,
  closed: gate,
});

/** Statuses × commands → gate. A status missing for a command means the command is illegal there (409). */
export const WORKFLOW: Readonly<Record<Exclude<AssessmentCommandType, 'StartAssessment'>, Gates>> = {
  SaveChildInformation: CHILD_RECORD,
  AddCaregiver: CHILD_RECORD,
  EditCaregiver: CHILD_RECORD,
  RemoveCaregiver: CHILD_RECORD,
  BindFamilyCaregivers: CHILD_RECORD,
  ChangeAssessmentType: QUESTIONNAIRE,
  RateItem: QUESTIONNAIRE,
  ClearItemRating: QUESTIONNAIRE,
  SaveQuestionComment: QUESTIONNAIRE,
  DeleteQuestionComment: QUESTIONNAIRE,
  SaveNarrative: QUESTIONNAIRE,
  CompleteAssessment: {
    incomplete: { ...edit('Assessment_Edit'), to: 'pendingApproval' },
    returned: { ...edit('Assessment_Edit'), to: 'pendingApproval' },
  },
  ApproveAssessment: {
    pendingApproval: { privileges: ['Approve_Assessment'], rowAccess: 'ownCase', refuseOldData: true, to: 'approved' },
  },
  ReturnAssessment: {
    pendingApproval: { privileges: ['Assessment_Return'], rowAccess: 'ownCase', refuseOldData: true, to: 'returned' },
  },
  CloseAssessment: {
    incomplete: { ...edit('Assessment_Close'), to: 'closed' },
    returned: { ...edit('Assessment_Close'), to: 'closed' },
  },
  // Within one's own caseload only: a sharee may edit the case but not delete it (issue 10).
  DeleteAssessment: {
    incomplete: { privileges: ['Assessment_Delete'], rowAccess: 'ownCase', to: 'deleted' },
    returned: { privileges: ['Assessment_Delete'], rowAccess: 'ownCase', to: 'deleted' },
    pendingApproval: { privileges: ['Edit_Approved_Case'], rowAccess: 'ownCase', to: 'deleted' },
    approved: { privileges: ['Edit_Approved_Case'], rowAccess: 'ownCase', to: 'deleted' },
  },
  IncludeInReports: { approved: { privileges: ['Assessment_Report_Inclusion'], rowAccess: 'ownCase' } },
  ExcludeFromReports: { approved: { privileges: ['Assessment_Report_Inclusion'], rowAccess: 'ownCase' } },
  ShareAssessment: EVERY_LIVE_STATUS({ privileges: ['Assessment_View'], rowAccess: 'edit', editRightsOf: 'SaveChildInformation' }),
  ReassignAssessment: EVERY_LIVE_STATUS({ privileges: [], rowAccess: 'edit', editRightsOf: 'SaveChildInformation' }),
};

/**
 * Route-level privileges (any of) for @RequirePrivileges: the union over statuses. The decision then checks the
 * privilege the current status needs (e.g. editing an approved assessment needs Edit_Approved_Case).
 */
export function routePrivileges(command: AssessmentCommandType): Privilege[] {
  if (command === 'StartAssessment') return ['Assessment_New'];
  const all = new Set<Privilege>();
  for (const gate of Object.values(WORKFLOW[command])) for (const p of gate?.privileges ?? []) all.add(p);
  return [...all];
}

/** How a command is said in a refusal: "An assessment that is Approved cannot be <action>." */
export const COMMAND_ACTIONS: Readonly<Record<AssessmentCommandType, string>> = {
  StartAssessment: 'started',
  SaveChildInformation: 'edited',
  ChangeAssessmentType: 'given another type',
  AddCaregiver: 'edited',
  EditCaregiver: 'edited',
  RemoveCaregiver: 'edited',
  BindFamilyCaregivers: 'edited',
  RateItem: 'rated',
  ClearItemRating: 'rated',
  SaveQuestionComment: 'commented',
  DeleteQuestionComment: 'commented',
  SaveNarrative: 'edited',
  CompleteAssessment: 'completed',
  ApproveAssessment: 'approved',
  ReturnAssessment: 'returned',
  CloseAssessment: 'closed',
  DeleteAssessment: 'deleted',
  IncludeInReports: 'included in reports',
  ExcludeFromReports: 'excluded from reports',
  ShareAssessment: 'shared',
  ReassignAssessment: 'reassigned',
};
