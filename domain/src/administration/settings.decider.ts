/**
 * The single-value settings: saving one records its new value. The notification's rich text is sanitised here, so
 * no markup that could run is ever recorded (the readers sanitise again).
 */
import type { Decider } from '../decider';
import { sanitizedRichTextOrEmpty } from '../library/rich-text';
import { SETTING_EVENT_TYPES, SettingEvent, SettingEvents } from './settings.events';

export interface SettingState {
  /** The value as last saved; null before the first save. */
  value: string | null;
}

export type SettingCommand = { type: 'SaveAppVersion'; version: string } | { type: 'SaveSystemNotification'; content: string };

export const settingDecider: Decider<SettingState, SettingCommand, SettingEvent> = {
  initialState: { value: null },
  eventTypes: SETTING_EVENT_TYPES,

  decide(command) {
    switch (command.type) {
      case 'SaveAppVersion':
        return [{ type: SettingEvents.AppVersionSaved, data: { version: command.version.trim() } }];
      case 'SaveSystemNotification':
        // An editor's empty paragraph is no notification.
        return [{ type: SettingEvents.SystemNotificationSaved, data: { content: sanitizedRichTextOrEmpty(command.content) } }];
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case SettingEvents.AppVersionSaved:
        return { value: event.data.version };
      case SettingEvents.SystemNotificationSaved:
        return { value: event.data.content };
    }
  },
};
