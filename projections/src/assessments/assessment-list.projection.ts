/**
 * The assessment list read models (spec 000 "Assessment list", "Overdue and follow-up screen", spec 001 home
 * counts). One projection, because its collections change together on every assessment event:
 *
 * - assessment_list: one document per live assessment with everything the list, the overdue / follow-up tabs and
 *   the row actions need, plus the row-access fields (ownerId, sharedWith / sharedWithKey, agencyId, createdAt) the
 *   list query filters on. Deleted assessments are removed (assessment-list/rows.ts).
 * - assessment_children: the assessments of one child (PID), to know which is the latest: every other one is
 *   "old data" (hasLaterAssessment), which closes approval and the follow-up reminder of the earlier ones
 *   (assessment-list/child-groups.ts).
 * - assessment_assessors: the assessor (owner) names, from the user events, and how many assessments each owns;
 *   assessment_assessor_pages: which ones, in pages of 256 ids, so a renamed user's rows are renamed too (the list
 *   sorts by assessor name, so it is stored on the row) and a new assessment copies one short page.
 * - assessment_shares: one document per (assessment, user it is shared with), so "shared with me" is an indexed
 *   lookup rather than a text search over every row (both in assessment-list/assessors-and-shares.ts).
 * - assessment_counters: state-wide counters for the home page and the list totals (status by day of last
 *   update, and all-time; live rows by next due day; assessments by month of the date of assessment and type), so the
 *   administrator's dashboard and list do not count 100k rows (assessment-list/counters.ts).
 *
 * - assessment_due_index: the rows whose due date comes from the saved monthOfNextCaseAlert, so saving another
 *   recomputes them (assessment-list/due-dates.ts).
 *
 * Deterministic: only event data and recordedAt are used; the due dates use the reminder settings as saved up to
 * the event (ReminderSettingsSaved). Queries over these collections: assessment-list.queries.ts.
 */
import { ASSESSMENT_EVENT_TYPES, AssessmentEvent, AssessmentEvents } from '@cans/domain/assessments/assessment.events';
import { defineEventProjection } from '../engine/projection';
import {
  addOwned,
  ASSESSOR_NAME_EVENT_TYPES,
  AssessorNameEvent,
  isAssessorNameEvent,
  removeOwned,
  renameAssessor,
  syncShares,
} from './assessment-list/assessors-and-shares';
import { regroup } from './assessment-list/child-groups';
import { lastUpdateDayOf, moveCountersAfterBatch } from './assessment-list/counters';
import {
  ASSESSMENT_ASSESSOR_PAGES_COLLECTION,
  ASSESSMENT_ASSESSORS_COLLECTION,
  ASSESSMENT_CHILDREN_COLLECTION,
  ASSESSMENT_COUNTERS_COLLECTION,
  ASSESSMENT_DUE_INDEX_COLLECTION,
  ASSESSMENT_LIST_COLLECTION,
  ASSESSMENT_SHARES_COLLECTION,
  AssessmentListDocument,
} from './assessment-list/documents';
import { applyReminderMonths, trackDueIndex } from './assessment-list/due-dates';
import { rowChanges, startedRow, withDerived } from './assessment-list/rows';
import { SettingEvents, type SettingEvent } from '@cans/domain/administration/settings.events';

type ReminderSettingsEvent = Extract<SettingEvent, { type: typeof SettingEvents.ReminderSettingsSaved }>;

export * from './assessment-list/documents';

