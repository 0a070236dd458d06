/**
 * Reminder arithmetic: the day counts of the assessment list's status column, the incompletion alert, and the
 * Follow up / Overdue tabs (spec 000 "Overdue and follow-up screen", spec 002 "Reminder settings":
 * daysOfIncompletionAlert in days, monthOfNextCaseAlert in months, daysOfTimeoutAlert in days).
 *
 * The spec gives the settings and the screens but not the formulas; our reading:
 * - Status days (spec "Returned counts days since last modification; Incomplete counts days since creation"):
 *   whole elapsed days (24-hour periods) from that moment to now; other statuses have no count.
 * - Incompletion alert: an Incomplete or Returned assessment whose status days reached daysOfIncompletionAlert
 *   (email template IncompleteAssessment). A setting of 0 switches the alert off.
 * - Next assessment due date of an APPROVED assessment: the date of assessment plus the child's "days of next
 *   assessment" when the record has it, else plus monthOfNextCaseAlert months (a month end is kept: 31 Jan + 1
 *   month = 28/29 Feb). None when the child already has a later assessment (the follow-up was started).
 * - Follow up tab: from the due date until daysOfTimeoutAlert days after it (the next assessment should be done
 *   now). Overdue tab: from daysOfTimeoutAlert days after the due date on. The tabs are exclusive, and both show
 *   only approved assessments (spec: "a fixed status Approved").
 * Dates compare as calendar days: `today` is the deployment's date (default: the UTC date of `now`).
 */
import { toCalendarDate } from '../library/rules/age';
import type { AssessmentState } from './assessment.aggregate';
import type { AssessmentStatus } from './assessment.values';

export interface ReminderSettings {
  readonly daysOfIncompletionAlert: number;
  readonly monthOfNextCaseAlert: number;
  readonly daysOfTimeoutAlert: number;
}

/** What the reminder arithmetic needs from an assessment (a read model row has all of it). */
export interface ReminderFacts {
  readonly status: AssessmentStatus;
  /** ISO time of creation. */
  readonly createdAt: string;
  /** ISO time of the last change. */
  readonly lastModifiedAt: string;
  /** 'yyyy-MM-dd'. */
  readonly dateOfAssessment: string;
  readonly daysToNextAssessment: number | null;
  /** A later (not deleted) assessment of the same child exists: the next assessment is under way or done. */
  readonly hasLaterAssessment: boolean;
}

export type ReminderTab = 'followUp' | 'overdue';

export interface Reminders {
  /** Incomplete: days since creation; Returned: days since last modification; otherwise null. */
  readonly statusDays: number | null;
  readonly incompletionAlert: boolean;
  /** 'yyyy-MM-dd' for an approved assessment without a later one; otherwise null. */
  readonly nextAssessmentDueOn: string | null;
  /** The day from which it is overdue ('yyyy-MM-dd'), with the due date. */
  readonly overdueFrom: string | null;
  readonly tab: ReminderTab | null;
  /** Days from the due date to today (negative before the due date), when there is a due date. */
  readonly daysPastDue: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function instant(value: Date | string): number {
  const time = (typeof value === 'string' ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid time ${String(value)}`);
  return time;
}

/** Whole elapsed days between two instants (0 before a full day has passed; never negative). */
export function elapsedDays(from: Date | string, to: Date | string): number {
  return Math.max(0, Math.floor((instant(to) - instant(from)) / DAY_MS));
}

const epochDay = (date: string): number => {
  const { year, month, day } = toCalendarDate(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

const fromEpochDay = (days: number): string => new Date(days * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => fromEpochDay(epochDay(date) + days);

/** Adds calendar months, keeping the day or the last day of a shorter month. */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = toCalendarDate(date);
  const targetMonthIndex = month - 1 + months;
  const targetYear = year + Math.floor(targetMonthIndex / 12);
  const targetMonth = ((targetMonthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return fromEpochDay(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)) / DAY_MS);
}

export function nextAssessmentDueOn(facts: ReminderFacts, settings: ReminderSettings): string | null {
  if (facts.status !== 'approved' || facts.hasLaterAssessment || !facts.dateOfAssessment) return null;
  if (facts.daysToNextAssessment !== null && facts.daysToNextAssessment > 0)
    return addDays(facts.dateOfAssessment, facts.daysToNextAssessment);
  if (settings.monthOfNextCaseAlert > 0) return addMonths(facts.dateOfAssessment, settings.monthOfNextCaseAlert);
  return null;
}

export function remindersFor(facts: ReminderFacts, settings: ReminderSettings, now: Date | string, today?: string): Reminders {
  const todayDate = today ?? new Date(instant(now)).toISOString().slice(0, 10);
  const statusDays =
    facts.status === 'incomplete'
      ? elapsedDays(facts.createdAt, now)
      : facts.status === 'returned'
        ? elapsedDays(facts.lastModifiedAt, now)
        : null;
  const incompletionAlert = statusDays !== null && settings.daysOfIncompletionAlert > 0 && statusDays >= settings.daysOfIncompletionAlert;

  const dueOn = nextAssessmentDueOn(facts, settings);
  if (dueOn === null) return { statusDays, incompletionAlert, nextAssessmentDueOn: null, overdueFrom: null, tab: null, daysPastDue: null };
  const overdueFrom = addDays(dueOn, Math.max(0, settings.daysOfTimeoutAlert));
  const daysPastDue = epochDay(todayDate) - epochDay(dueOn);
  const tab: ReminderTab | null = todayDate >= overdueFrom ? 'overdue' : todayDate >= dueOn ? 'followUp' : null;
  return { statusDays, incompletionAlert, nextAssessmentDueOn: dueOn, overdueFrom, tab, daysPastDue };
}

/** The reminder facts of an aggregate state; whether a later assessment exists comes from the read side. */
export function reminderFactsOf(state: AssessmentState, hasLaterAssessment: boolean): ReminderFacts {
  return {
    status: state.status,
    createdAt: state.createdAt ?? '',
    lastModifiedAt: state.lastModifiedAt ?? state.createdAt ?? '',
    dateOfAssessment: state.child?.dateOfAssessment ?? '',
    daysToNextAssessment: state.child?.daysToNextAssessment ?? null,
    hasLaterAssessment,
  };
}
