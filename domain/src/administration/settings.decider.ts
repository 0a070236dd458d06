/**
 * The single-value settings: saving one records its new value. The notification's rich text is sanitised here, so
 * no markup that could run is ever recorded (the readers sanitise again).
 */
import type { Decider } from '../decider';
import { DomainRuleViolation, hasFieldErrors } from '../domain-errors';
import { reminderSettingsErrors } from '../assessments/reminder-settings';
import { sanitizedRichTextOrEmpty } from '../library/rich-text';
import { EmailServerSavedData, ReminderSettingsSavedData, SETTING_EVENT_TYPES, SettingEvent, SettingEvents } from './settings.events';

/** What a decision needs of the past: only the mail server's sealed password (kept when a save leaves it out). */
export interface SettingState {
  passwordSealed: string | null;
}

/** `passwordSealed` undefined: keep the password saved before (the form leaves it empty; the API never shows it). */
export type SaveEmailServer = { type: 'SaveEmailServer' } & Omit<EmailServerSavedData, 'passwordSealed'> & { passwordSealed?: string };

export type SaveReminderSettings = { type: 'SaveReminderSettings' } & ReminderSettingsSavedData;

export type SettingCommand =
  | { type: 'SaveAppVersion'; version: string }
  | { type: 'SaveSystemNotification'; content: string }
  | SaveEmailServer
  | SaveReminderSettings;

export const settingDecider: Decider<SettingState, SettingCommand, SettingEvent> = {
  initialState: { passwordSealed: null },
  eventTypes: SETTING_EVENT_TYPES,

  decide(command, state) {
    switch (command.type) {
      case 'SaveAppVersion':
        return [{ type: SettingEvents.AppVersionSaved, data: { version: command.version.trim() } }];
      case 'SaveSystemNotification':
        // An editor's empty paragraph is no notification.
        return [{ type: SettingEvents.SystemNotificationSaved, data: { content: sanitizedRichTextOrEmpty(command.content) } }];
      case 'SaveEmailServer': {
        const { type: _type, passwordSealed, ...server } = command;
        return [{ type: SettingEvents.EmailServerSaved, data: { ...server, passwordSealed: passwordSealed ?? state.passwordSealed } }];
      }
      case 'SaveReminderSettings': {
        const { daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert } = command;
        const errors = reminderSettingsErrors(command);
        if (hasFieldErrors(errors)) throw new DomainRuleViolation('The reminder settings are not valid.', errors);
        return [{ type: SettingEvents.ReminderSettingsSaved, data: { daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert } }];
      }
    }
  },

  evolve(state, event) {
    return event.type === SettingEvents.EmailServerSaved ? { passwordSealed: event.data.passwordSealed } : state;
  },
};
