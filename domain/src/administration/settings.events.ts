/**
 * Events of the single-value settings (spec 002 §2 App Version, Notification), each on a stream of its own
 * ("setting-app-version", "setting-notification"): the value as saved.
 */
import type { EventUnion } from '../decider';

export const SettingEvents = {
  AppVersionSaved: 'AppVersionSaved',
  SystemNotificationSaved: 'SystemNotificationSaved',
} as const;

export interface AppVersionSavedData {
  version: string;
}

export interface SystemNotificationSavedData {
  /** Sanitised rich text (HTML); '' means no notification. */
  content: string;
}

export type SettingEvent = EventUnion<{
  [SettingEvents.AppVersionSaved]: AppVersionSavedData;
  [SettingEvents.SystemNotificationSaved]: SystemNotificationSavedData;
}>;

export const SETTING_EVENT_TYPES: readonly SettingEvent['type'][] = Object.values(SettingEvents);

export const APP_VERSION_STREAM_ID = 'setting-app-version';
export const SYSTEM_NOTIFICATION_STREAM_ID = 'setting-notification';
