/*
 * UI strings of the History tab's sessions (cans.assessments.history.sessions.*): expand and collapse, jump to a
 * date, and each collapsed session's summary line, built from the phrases below (session-summary.ts).
 */
import type { UiStrings } from './ui-strings';

export const enHistorySessions: UiStrings = {
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  jumpTo: 'Jump to a date',
  jumpToDate: 'Jump to date',
  go: 'Go',
  jumpedTo: 'Showing the first session on or after %{date}.',
  noSessionFrom: 'No session on or after %{date}.',
  summary: {
    listAnd: '%{list} and %{last}',
    listAndMore: '%{list} and %{smart_count} more change |||| %{list} and %{smart_count} more changes',
    started: 'started the assessment',
    libraryVersion: 'recorded the library version',
    childSaved: 'saved the child record',
    childEntered: 'entered the child record',
    childField: 'changed %{field}',
    childFields: 'changed %{smart_count} field of the child record |||| changed %{smart_count} fields of the child record',
    assessmentType: 'changed the assessment type',
    caregiverAdded: 'added a caregiver |||| added %{smart_count} caregivers',
    caregiverEdited: 'edited a caregiver |||| edited %{smart_count} caregivers',
    caregiverRemoved: 'removed a caregiver |||| removed %{smart_count} caregivers',
    caregiversLoaded: "loaded the family's caregivers",
    rated: 'rated %{smart_count} item |||| rated %{smart_count} items',
    ratingCleared: 'cleared %{smart_count} rating |||| cleared %{smart_count} ratings',
    commentSaved: 'saved a comment |||| saved %{smart_count} comments',
    commentDeleted: 'deleted a comment |||| deleted %{smart_count} comments',
    narrative: 'edited the narrative',
    completed: 'sent it for approval',
    returned: 'returned it',
    approved: 'approved it',
    closed: 'closed it',
    deleted: 'deleted it',
    includedInReports: 'included it in reports',
    excludedFromReports: 'excluded it from reports',
    sharing: 'changed the sharing',
    reassigned: 'reassigned it',
    viewed: 'viewed it |||| viewed it %{smart_count} times',
    other: 'made %{smart_count} other change |||| made %{smart_count} other changes',
  },
};
