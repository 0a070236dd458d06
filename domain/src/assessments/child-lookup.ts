/**
 * Small decisions of the child form that the query side answers (spec 000 §4):
 * - leaving the PID field looks up the child's latest assessment;
 * - a FAMILY ID with caregivers on other assessments offers to load them;
 * - the caregiver domain's notice for children without a plan to transition home.
 */
import { CATALOGUE } from './assessment.messages';
import type { AssessmentStatus, ChildInformation } from './assessment.values';
import type { ChildInformationInput } from './child-information.validation';

export interface LatestAssessmentOfPid {
  readonly assessmentId: string;
  readonly status: AssessmentStatus;
  readonly child: ChildInformation;
}

export type PidLookupOutcome =
  /** Nothing to do: no earlier assessment of this PID (or only closed/deleted ones, or the one being edited). */
  | { readonly kind: 'none' }
  /** Edit mode, the latest assessment of the PID is approved: go to its edit page. */
  | { readonly kind: 'open-approved'; readonly assessmentId: string }
  /** Add mode, the latest assessment is approved: prefill the form from it, date of assessment cleared. */
  | { readonly kind: 'prefill-from-approved'; readonly assessmentId: string; readonly prefill: ChildInformationInput }
  /** The latest assessment is not approved yet: ask (key child_no_approved) whether to edit it. */
  | { readonly kind: 'confirm-edit-unapproved'; readonly assessmentId: string; readonly message: string };

/**
 * The outcome of leaving the PID field with a changed value. Closed and deleted assessments are finished or gone,
 * so they do not count as "an assessment which hasn't been approved" (our reading; the spec does not say).
 */
export function pidLookupOutcome(
  latest: LatestAssessmentOfPid | null,
  mode: 'add' | 'edit',
  editingAssessmentId?: string,
): PidLookupOutcome {
  if (!latest || latest.assessmentId === editingAssessmentId) return { kind: 'none' };
  if (latest.status === 'closed' || latest.status === 'deleted') return { kind: 'none' };
  if (latest.status === 'approved') {
    if (mode === 'edit') return { kind: 'open-approved', assessmentId: latest.assessmentId };
    return { kind: 'prefill-from-approved', assessmentId: latest.assessmentId, prefill: prefillFromApproved(latest.child) };
  }
  return { kind: 'confirm-edit-unapproved', assessmentId: latest.assessmentId, message: CATALOGUE.childNotApproved };
}

/** The new assessment's form, prefilled from the child's latest approved one; the date of assessment is cleared. */
export function prefillFromApproved(child: ChildInformation): ChildInformationInput {
  return { ...child, dateOfAssessment: null };
}

/** The question asked after saving a FAMILY ID that other assessments' caregivers share (key caregiver_bind_familyId). */
export function familyBindPrompt(caregiversOfFamilyElsewhere: number): string | null {
  return caregiversOfFamilyElsewhere > 0 ? CATALOGUE.caregiverBindFamilyId : null;
}

/**
 * The caregiver domain's notice: "only relevant for children with a plan to transition home" — shown when the
 * child's involvement says otherwise. It is a notice, not a rule: the domain stays rateable and counted.
 */
export function caregiverDomainNotice(child: Pick<ChildInformation, 'involvement'> | null): string | null {
  if (!child?.involvement || child.involvement === 'Looking to transition home') return null;
  return CATALOGUE.caregiverDomainOnlyForTransitionHome;
}
