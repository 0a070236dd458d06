/**
 * Reminder settings of the assessment area (spec 002 "Reminder settings": daysOfIncompletionAlert in days,
 * monthOfNextCaseAlert in months, daysOfTimeoutAlert in days), saved on the Assessment Reminder screen
 * (ReminderSettingsSaved). The spec gives no default values; until a deployment saves its own, ours are: an
 * incomplete assessment alerts after 30 days; the next assessment is due 6 months after the date of assessment
 * (unless the child's record says "days of next assessment"); it is overdue 30 days after that.
 *
 * Who reads them: the assessment list projection bakes monthOfNextCaseAlert into each row's due date (from the
 * events, so a rebuild agrees), the list, overdue and home-count queries apply the two day thresholds when they
 * run, and the daily reminder job mails by all three.
 */
import type { FieldErrors } from '../domain-errors';
import type { ReminderSettings } from '.';

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  daysOfIncompletionAlert: 30,
  monthOfNextCaseAlert: 6,
  daysOfTimeoutAlert: 30,
};

/** Upper bounds: a year of days, five years of months (0 switches a reminder off). */
export const REMINDER_SETTING_LIMITS: Readonly<Record<keyof ReminderSettings, { max: number; label: string }>> = {
  daysOfIncompletionAlert: { max: 365, label: 'Days of incompletion alert' },
  monthOfNextCaseAlert: { max: 60, label: 'Months of next assessment alert' },
  daysOfTimeoutAlert: { max: 365, label: 'Days of overdue alert' },
};

export const reminderSettingMessage = (field: keyof ReminderSettings): string =>
  `${REMINDER_SETTING_LIMITS[field].label} must be a whole number from 0 to ${REMINDER_SETTING_LIMITS[field].max}.`;

/** The field errors of a set of reminder settings (none: valid). */
export function reminderSettingsErrors(settings: ReminderSettings): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(REMINDER_SETTING_LIMITS) as (keyof ReminderSettings)[]) {
    const value = settings[field];
    if (!Number.isInteger(value) || value < 0 || value > REMINDER_SETTING_LIMITS[field].max)
      errors[field] = [reminderSettingMessage(field)];
  }
  return errors;
}
