/**
 * What the assessment decider decides on: the commands a request issues and the context they are judged in (who
 * acts, their privileges and row access to THIS assessment, now, the library version the assessment is answered
 * on). The handler gathers the context (backend/src/assessments/commands/assessment-context.service.ts).
 */
import type { Privilege } from '../identity/privileges';
import type { Rating } from '../library/instrument/instrument.types';
import { AccessDeniedError } from '../domain-errors';
import type { FieldErrors } from '../domain-errors';
import type { Caregiver } from './assessment.values';
import type { CaregiverInput, ChildInformationInput, ChildValidationOptions, NarrativeInput } from './child-information.validation';
import type { QuestionnaireLibrary } from './questionnaire';

/**
 * The actor's row access to THIS assessment, computed by the identity layer from the user hierarchy, sharing and
 * monitoring privileges (spec onlyView / isSelfCase).
 */
export interface AssessmentRowAccess {
  /** The actor may see the assessment at all. */
  readonly canView: boolean;
  /** The actor may change it (spec onlyView = false). */
  readonly canEdit: boolean;
  /**
   * Spec isSelfCase, "the case is the user's own": in the actor's own caseload (their own case or a case of the
   * workers they supervise), as opposed to one they see through sharing or monitoring. Approval, return and report
   * inclusion need it.
   */
  readonly isOwnCase: boolean;
}

/**
 * Row-access reasons (identity/access/row-access-policy.ts decideRowAccess) that make a case the actor's OWN
 * (spec isSelfCase): their own, a supervisee's, the administrator's everything, and cases they cover under a
 * temporary access assignment. Shared, parent-group and monitored cases are visible but not "own".
 */
export const OWN_CASE_ACCESS_REASONS: readonly string[] = ['owner', 'supervisor', 'administrator', 'temporary-access'];

/** Maps the identity layer's row-access decision ({ view, edit, reason }) to what decisions read. */
export function assessmentRowAccessFrom(decision: {
  readonly view: boolean;
  readonly edit: boolean;
  readonly reason: string;
}): AssessmentRowAccess {
  return {
    canView: decision.view,
    canEdit: decision.view && decision.edit,
    isOwnCase: decision.view && OWN_CASE_ACCESS_REASONS.includes(decision.reason),
  };
}

export interface AssessmentContext {
  readonly actorId: string;
  readonly privileges: readonly Privilege[];
  readonly rowAccess: AssessmentRowAccess;
  /** Request time (validation of dates). */
  readonly now: Date | string;
  /** Today's date in the deployment's time zone, 'yyyy-MM-dd' (default: UTC date of now). */
  readonly today?: string;
  /**
   * The library version the assessment is answered on (its recorded version; for StartAssessment the current
   * one, which gets recorded). Needed by StartAssessment, rating, comment and completion commands.
   */
  readonly library?: QuestionnaireLibrary;
  /**
   * Spec oldData: a later (not deleted) assessment of the same child (PID) exists, so this one is a superseded
   * record. The handler reads it from the assessments read model (the same fact as the reminders'
   * hasLaterAssessment). Approval and return refuse old data. Not a library-version comparison: an assessment keeps
   * the library version it was started on, and the library's version changes with every library edit.
   */
  readonly oldData?: boolean;
  /** Users the actor may share with or reassign to (spec sibling users: same supervisor). */
  readonly siblingUserIds?: readonly string[];
  /**
   * The actor is above the owner in the supervisor tree (one of the owner's supervisors, up to the top): like the
   * owner, their share may take back shares others granted. Needed by ShareAssessment; absent means no.
   */
  readonly aboveOwner?: boolean;
  /** Label configuration and option lists for the child form. */
  readonly childForm?: Omit<ChildValidationOptions, 'now' | 'today'>;
}

/**
 * The actor may not do this (missing privilege, view-only row, not their case). An AccessDeniedError, so the HTTP
 * layer answers 403 (api-exception.filter.ts).
 */
export class AssessmentAccessDenied extends AccessDeniedError {
  /** No field is at fault: the refusal is about who acts, not what they sent. */
  readonly fieldErrors: FieldErrors = {};
  readonly conflict = false;

  constructor(
    message: string,
    readonly requiredPrivileges: readonly Privilege[] = [],
  ) {
    super(message);
    this.name = 'AssessmentAccessDenied';
  }
}

