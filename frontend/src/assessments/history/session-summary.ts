/*
 * A session's summary line for the collapsed History: what its entries did, counted, in plain words ("Rated 71
 * items, changed Date of Birth, added a caregiver and 5 more changes"). At most three phrases, so a session of a
 * hundred changes still reads in one line: milestones (started, sent for approval, returned, approved …) first,
 * then the activities with the most entries, then reads; the phrases kept read in the order they happened. One
 * entry says more in its own sentence ("Returned: The school report …") than counted ("Returned it").
 */
import type { HistoryEntry } from './history-types';

/** The UI strings' lookup (react-admin's useTranslate). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What an entry did: each activity is one phrase of the summary. */
type Activity =
  | 'started'
  | 'libraryVersion'
  | 'child'
  | 'assessmentType'
  | 'caregiverAdded'
  | 'caregiverEdited'
  | 'caregiverRemoved'
  | 'caregiversLoaded'
  | 'rated'
  | 'ratingCleared'
  | 'commentSaved'
  | 'commentDeleted'
  | 'narrative'
  | 'completed'
  | 'returned'
  | 'approved'
  | 'closed'
  | 'deleted'
  | 'includedInReports'
  | 'excludedFromReports'
  | 'sharing'
  | 'reassigned'
  | 'viewed'
  | 'other';

/** The event types the server describes (the domain's HISTORY_KIND_OF_EVENT) and the recorded reads' type. */
const ACTIVITY_OF_TYPE: Readonly<Record<string, Activity>> = {
  AssessmentStarted: 'started',
  AssessmentLibraryVersionRecorded: 'libraryVersion',
  ChildInformationSaved: 'child',
  AssessmentTypeChanged: 'assessmentType',
  CaregiverAdded: 'caregiverAdded',
  CaregiverEdited: 'caregiverEdited',
  CaregiverRemoved: 'caregiverRemoved',
  FamilyCaregiversBound: 'caregiversLoaded',
  ItemRated: 'rated',
  ItemRatingCleared: 'ratingCleared',
  QuestionCommentSaved: 'commentSaved',
  QuestionCommentDeleted: 'commentDeleted',
  NarrativeSaved: 'narrative',
  AssessmentCompleted: 'completed',
  AssessmentReturned: 'returned',
  AssessmentApproved: 'approved',
  AssessmentClosed: 'closed',
  AssessmentDeleted: 'deleted',
  AssessmentIncludedInReports: 'includedInReports',
  AssessmentExcludedFromReports: 'excludedFromReports',
  AssessmentSharedWithUsers: 'sharing',
  AssessmentReassigned: 'reassigned',
  AssessmentRecordsRead: 'viewed',
};

const MILESTONES: ReadonlySet<Activity> = new Set(['started', 'completed', 'returned', 'approved', 'closed', 'deleted']);
const BACKGROUND: ReadonlySet<Activity> = new Set(['libraryVersion', 'viewed']);
const rankOf = (activity: Activity): number => (MILESTONES.has(activity) ? 0 : BACKGROUND.has(activity) ? 2 : 1);

export const MAX_SUMMARY_PHRASES = 3;

// An event type newer than this code still counts, by the kind the server gave it.
const activityOf = (entry: HistoryEntry): Activity => ACTIVITY_OF_TYPE[entry.type] ?? (entry.kind === 'viewed' ? 'viewed' : 'other');

const distinctCount = (entries: readonly HistoryEntry[], keyOf: (entry: HistoryEntry) => string): number =>
  new Set(entries.map(keyOf)).size;

/** How many things an activity touched: items re-rated twice count once, as do caregivers edited twice. */
function countOf(activity: Activity, entries: readonly HistoryEntry[]): number {
  switch (activity) {
    case 'rated':
    case 'ratingCleared':
      return distinctCount(entries, (entry) => entry.changes[0]?.field ?? entry.sentence);
    case 'caregiverEdited':
      // caregiver.<caregiverId>.<field>
      return distinctCount(entries, (entry) => entry.changes[0]?.field.split('.')[1] ?? entry.sentence);
    default:
      return entries.length;
  }
}

function childPhrase(entries: readonly HistoryEntry[], text: Translate): string {
  const changes = entries.flatMap((entry) => entry.changes);
  const labels = [...new Set(changes.map((change) => change.label))];
  if (labels.length === 0) return text('childSaved');
  if (labels.length === 1) return text('childField', { field: labels[0] });
  if (changes.every((change) => change.before === null)) return text('childEntered');
  return text('childFields', { smart_count: labels.length });
}

/** The summary line of a session's entries, as one sentence; a session of one entry is summed up by its own. */
export function sessionSummary(entries: readonly HistoryEntry[], translate: Translate): string {
  if (entries.length === 1) return entries[0].sentence;
  const text: Translate = (key, options) => translate(`cans.assessments.history.sessions.summary.${key}`, options);
  const byActivity = new Map<Activity, HistoryEntry[]>();
  for (const entry of entries) {
    const activity = activityOf(entry);
    const group = byActivity.get(activity);
    if (group) group.push(entry);
    else byActivity.set(activity, [entry]);
  }
  const byPriority = [...byActivity]
    .map(([activity, group], firstSeen) => ({ activity, group, firstSeen }))
    .sort((a, b) => rankOf(a.activity) - rankOf(b.activity) || b.group.length - a.group.length || a.firstSeen - b.firstSeen);
  // The most telling phrases are kept; they read in the order they happened.
  const phrases = byPriority
    .slice(0, MAX_SUMMARY_PHRASES)
    .sort((a, b) => a.firstSeen - b.firstSeen)
    .map(({ activity, group }) =>
      activity === 'child' ? childPhrase(group, text) : text(activity, { smart_count: countOf(activity, group) }),
    );
  const more = byPriority.slice(MAX_SUMMARY_PHRASES).reduce((sum, { group }) => sum + group.length, 0);
  const sentence =
    more > 0
      ? text('listAndMore', { list: phrases.join(', '), smart_count: more })
      : phrases.length > 1
        ? text('listAnd', { list: phrases.slice(0, -1).join(', '), last: phrases[phrases.length - 1] })
        : (phrases[0] ?? '');
  return sentence.charAt(0).toLocaleUpperCase() + sentence.slice(1);
}
