/**
 * The buttons of the edit page and of list rows for THIS user: the commands whose gate lets them through now
 * (input is not judged). Computed by the same gate the decider runs, so what a user sees and what the server
 * accepts cannot drift apart.
 */
import type { AssessmentState } from './assessment.aggregate';
import type { AssessmentContext } from './assessment.commands';
import { GatedState, gateRefusal } from './assessment.gate';
import type { AssessmentCommandType } from './assessment.workflow';

export interface AssessmentActions {
  /** Save the child record and caregivers (Assessment_Edit in i/r, Edit_Approved_Case in c/a). */
  edit: boolean;
  /** Answer questions, comment, write the narrative (closed to everyone once approved or closed). */
  rate: boolean;
  complete: boolean;
  approve: boolean;
  return: boolean;
  close: boolean;
  delete: boolean;
  include: boolean;
  exclude: boolean;
  changeType: boolean;
  share: boolean;
  reassign: boolean;
}

export type AssessmentAction = keyof AssessmentActions;

/** The command whose gate decides each action. */
export const ACTION_GATES: Readonly<Record<AssessmentAction, Exclude<AssessmentCommandType, 'StartAssessment'>>> = {
  edit: 'SaveChildInformation',
  rate: 'RateItem',
  complete: 'CompleteAssessment',
  approve: 'ApproveAssessment',
  return: 'ReturnAssessment',
  close: 'CloseAssessment',
  delete: 'DeleteAssessment',
  include: 'IncludeInReports',
  exclude: 'ExcludeFromReports',
  changeType: 'ChangeAssessmentType',
  share: 'ShareAssessment',
  reassign: 'ReassignAssessment',
};

/** What the actions read of a state: enough for a list row, which has no full aggregate state. */
export type ActionableState = GatedState & Pick<AssessmentState, 'includedInReports'>;

/** The actions the gates let this user through, for the detail view and for list rows. */
export function assessmentActions(state: ActionableState, ctx: AssessmentContext): AssessmentActions {
  const allowed = (action: AssessmentAction) => gateRefusal(state, ACTION_GATES[action], ctx) === null;
  return {
    edit: allowed('edit'),
    rate: allowed('rate'),
    complete: allowed('complete'),
    approve: allowed('approve'),
    return: allowed('return'),
    close: allowed('close'),
    delete: allowed('delete'),
    include: allowed('include') && !state.includedInReports,
    exclude: allowed('exclude') && state.includedInReports,
    changeType: allowed('changeType'),
    share: allowed('share'),
    reassign: allowed('reassign'),
  };
}

/** The spec's onlyView for this actor: nothing of the record or questionnaire can be changed by them. */
export function isViewOnlyFor(state: ActionableState, ctx: AssessmentContext): boolean {
  return gateRefusal(state, 'SaveChildInformation', ctx) !== null && gateRefusal(state, 'RateItem', ctx) !== null;
}
