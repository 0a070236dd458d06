/**
 * Who owns which assessment under which name (renamed users rename their rows: the list sorts by assessor name, so
 * it is stored on the row), and one share document per (assessment, user it is shared with).
 */
import { UserEvent, UserEvents } from '@cans/domain/identity/user.events';
import type { ProjectedEvent, ProjectionView } from '../../engine/projection';
import {
  ASSESSMENT_ASSESSOR_PAGES_COLLECTION,
  ASSESSMENT_ASSESSORS_COLLECTION,
  ASSESSMENT_LIST_COLLECTION,
  ASSESSMENT_SHARES_COLLECTION,
  AssessmentAssessorDocument,
  AssessmentListDocument,
} from './documents';
import { addPagedId, pagedIdsOf, removePagedId } from './paged-ids';
import { withDerived } from './rows';

/** The user events that name an assessor. */
export const ASSESSOR_NAME_EVENT_TYPES = [UserEvents.Created, UserEvents.Updated, UserEvents.ProfileUpdated] as const;
export type AssessorNameEvent = Extract<UserEvent, { type: (typeof ASSESSOR_NAME_EVENT_TYPES)[number] }>;

export const isAssessorNameEvent = (event: { type: string }): event is ProjectedEvent<AssessorNameEvent> =>
  ASSESSOR_NAME_EVENT_TYPES.some((type) => type === event.type);

/** Read-only (callers write a changed copy). */
async function assessorOf(view: ProjectionView, userId: string): Promise<AssessmentAssessorDocument> {
  return (
    (await view.get<AssessmentAssessorDocument>(ASSESSMENT_ASSESSORS_COLLECTION, userId, { readOnly: true })) ?? {
      id: userId,
      firstName: '',
      lastName: '',
      idCount: 0,
      pageCount: 0,
    }
  );
}

/**
 * Records that the user owns the assessment (the caller knows they did not: a new assessment or a new owner);
 * answers the assessor (for the names on the row).
 */
export async function addOwned(view: ProjectionView, userId: string, assessmentId: string): Promise<AssessmentAssessorDocument> {
  const updated = await addPagedId(view, ASSESSMENT_ASSESSOR_PAGES_COLLECTION, await assessorOf(view, userId), assessmentId);
  view.upsert(ASSESSMENT_ASSESSORS_COLLECTION, updated);
  return updated;
}

export async function removeOwned(view: ProjectionView, userId: string, assessmentId: string): Promise<void> {
  const updated = await removePagedId(view, ASSESSMENT_ASSESSOR_PAGES_COLLECTION, await assessorOf(view, userId), assessmentId);
  if (updated) view.upsert(ASSESSMENT_ASSESSORS_COLLECTION, updated);
}

/** A user's (new) name: kept for their future assessments and written onto the rows they own. */
export async function renameAssessor(event: ProjectedEvent<AssessorNameEvent>, view: ProjectionView): Promise<void> {
  const { userId, firstName, lastName } = event.data;
  const assessor = await assessorOf(view, userId);
  if (assessor.firstName === firstName && assessor.lastName === lastName && event.type !== UserEvents.Created) return;
  view.upsert(ASSESSMENT_ASSESSORS_COLLECTION, { ...assessor, firstName, lastName });
  for await (const assessmentId of pagedIdsOf(view, ASSESSMENT_ASSESSOR_PAGES_COLLECTION, assessor)) {
    const row = await view.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, assessmentId);
    if (row)
      view.upsert(
        ASSESSMENT_LIST_COLLECTION,
        await withDerived(view, { ...row, assessorFirstName: firstName, assessorLastName: lastName }),
      );
  }
}

const shareId = (assessmentId: string, userId: string) => `${assessmentId}|${userId}`;

/** One share document per user the assessment is shared with: "shared with me" is then an indexed lookup. */
export function syncShares(view: ProjectionView, assessmentId: string, before: readonly string[], after: readonly string[]): void {
  for (const userId of before) if (!after.includes(userId)) view.delete(ASSESSMENT_SHARES_COLLECTION, shareId(assessmentId, userId));
  for (const userId of after)
    if (!before.includes(userId)) view.upsert(ASSESSMENT_SHARES_COLLECTION, { id: shareId(assessmentId, userId), assessmentId, userId });
}
