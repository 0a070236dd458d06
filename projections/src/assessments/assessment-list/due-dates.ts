/**
 * The next-assessment due dates of the list rows under the saved reminder settings. A row's due date is
 * "date of assessment + monthOfNextCaseAlert months" unless the child's record says "days of next assessment"; the
 * row stores it, because the overdue tab, the home counts and the due-day counters filter and sort on it. So when
 * a deployment saves another monthOfNextCaseAlert (ReminderSettingsSaved, an event of the log like any other),
 * every row whose due date comes from the months setting is recomputed, through the same path as any row change.
 *
 * To find those rows without scanning the collection (a projection reads by id only), the projection keeps an
 * index of them by date of assessment (paged: a day of a bulk import may hold thousands), touched only when a row
 * enters or leaves it (approval, a later assessment of the child, a deletion).
 */
import { nextAssessmentDueOn } from '@cans/domain/assessments';
import { DEFAULT_REMINDER_SETTINGS } from '@cans/domain/assessments/reminder-settings';
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView } from '../../engine/projection';
import { moveCountersAfterBatch } from './counters';
import { ASSESSMENT_DUE_INDEX_COLLECTION, ASSESSMENT_LIST_COLLECTION, AssessmentListDocument, reminderFactsOf } from './documents';
import { addPagedId, PagedIdsHead, pagedIdsOf, removePagedId } from './paged-ids';

const SETTINGS_ID = 'reminder-settings';
const DAYS_ID = 'days';
const dayDocumentId = (day: string) => `day|${day}`;

interface ReminderMonthsDocument extends Document {
  monthOfNextCaseAlert: number;
}
interface IndexedDaysDocument extends Document {
  days: string[];
}

/**
 * The monthOfNextCaseAlert the projection has applied (the default until a save). The default is stored on first
 * use: a live projection's cache holds documents it stored, so the many approvals of a catch-up then read it from
 * memory instead of asking the store for a document that is not there.
 */
export async function reminderMonthsOf(view: ProjectionView): Promise<number> {
  const saved = await view.get<ReminderMonthsDocument>(ASSESSMENT_DUE_INDEX_COLLECTION, SETTINGS_ID, { readOnly: true });
  if (saved) return saved.monthOfNextCaseAlert;
  const monthOfNextCaseAlert = DEFAULT_REMINDER_SETTINGS.monthOfNextCaseAlert;
  view.upsert(ASSESSMENT_DUE_INDEX_COLLECTION, { id: SETTINGS_ID, monthOfNextCaseAlert } satisfies ReminderMonthsDocument);
  return monthOfNextCaseAlert;
}

/** Whether a row's due date would come from the months setting: the index day it belongs to, else null. */
function indexDayOf(row: AssessmentListDocument | null): string | null {
  if (!row || row.status !== 'approved' || row.hasLaterAssessment || !row.dateOfAssessment) return null;
  if (row.daysToNextAssessment !== null && row.daysToNextAssessment > 0) return null;
  return row.dateOfAssessment;
}

/** The row's due date under the settings the projection holds (set on `row`, which the caller owns). */
export async function withDueDate(view: ProjectionView, row: AssessmentListDocument): Promise<AssessmentListDocument> {
  const fromMonths = indexDayOf(row) !== null;
  const monthOfNextCaseAlert = fromMonths ? await reminderMonthsOf(view) : DEFAULT_REMINDER_SETTINGS.monthOfNextCaseAlert;
  row.nextAssessmentDueOn = nextAssessmentDueOn(reminderFactsOf(row), { ...DEFAULT_REMINDER_SETTINGS, monthOfNextCaseAlert });
  return row;
}

/** Keeps the index in step with one row change (before null: new; after null: deleted). Call on every row write. */
export async function trackDueIndex(view: ProjectionView, before: AssessmentListDocument | null, after: AssessmentListDocument | null) {
  const id = (after ?? before)?.id;
  const from = indexDayOf(before);
  const to = indexDayOf(after);
  if (!id || from === to) return;
  if (from) {
    const head = await dayHeadOf(view, from);
    const updated = head && (await removePagedId(view, ASSESSMENT_DUE_INDEX_COLLECTION, head, id));
    if (updated) view.upsert(ASSESSMENT_DUE_INDEX_COLLECTION, updated);
  }
  if (to) {
    const head = await dayHeadOf(view, to);
    const empty = { id: dayDocumentId(to), idCount: 0, pageCount: 0 };
    view.upsert(ASSESSMENT_DUE_INDEX_COLLECTION, await addPagedId(view, ASSESSMENT_DUE_INDEX_COLLECTION, head ?? empty, id));
    // The list of days only grows, by one entry per new date of assessment (a day's head stays when emptied).
    if (!head) {
      const days = await view.get<IndexedDaysDocument>(ASSESSMENT_DUE_INDEX_COLLECTION, DAYS_ID, { readOnly: true });
      view.upsert(ASSESSMENT_DUE_INDEX_COLLECTION, { id: DAYS_ID, days: [...(days?.days ?? []), to] } satisfies IndexedDaysDocument);
    }
  }
}

const dayHeadOf = (view: ProjectionView, day: string) =>
  view.get<PagedIdsHead>(ASSESSMENT_DUE_INDEX_COLLECTION, dayDocumentId(day), { readOnly: true });

/** A saved monthOfNextCaseAlert: recompute the rows whose due date comes from it (their counters move with them). */
export async function applyReminderMonths(view: ProjectionView, monthOfNextCaseAlert: number): Promise<void> {
  if ((await reminderMonthsOf(view)) === monthOfNextCaseAlert) return;
  view.upsert(ASSESSMENT_DUE_INDEX_COLLECTION, { id: SETTINGS_ID, monthOfNextCaseAlert } satisfies ReminderMonthsDocument);
  const days = await view.get<IndexedDaysDocument>(ASSESSMENT_DUE_INDEX_COLLECTION, DAYS_ID, { readOnly: true });
  for (const day of days?.days ?? []) {
    const head = await dayHeadOf(view, day);
    if (!head) continue;
    for await (const id of pagedIdsOf(view, ASSESSMENT_DUE_INDEX_COLLECTION, head)) {
      const row = await view.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, id, { readOnly: true });
      if (!row) continue;
      const updated = await withDueDate(view, { ...row });
      if (updated.nextAssessmentDueOn === row.nextAssessmentDueOn) continue;
      view.upsert(ASSESSMENT_LIST_COLLECTION, updated);
      moveCountersAfterBatch(view, id, row);
    }
  }
}
