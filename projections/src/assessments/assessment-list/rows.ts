/** One assessment's list row: the row a Started event creates, how each later event changes it, derived fields. */
import { ASSESSMENT_STATUS_CODES, AssessmentEvent, AssessmentEvents } from '@cans/domain/assessments';
import type { ProjectedEvent, ProjectionView } from '../../engine/projection';
import { withDueDate } from './due-dates';
import { AssessmentAssessorDocument, AssessmentListDocument } from './documents';

type StartedEvent = Extract<ProjectedEvent<AssessmentEvent>, { type: typeof AssessmentEvents.Started }>;

/**
 * The fields computed from others (status code, names, the sharing key and the next due date), set on `doc`, a row
 * the caller owns (a copy it got from the view or built itself); answers it.
 */
export async function withDerived(view: ProjectionView, doc: AssessmentListDocument): Promise<AssessmentListDocument> {
  doc.statusCode = ASSESSMENT_STATUS_CODES[doc.status];
  doc.fullName = `${doc.firstName} ${doc.lastName}`.trim();
  doc.assessorName = `${doc.assessorFirstName} ${doc.assessorLastName}`.trim();
  doc.sharedWithKey = `|${doc.sharedWith.join('|')}|`;
  return withDueDate(view, doc);
}

export function startedRow(event: StartedEvent, assessor: AssessmentAssessorDocument): AssessmentListDocument {
  const started = event.data;
  return {
    id: started.assessmentId,
    revision: event.revision,
    cin: '',
    firstName: '',
    lastName: '',
    fullName: '',
    familyId: null,
    dateOfAssessment: '',
    daysToNextAssessment: null,
    assessmentType: started.assessmentType,
    ownerId: started.ownerId,
    assessorFirstName: assessor.firstName,
    assessorLastName: assessor.lastName,
    assessorName: '',
    agencyId: started.agencyId,
    sharedWith: [],
    sharedWithKey: '||',
    status: 'incomplete',
    statusCode: 'i',
    includedInReports: true,
    previousAssessmentId: started.previousAssessmentId,
    libraryVersion: null,
    caregiverCount: 0,
    createdAt: event.recordedAt,
    createdBy: event.metadata.userId,
    lastModifiedAt: event.recordedAt,
    completedAt: null,
    approvedAt: null,
    approvedBy: null,
    hasLaterAssessment: false,
    nextAssessmentDueOn: null,
  };
}

/**
 * What one event changes on the row besides revision and lastModifiedAt (every event moves those); null when it
 * changes nothing else (an answer, a comment, the narrative: most events), which lets the projection skip the
 * derived fields, shares, child groups and counters. The assessor names are filled in by the caller on Started and
 * Reassigned.
 */
export function rowChanges(row: AssessmentListDocument, event: ProjectedEvent<AssessmentEvent>): Partial<AssessmentListDocument> | null {
  switch (event.type) {
    case AssessmentEvents.LibraryVersionRecorded:
      return { libraryVersion: event.data.version };
    case AssessmentEvents.ChildInformationSaved: {
      const { child } = event.data;
      return {
        cin: child.cin,
        firstName: child.firstName,
        lastName: child.lastName,
        familyId: child.familyId,
        dateOfAssessment: child.dateOfAssessment,
        daysToNextAssessment: child.daysToNextAssessment,
      };
    }
    case AssessmentEvents.TypeChanged:
      return { assessmentType: event.data.to };
    case AssessmentEvents.CaregiverAdded:
      return { caregiverCount: row.caregiverCount + 1 };
    case AssessmentEvents.CaregiverRemoved:
      return { caregiverCount: Math.max(0, row.caregiverCount - 1) };
    case AssessmentEvents.FamilyCaregiversBound:
      return { familyId: event.data.familyId, caregiverCount: row.caregiverCount + event.data.caregivers.length };
    case AssessmentEvents.Completed:
      return { status: 'pendingApproval', completedAt: event.recordedAt };
    case AssessmentEvents.Returned:
      return { status: 'returned' };
    case AssessmentEvents.Approved:
      return { status: 'approved', approvedAt: event.recordedAt, approvedBy: event.data.approvedBy };
    case AssessmentEvents.Closed:
      return { status: 'closed' };
    case AssessmentEvents.IncludedInReports:
      return { includedInReports: true };
    case AssessmentEvents.ExcludedFromReports:
      return { includedInReports: false };
    case AssessmentEvents.SharedWithUsers:
      return { sharedWith: [...event.data.userIds] };
    case AssessmentEvents.Reassigned: {
      const { toUserId, agencyId } = event.data;
      return { ownerId: toUserId, agencyId, sharedWith: row.sharedWith.filter((u) => u !== toUserId) };
    }
    default:
      return null;
  }
}
