/**
 * Which reminder mail an assessment is due for today (the daily job), from the same arithmetic as the lists
 * (reminders.ts): at most one per assessment and day, each under the occurrence that made it due, so it goes out
 * once per occurrence (reminder-mail.events.ts).
 *
 * - IncompleteAssessment: Incomplete (days since creation) or Returned (days since the last change) for
 *   daysOfIncompletionAlert days or more; to the assessor.
 * - PendingApproval: waiting for approval daysOfIncompletionAlert days or more since completion; to the assessor's
 *   supervisor, who approves (the spec names the template, not the recipient; the one who can act is the approver).
 * - ConductNextAssessment: the next assessment falls due within CONDUCT_NEXT_ASSESSMENT_LEAD_DAYS; to the assessor.
 * - FollowUpAssessment: the Follow up tab (due date reached); to the assessor.
 * - OverdueAssessment: the Overdue tab; to the assessor and their supervisor (issue 14).
 */
import type { AssessmentStatus } from './assessment.values';
import { addDays, elapsedDays, remindersFor, ReminderSettings } from './reminders';
import type { ReminderKind } from './reminder-mail.events';

/** Days before the due date the "conduct the next assessment" notice goes out (the spec gives none). */
export const CONDUCT_NEXT_ASSESSMENT_LEAD_DAYS = 30;

export interface ReminderCandidate {
  readonly status: AssessmentStatus;
  readonly createdAt: string;
  readonly lastModifiedAt: string;
  readonly completedAt: string | null;
  readonly dateOfAssessment: string;
  readonly daysToNextAssessment: number | null;
  readonly hasLaterAssessment: boolean;
}

export interface DueReminder {
  readonly kind: ReminderKind;
  readonly occurrence: string;
  /** The supervisor is mailed too (or instead, for PendingApproval). */
  readonly toSupervisor: boolean;
  readonly toAssessor: boolean;
  /** Days in the state that made it due (status days, days past due), for the mail. */
  readonly days: number;
  readonly dueOn: string | null;
}

export function dueReminder(row: ReminderCandidate, settings: ReminderSettings, now: Date): DueReminder | null {
  const today = now.toISOString().slice(0, 10);
  const reminders = remindersFor(row, settings, now, today);
  if (reminders.incompletionAlert && reminders.statusDays !== null) {
    const since = row.status === 'incomplete' ? row.createdAt : row.lastModifiedAt;
    const occurrence = `${row.status}|${since}`;
    return { kind: 'IncompleteAssessment', occurrence, toAssessor: true, toSupervisor: false, days: reminders.statusDays, dueOn: null };
  }
  if (row.status === 'pendingApproval' && row.completedAt && settings.daysOfIncompletionAlert > 0) {
    const days = elapsedDays(row.completedAt, now);
    if (days >= settings.daysOfIncompletionAlert)
      return {
        kind: 'PendingApproval',
        occurrence: `completed|${row.completedAt}`,
        toAssessor: false,
        toSupervisor: true,
        days,
        dueOn: null,
      };
    return null;
  }
  const dueOn = reminders.nextAssessmentDueOn;
  if (!dueOn || reminders.daysPastDue === null) return null;
  const days = Math.abs(reminders.daysPastDue);
  if (reminders.tab === 'overdue')
    return { kind: 'OverdueAssessment', occurrence: `due|${dueOn}`, toAssessor: true, toSupervisor: true, days, dueOn };
  if (reminders.tab === 'followUp')
    return { kind: 'FollowUpAssessment', occurrence: `due|${dueOn}`, toAssessor: true, toSupervisor: false, days, dueOn };
  if (today >= addDays(dueOn, -CONDUCT_NEXT_ASSESSMENT_LEAD_DAYS))
    return { kind: 'ConductNextAssessment', occurrence: `due|${dueOn}`, toAssessor: true, toSupervisor: false, days, dueOn };
  return null;
}