export interface StartAssessment {
  readonly type: 'StartAssessment';
  readonly assessmentId: string;
  readonly child: ChildInformationInput;
  /** The case worker who will own the case: the actor, or the user the actor's new assessments go to. Never from the request body. */
  readonly ownerId?: string;
  readonly agencyId: string | null;
  /** The child's latest approved assessment the form was prefilled from (spec latestApprovedChildId). */
  readonly previousAssessmentId?: string | null;
}
export interface SaveChildInformation {
  readonly type: 'SaveChildInformation';
  readonly child: ChildInformationInput;
}
export interface ChangeAssessmentType {
  readonly type: 'ChangeAssessmentType';
  readonly assessmentType: string;
}
export interface AddCaregiver {
  readonly type: 'AddCaregiver';
  readonly caregiverId: string;
  readonly details: CaregiverInput;
}
export interface EditCaregiver {
  readonly type: 'EditCaregiver';
  readonly caregiverId: string;
  readonly details: CaregiverInput;
}
export interface RemoveCaregiver {
  readonly type: 'RemoveCaregiver';
  readonly caregiverId: string;
}
/** Save the FAMILY ID and load that family's caregivers (the handler reads them from the read model, with new ids). */
export interface BindFamilyCaregivers {
  readonly type: 'BindFamilyCaregivers';
  readonly familyId: string;
  readonly caregivers: readonly Caregiver[];
}
export interface RateItem {
  readonly type: 'RateItem';
  readonly questionCode: string;
  readonly caregiverId: string | null;
  readonly rating: Rating;
}
export interface ClearItemRating {
  readonly type: 'ClearItemRating';
  readonly questionCode: string;
  readonly caregiverId: string | null;
}
export interface SaveQuestionComment {
  readonly type: 'SaveQuestionComment';
  /** New id to add a comment; an existing id to edit it. */
  readonly commentId: string;
  readonly questionCode: string;
  readonly caregiverId: string | null;
  readonly content: string;
}
export interface DeleteQuestionComment {
  readonly type: 'DeleteQuestionComment';
  readonly commentId: string;
}
export interface SaveNarrative {
  readonly type: 'SaveNarrative';
  readonly narrative: NarrativeInput;
}
export interface CompleteAssessment {
  readonly type: 'CompleteAssessment';
}
export interface ApproveAssessment {
  readonly type: 'ApproveAssessment';
}
export interface ReturnAssessment {
  readonly type: 'ReturnAssessment';
  readonly reason: string;
}
export interface CloseAssessment {
  readonly type: 'CloseAssessment';
  readonly reason: string;
}
export interface DeleteAssessment {
  readonly type: 'DeleteAssessment';
}
export interface IncludeInReports {
  readonly type: 'IncludeInReports';
}
export interface ExcludeFromReports {
  readonly type: 'ExcludeFromReports';
}
/** The complete set of users to share with (the dialog's selection); an empty set stops sharing. */
export interface ShareAssessment {
  readonly type: 'ShareAssessment';
  readonly userIds: readonly string[];
}
export interface ReassignAssessment {
  readonly type: 'ReassignAssessment';
  readonly toUserId: string;
  /** The new owner's agency (from the user read model). */
  readonly toUserAgencyId: string | null;
}

export type AssessmentCommand =
  | StartAssessment
  | SaveChildInformation
  | ChangeAssessmentType
  | AddCaregiver
  | EditCaregiver
  | RemoveCaregiver
  | BindFamilyCaregivers
  | RateItem
  | ClearItemRating
  | SaveQuestionComment
  | DeleteQuestionComment
  | SaveNarrative
  | CompleteAssessment
  | ApproveAssessment
  | ReturnAssessment
  | CloseAssessment
  | DeleteAssessment
  | IncludeInReports
  | ExcludeFromReports
  | ShareAssessment
  | ReassignAssessment;

/**
 * One decision: the commands of a request, decided in order as one unit (one append), in one context. The spec's
 * Complete "saves the child, then completes the case": [SaveChildInformation, CompleteAssessment].
 */
export interface AssessmentCommandBatch {
  readonly commands: readonly AssessmentCommand[];
  readonly context: AssessmentContext;
}
