/**
 * Reminder settings of the assessment area (spec 002 "Reminder settings": daysOfIncompletionAlert in days,
 * monthOfNextCaseAlert in months, daysOfTimeoutAlert in days).
 *
 * The settings screen does not exist yet, and the spec gives no default values, so these are the ONE place the
 * values live until it does: the list projection computes each approved assessment's next-assessment due date
 * with them, the overdue / follow-up queries compute their thresholds with them. Our defaults: an incomplete
 * assessment alerts after 30 days; the next assessment is due 6 months after the date of assessment (unless the
 * child's record says "days of next assessment"); it is overdue 30 days after that.
 *
 * When the settings become editable, the list projection must read them from its own events (a setting change is
 * an event) instead of this constant, or the stored due dates go stale.
 */
import type { ReminderSettings } from '.';

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  daysOfIncompletionAlert: 30,
  monthOfNextCaseAlert: 6,
  daysOfTimeoutAlert: 30,
};
