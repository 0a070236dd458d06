/**
 * The daily reminder job's record (spec 002 "Assessment reminders", email templates IncompleteAssessment,
 * PendingApproval, ConductNextAssessment, FollowUpAssessment, OverdueAssessment).
 *
 * - A run claims its day first (ReminderRunStarted on "reminder-run-<day>", appended only if the stream does not
 *   exist): a second app instance, or a restart the same day, finds the day taken and sends nothing.
 * - Each reminder is recorded on its assessment's reminder stream ("assessment-reminders-<id>") before it is sent,
 *   under its occurrence (what made it due: the due date, the day of completion …), so it goes out at most once per
 *   occurrence; a send that failed is recorded too and re-opens the occurrence for the next day's run.
 * - ReminderRunCompleted sums the run up for the system log.
 */
import type { EventUnion } from '../decider';

export const ReminderMailEvents = {
  /** @stream `reminder-run-<runDay>` */
  RunStarted: 'ReminderRunStarted',
  /** @stream `reminder-run-<runDay>` */
  RunCompleted: 'ReminderRunCompleted',
  /** @stream `assessment-reminders-<assessmentId>` */
  Sent: 'AssessmentReminderSent',
  /** @stream `assessment-reminders-<assessmentId>` */
  Failed: 'AssessmentReminderFailed',
} as const;

/** The kinds of reminder, named as their email templates. */
export const REMINDER_KINDS = [
  'IncompleteAssessment',
  'PendingApproval',
  'ConductNextAssessment',
  'FollowUpAssessment',
  'OverdueAssessment',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The daily reminder job claimed its day: no other run sends that day's reminders. */
export interface ReminderRunStartedData {
  /** 'yyyy-MM-dd' (UTC) the run is for. */
  runDay: string;
}

/** The daily reminder job's run ended: how many reminders it sent and how many failed. */
export interface ReminderRunCompletedData {
  runDay: string;
  /** Reminders sent, by kind. */
  sent: Partial<Record<ReminderKind, number>>;
  /** Reminders whose mail failed (re-tried the next day). */
  failed: number;
  /** Why the run stopped early (the mail server refused or could not be reached); null when it went through. */
  failure: string | null;
}

/** A reminder about the assessment was mailed to its recipients (recorded before sending: once per occurrence). */
export interface AssessmentReminderSentData {
  assessmentId: string;
  kind: ReminderKind;
  /** What made it due (e.g. "due|2026-05-01"): the reminder goes out once per occurrence. */
  occurrence: string;
  recipientIds: string[];
  runDay: string;
}

/** A reminder's mail failed; the occurrence opens again for the next day's run. */
export interface AssessmentReminderFailedData {
  assessmentId: string;
  kind: ReminderKind;
  occurrence: string;
  runDay: string;
  error: string;
}

export type ReminderMailEvent = EventUnion<{
  [ReminderMailEvents.RunStarted]: ReminderRunStartedData;
  [ReminderMailEvents.RunCompleted]: ReminderRunCompletedData;
  [ReminderMailEvents.Sent]: AssessmentReminderSentData;
  [ReminderMailEvents.Failed]: AssessmentReminderFailedData;
}>;

export const REMINDER_MAIL_EVENT_TYPES: readonly ReminderMailEvent['type'][] = Object.values(ReminderMailEvents);

export const reminderRunStreamId = (runDay: string) => `reminder-run-${runDay}`;
export const assessmentRemindersStreamId = (assessmentId: string) => `assessment-reminders-${assessmentId}`;
