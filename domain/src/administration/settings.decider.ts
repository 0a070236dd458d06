/**
 * The single-value settings: saving one records its new value. The notification's rich text is sanitised here, so
 * no markup that could run is ever recorded (the readers sanitise again).
 */
import type { Decider } from '../decider';
import { sanitizedRichTextOrEmpty } from '../library/rich-text';
import { EmailServerSavedData, SETTING_EVENT_TYPES, SettingEvent, SettingEvents } from './settings.events';

export interface SettingState {
  /** The value as last saved; null before the first save. */
  value: string | null;
  /** The mail server's sealed password as last saved (kept when a save leaves the password out). */
  passwordSealed: string | null;
}

/** `passwordSealed` undefined: keep the password saved before (the form leaves it empty; the API never shows it). */
export type SaveEmailServer = { type: 'SaveEmailServer' } & Omit<EmailServerSavedData, 'passwordSealed'> & { passwordSealed?: string };

export type SettingCommand =
  { type: 'SaveAppVersion'; version: string } | { type: 'SaveSystemNotification'; content: string } | SaveEmailServer;

export const settingDecider: Decider<SettingState, SettingCommand, SettingEvent> = {
  initialState: { value: null, passwordSealed: null },
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
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case SettingEvents.AppVersionSaved:
        return { ...state, value: event.data.version };
      case SettingEvents.SystemNotificationSaved:
        return { ...state, value: event.data.content };
      case SettingEvents.EmailServerSaved:
        return { ...state, value: event.data.smtp, passwordSealed: event.data.passwordSealed };
    }
  },
};
