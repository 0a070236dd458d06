/**
 * The single-value settings: saving one records its new value. The notification's rich text is sanitised here, so
 * no markup that could run is ever recorded (the readers sanitise again).
 */
import type { Decider } from '../decider';
import { DomainRuleViolation, hasFieldErrors } from '../domain-errors';
import { reminderSettingsErrors } from '../assessments/reminder-settings';
import { sanitizedRichTextOrEmpty } from '../library/rich-text';
import {
  EmailServerSavedData,
  ReminderSettingsSavedData,
  SETTING_EVENT_TYPES,
  SettingEvent,
  SettingEvents,
  SftpServerSavedData,
} from './settings.events';

/** What a decision needs of the past: the sealed secrets a save may leave out (each setting has its own stream). */
export interface SettingState {
  passwordSealed: string | null;
  privateKeySealed: string | null;
}

/** `passwordSealed` undefined: keep the password saved before (the form leaves it empty; the API never shows it). */
export type SaveEmailServer = { type: 'SaveEmailServer' } & Omit<EmailServerSavedData, 'passwordSealed'> & { passwordSealed?: string };

export type SaveReminderSettings = { type: 'SaveReminderSettings' } & ReminderSettingsSavedData;

/** A sealed secret undefined: keep the saved one; null: remove it (the other way of signing in is used). */
export type SaveSftpServer = { type: 'SaveSftpServer' } & Omit<SftpServerSavedData, 'passwordSealed' | 'privateKeySealed'> & {
    passwordSealed?: string | null;
    privateKeySealed?: string | null;
  };

export type SettingCommand =
  | { type: 'SaveAppVersion'; version: string }
  | { type: 'SaveSystemNotification'; content: string }
  | SaveEmailServer
  | SaveReminderSettings
  | SaveSftpServer
  | { type: 'UpdateXmlFeedDate'; assessmentDate: string };

export const settingDecider: Decider<SettingState, SettingCommand, SettingEvent> = {
  initialState: { passwordSealed: null, privateKeySealed: null },
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
      case 'SaveSftpServer': {
        const { type: _type, passwordSealed, privateKeySealed, ...server } = command;
        const saved = {
          passwordSealed: passwordSealed === undefined ? state.passwordSealed : passwordSealed,
          privateKeySealed: privateKeySealed === undefined ? state.privateKeySealed : privateKeySealed,
        };
        if (!saved.passwordSealed && !saved.privateKeySealed)
          throw new DomainRuleViolation('The SFTP server needs a password or a private key.', {
            password: ['Password or private key is required.'],
          });
        return [{ type: SettingEvents.SftpServerSaved, data: { ...server, ...saved } }];
      }
      case 'UpdateXmlFeedDate':
        return [{ type: SettingEvents.XmlFeedDateUpdated, data: { assessmentDate: command.assessmentDate } }];
    }
  },

  evolve(state, event) {
    if (event.type === SettingEvents.EmailServerSaved) return { ...state, passwordSealed: event.data.passwordSealed };
    if (event.type === SettingEvents.SftpServerSaved) {
      const { passwordSealed, privateKeySealed } = event.data;
      return { passwordSealed, privateKeySealed };
    }
    return state;
  },
};
