/**
 * The assessment list's collections and their documents (spec 000 "Assessment list", "Overdue and follow-up screen",
 * spec 001 home counts); assessment-list.projection.ts describes what each is for.
 */
import type { AssessmentStatus, ReminderFacts } from '@cans/domain/assessments';
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { PagedIdsHead } from './paged-ids';

export const ASSESSMENT_LIST_COLLECTION = 'assessment_list';
export const ASSESSMENT_CHILDREN_COLLECTION = 'assessment_children';
export const ASSESSMENT_ASSESSORS_COLLECTION = 'assessment_assessors';
/** The ids of the assessments each assessor owns, a page of at most ASSESSOR_PAGE_SIZE per document. */
export const ASSESSMENT_ASSESSOR_PAGES_COLLECTION = 'assessment_assessor_pages';
export const ASSESSMENT_SHARES_COLLECTION = 'assessment_shares';
export const ASSESSMENT_COUNTERS_COLLECTION = 'assessment_counters';
/** The rows whose due date comes from the months reminder setting, by date of assessment, and the setting applied (due-dates.ts). */
export const ASSESSMENT_DUE_INDEX_COLLECTION = 'assessment_due_index';

export interface AssessmentListDocument extends Document {
  /** Stream revision of the last event. */
  revision: number;
  cin: string;
  firstName: string;
  lastName: string;
  /** "First Last" (spec fullName column and search). */
  fullName: string;
  familyId: string | null;
  dateOfAssessment: string;
  daysToNextAssessment: number | null;
  assessmentType: string;
  /** The case worker (assessor) whose case it is. */
  ownerId: string;
  assessorFirstName: string;
  assessorLastName: string;
  assessorName: string;
  agencyId: string | null;
  sharedWith: string[];
  /** "|id1|id2|": the sharedWith ids between bars (the identity policy's ScopedFields.sharedWithKey). */
  sharedWithKey: string;
  status: AssessmentStatus;
  /** The spec's one-letter code (i, r, c, a, e). */
  statusCode: string;
  includedInReports: boolean;
  previousAssessmentId: string | null;
  libraryVersion: string | null;
  caregiverCount: number;
  createdAt: string;
  createdBy: string | null;
  lastModifiedAt: string;
  completedAt: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  /** A later (not deleted) assessment of the same child exists (spec oldData). */
  hasLaterAssessment: boolean;
  /** Approved and latest: the day the next assessment is due (reminders.ts, under the saved settings); null otherwise. */
  nextAssessmentDueOn: string | null;
}

export interface ChildGroupMember {
  id: string;
  dateOfAssessment: string;
  createdAt: string;
}

export interface AssessmentChildDocument extends Document {
  cin: string;
  members: ChildGroupMember[];
  latestId: string | null;
}

/** An assessor's name; idCount: how many assessments they own now, listed in assessment_assessor_pages (paged-ids.ts). */
export interface AssessmentAssessorDocument extends PagedIdsHead {
  firstName: string;
  lastName: string;
}

export interface AssessmentShareDocument extends Document {
  assessmentId: string;
  userId: string;
}

export interface AssessmentCounterDocument extends Document {
  kind: 'status-day' | 'status-total' | 'month-type' | 'due-day';
  status?: AssessmentStatus;
  /** 'yyyy-MM-dd' of the last update (status-day) or of nextAssessmentDueOn (due-day). */
  day?: string;
  /** 'yyyy-MM' of the date of assessment (month-type). */
  month?: string;
  assessmentType?: string;
  count: number;
}

/** The key of a child group: the PID, trimmed and case-insensitive. */
export const childKeyOf = (cin: string): string => cin.trim().toLowerCase();

/** "Later" between two assessments of one child: later date of assessment, then later creation, then id. */
export function isLaterThan(a: ChildGroupMember, b: ChildGroupMember): boolean {
  if (a.dateOfAssessment !== b.dateOfAssessment) return a.dateOfAssessment > b.dateOfAssessment;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/** What the reminder rules read of a list row (the next due date here, the overdue and follow-up flags in the list query). */
export function reminderFactsOf(doc: AssessmentListDocument): ReminderFacts {
  return {
    status: doc.status,
    createdAt: doc.createdAt,
    lastModifiedAt: doc.lastModifiedAt,
    dateOfAssessment: doc.dateOfAssessment,
    daysToNextAssessment: doc.daysToNextAssessment,
    hasLaterAssessment: doc.hasLaterAssessment,
  };
}
