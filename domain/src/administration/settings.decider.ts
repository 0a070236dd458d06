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
import { DestinationMessages, emailServerDestination, sftpServerDestination } from './setting-destinations';

/**
 * What a decision needs of the past: the sealed secrets a save may leave out, and the destination they were saved
 * for (each setting has its own stream).
 */
export interface SettingState {
  passwordSealed: string | null;
  privateKeySealed: string | null;
  /** emailServerDestination / sftpServerDestination of the last save; null before one. */
  destination: string | null;
  /** The analysts' pseudonym key exists (it is made once and never replaced: pseudonyms stay stable). */
  analystKeyCreated?: boolean;
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
  | { type: 'UpdateXmlFeedDate'; assessmentDate: string }
  | { type: 'CreateAnalystPseudonymKey'; keySealed: string };

export const settingDecider: Decider<SettingState, SettingCommand, SettingEvent> = {
  initialState: { passwordSealed: null, privateKeySealed: null, destination: null },
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
        const sameDestination = state.destination === emailServerDestination(server);
        if (passwordSealed === undefined && state.passwordSealed && server.userName && !sameDestination)
          throw new DomainRuleViolation(DestinationMessages.passwordAgain, { password: [DestinationMessages.passwordAgain] });
        // No user name: the server takes no sign-in, and no password is kept for a later one.
        const kept = server.userName ? (passwordSealed ?? state.passwordSealed) : null;
        return [
          {
            type: SettingEvents.EmailServerSaved,
            data: { ...server, allowUnencrypted: server.allowUnencrypted === true, passwordSealed: kept },
          },
        ];
      }
      case 'SaveReminderSettings': {
        const { daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert } = command;
        const errors = reminderSettingsErrors(command);
        if (hasFieldErrors(errors)) throw new DomainRuleViolation('The reminder settings are not valid.', errors);
        return [{ type: SettingEvents.ReminderSettingsSaved, data: { daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert } }];
      }
      case 'SaveSftpServer': {
        const { type: _type, passwordSealed, privateKeySealed, ...server } = command;
        if (state.destination !== null && state.destination !== sftpServerDestination(server)) {
          const errors = {
            ...(passwordSealed === undefined && state.passwordSealed ? { password: [DestinationMessages.passwordAgain] } : {}),
            ...(privateKeySealed === undefined && state.privateKeySealed ? { privateKey: [DestinationMessages.privateKeyAgain] } : {}),
          };
          if (hasFieldErrors(errors)) throw new DomainRuleViolation(DestinationMessages.secretsAgain, errors);
        }
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
      case 'CreateAnalystPseudonymKey':
        return state.analystKeyCreated ? [] : [{ type: SettingEvents.AnalystPseudonymKeyCreated, data: { keySealed: command.keySealed } }];
    }
  },

  evolve(state, event) {
    if (event.type === SettingEvents.AnalystPseudonymKeyCreated) return { ...state, analystKeyCreated: true };
    if (event.type === SettingEvents.EmailServerSaved)
      return { ...state, passwordSealed: event.data.passwordSealed, destination: emailServerDestination(event.data) };
    if (event.type === SettingEvents.SftpServerSaved) {
      const { passwordSealed, privateKeySealed } = event.data;
      return { passwordSealed, privateKeySealed, destination: sftpServerDestination(event.data) };
    }
    return state;
  },
};