export const assessmentListProjection = defineEventProjection<AssessmentEvent | AssessorNameEvent | ReminderSettingsEvent>({
  name: 'assessment-list',
  // 2: status-total and due-day counters, trigram search indexes. 3: per-owner counters (counters.ts). 4: per-owner
  // month counters by type, one document per year, and children (latest rows) counters (home charts, supervisor table).
  // 5: due dates under the saved reminder settings, and their index.
  version: 6,
  collections: [
    {
      name: ASSESSMENT_LIST_COLLECTION,
      indexes: [
        'id',
        'ownerId',
        'agencyId',
        'status',
        'cin',
        'fullName',
        'assessorName',
        'dateOfAssessment',
        'lastModifiedAt',
        'createdAt',
        'familyId',
        'nextAssessmentDueOn',
      ],
      // Global search: case-insensitive substring on PID and child name.
      searchIndexes: ['cin', 'fullName'],
    },
    { name: ASSESSMENT_CHILDREN_COLLECTION },
    { name: ASSESSMENT_ASSESSORS_COLLECTION },
    { name: ASSESSMENT_ASSESSOR_PAGES_COLLECTION },
    { name: ASSESSMENT_SHARES_COLLECTION, indexes: ['userId', 'assessmentId'] },
    { name: ASSESSMENT_COUNTERS_COLLECTION, indexes: ['kind', 'day', 'month'] },
    { name: ASSESSMENT_DUE_INDEX_COLLECTION },
  ],
  eventTypes: [...ASSESSMENT_EVENT_TYPES, ...ASSESSOR_NAME_EVENT_TYPES, SettingEvents.ReminderSettingsSaved],
  async apply(event, view) {
    if (event.type === SettingEvents.ReminderSettingsSaved) return applyReminderMonths(view, event.data.monthOfNextCaseAlert);
    if (isAssessorNameEvent(event)) return renameAssessor(event, view);
    const assessmentId = event.data.assessmentId;
    // Read-only: the new row is a copy ({ ...before, … }), and nothing below changes `before`.
    const before = await view.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, assessmentId, { readOnly: true });

    let after: AssessmentListDocument | null;
    if (event.type === AssessmentEvents.Started) {
      if (before) return; // a stream starts once; a repeated Started changes nothing
      after = startedRow(event, await addOwned(view, event.data.ownerId, assessmentId));
    } else if (!before) {
      return;
    } else if (event.type === AssessmentEvents.Deleted) {
      after = null;
      await removeOwned(view, before.ownerId, assessmentId);
    } else {
      const changes = rowChanges(before, event);
      // Most events (answers, comments) only move the last update. Within its day nothing else depends on it (the
      // derived fields, shares, child groups and counters stay as they are): patch those two fields and stop.
      if (changes === null && lastUpdateDayOf(event.recordedAt) === lastUpdateDayOf(before.lastModifiedAt)) {
        view.patch(ASSESSMENT_LIST_COLLECTION, assessmentId, { revision: event.revision, lastModifiedAt: event.recordedAt });
        return;
      }
      after = { ...before, revision: event.revision, lastModifiedAt: event.recordedAt, ...changes };
      if (event.type === AssessmentEvents.Reassigned && after.ownerId !== before.ownerId) {
        await removeOwned(view, before.ownerId, assessmentId);
        const assessor = await addOwned(view, after.ownerId, assessmentId);
        after.assessorFirstName = assessor.firstName;
        after.assessorLastName = assessor.lastName;
      }
    }

    syncShares(view, assessmentId, before?.sharedWith ?? [], after?.sharedWith ?? []);
    // Only a new assessment, a changed PID or date of assessment, or a deletion can move a row between child
    // groups; every other event (an answer, a comment …) keeps the row's flag, so it costs no group read.
    const canMove =
      event.type === AssessmentEvents.Started ||
      event.type === AssessmentEvents.ChildInformationSaved ||
      event.type === AssessmentEvents.Deleted;
    const hasLater = canMove || !before ? await regroup(view, before, after) : before.hasLaterAssessment;
    if (after) {
      after.hasLaterAssessment = hasLater;
      view.upsert(ASSESSMENT_LIST_COLLECTION, await withDerived(view, after));
    } else {
      view.delete(ASSESSMENT_LIST_COLLECTION, assessmentId);
    }
    await trackDueIndex(view, before, after);
    moveCountersAfterBatch(view, assessmentId, before);
  },
});
