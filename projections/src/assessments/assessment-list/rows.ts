/** One assessment's list row: the row a Started event creates, how each later event changes it, derived fields. */
import { ASSESSMENT_STATUS_CODES, AssessmentEvent, AssessmentEvents, nextAssessmentDueOn } from '@cans/domain/assessments';
import { DEFAULT_REMINDER_SETTINGS } from '@cans/domain/assessments/reminder-settings';
import type { ProjectedEvent } from '../../engine/projection';
import { AssessmentAssessorDocument, AssessmentListDocument, reminderFactsOf } from './documents';

type StartedEvent = Extract<ProjectedEvent<AssessmentEvent>, { type: typeof AssessmentEvents.Started }>;

/** The fields computed from others: status code, names, the sharing key and the next due date. */
export function withDerived(doc: AssessmentListDocument): AssessmentListDocument {
  const dueOn = nextAssessmentDueOn(reminderFactsOf(doc), DEFAULT_REMINDER_SETTINGS);
  return {
    ...doc,
    statusCode: ASSESSMENT_STATUS_CODES[doc.status],
    fullName: `${doc.firstName} ${doc.lastName}`.trim(),
    assessorName: `${doc.assessorFirstName} ${doc.assessorLastName}`.trim(),
    sharedWithKey: `|${doc.sharedWith.join('|')}|`,
    nextAssessmentDueOn: dueOn,
  };
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

/** The row after one event (the assessor names are filled in by the caller on Started and Reassigned). */
export function evolveRow(row: AssessmentListDocument, event: ProjectedEvent<AssessmentEvent>): AssessmentListDocument {
  const next: AssessmentListDocument = { ...row, revision: event.revision, lastModifiedAt: event.recordedAt };
  switch (event.type) {
    case AssessmentEvents.LibraryVersionRecorded:
      return { ...next, libraryVersion: event.data.version };
    case AssessmentEvents.ChildInformationSaved: {
      const { child } = event.data;
      return {
        ...next,
        cin: child.cin,
        firstName: child.firstName,
        lastName: child.lastName,
        familyId: child.familyId,
        dateOfAssessment: child.dateOfAssessment,
        daysToNextAssessment: child.daysToNextAssessment,
      };
    }
    case AssessmentEvents.TypeChanged:
      return { ...next, assessmentType: event.data.to };
    case AssessmentEvents.CaregiverAdded:
      return { ...next, caregiverCount: row.caregiverCount + 1 };
    case AssessmentEvents.CaregiverRemoved:
      return { ...next, caregiverCount: Math.max(0, row.caregiverCount - 1) };
    case AssessmentEvents.FamilyCaregiversBound:
      return { ...next, familyId: event.data.familyId, caregiverCount: row.caregiverCount + event.data.caregivers.length };
    case AssessmentEvents.Completed:
      return { ...next, status: 'pendingApproval', completedAt: event.recordedAt };
    case AssessmentEvents.Returned:
      return { ...next, status: 'returned' };
    case AssessmentEvents.Approved:
      return { ...next, status: 'approved', approvedAt: event.recordedAt, approvedBy: event.data.approvedBy };
    case AssessmentEvents.Closed:
      return { ...next, status: 'closed' };
    case AssessmentEvents.IncludedInReports:
      return { ...next, includedInReports: true };
    case AssessmentEvents.ExcludedFromReports:
      return { ...next, includedInReports: false };
    case AssessmentEvents.SharedWithUsers:
      return { ...next, sharedWith: [...event.data.userIds] };
    case AssessmentEvents.Reassigned: {
      const { toUserId, agencyId } = event.data;
      return { ...next, ownerId: toUserId, agencyId, sharedWith: row.sharedWith.filter((u) => u !== toUserId) };
    }
    default:
      return next;
  }
}
