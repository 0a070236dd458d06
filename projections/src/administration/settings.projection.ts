import {
  EmailServerSavedData,
  ReminderSettingsSavedData,
  SETTING_EVENT_TYPES,
  SftpServerSavedData,
  SettingEvent,
  SettingEvents,
} from '@cans/domain/administration/settings.events';
import type { ReminderSettings } from '@cans/domain/assessments';
import { DEFAULT_REMINDER_SETTINGS } from '@cans/domain/assessments/reminder-settings';
import type { ReadStore, Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../engine/projection';

/** The single-value settings, one document each. */
export const SETTINGS_COLLECTION = 'settings';
export const APP_VERSION_SETTING_ID = 'app-version';
export const SYSTEM_NOTIFICATION_SETTING_ID = 'system-notification';
export const EMAIL_SERVER_SETTING_ID = 'email-server';
export const REMINDER_SETTINGS_ID = 'reminder-settings';
export const SFTP_SERVER_SETTING_ID = 'sftp-server';
export const XML_FEED_DATE_SETTING_ID = 'xml-feed-date';

export interface AppVersionDocument extends Document {
  version: string;
  revision: number;
  updatedAt: string;
}

export interface SystemNotificationDocument extends Document {
  /** Sanitised rich text; '' when there is no notification. */
  content: string;
  revision: number;
  updatedAt: string;
}

/** The saved mail server; its password stays sealed here too (only the mailer opens it). */
export interface EmailServerDocument extends Document, EmailServerSavedData {
  revision: number;
  updatedAt: string;
}

export interface ReminderSettingsDocument extends Document, ReminderSettingsSavedData {
  revision: number;
  updatedAt: string;
}

/** The XML feed's SFTP server; its secrets stay sealed here too (only the uploader opens them). */
export interface SftpServerDocument extends Document, SftpServerSavedData {
  revision: number;
  updatedAt: string;
}

export interface XmlFeedDateDocument extends Document {
  /** yyyy-MM-dd: the configured assessment date. */
  assessmentDate: string;
  revision: number;
  updatedAt: string;
}

/** The reminder settings as saved; the defaults until a save. */
export async function findReminderSettings(readStore: ReadStore): Promise<ReminderSettings> {
  const saved = await readStore.get<ReminderSettingsDocument>(SETTINGS_COLLECTION, REMINDER_SETTINGS_ID);
  if (!saved) return DEFAULT_REMINDER_SETTINGS;
  const { daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert } = saved;
  return { daysOfIncompletionAlert, monthOfNextCaseAlert, daysOfTimeoutAlert };
}

export const settingsProjection = defineEventProjection<SettingEvent>({
  name: 'settings',
  // 2: the reminder settings.
  version: 2,
  collections: [{ name: SETTINGS_COLLECTION }],
  eventTypes: SETTING_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case SettingEvents.AppVersionSaved:
        view.upsert(SETTINGS_COLLECTION, {
          id: APP_VERSION_SETTING_ID,
          version: event.data.version,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies AppVersionDocument);
        break;
      case SettingEvents.SystemNotificationSaved:
        view.upsert(SETTINGS_COLLECTION, {
          id: SYSTEM_NOTIFICATION_SETTING_ID,
          content: event.data.content,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies SystemNotificationDocument);
        break;
      case SettingEvents.EmailServerSaved:
        view.upsert(SETTINGS_COLLECTION, {
          id: EMAIL_SERVER_SETTING_ID,
          ...event.data,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies EmailServerDocument);
        break;
      case SettingEvents.ReminderSettingsSaved:
        view.upsert(SETTINGS_COLLECTION, {
          id: REMINDER_SETTINGS_ID,
          ...event.data,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies ReminderSettingsDocument);
        break;
      case SettingEvents.SftpServerSaved:
        view.upsert(SETTINGS_COLLECTION, {
          id: SFTP_SERVER_SETTING_ID,
          ...event.data,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies SftpServerDocument);
        break;
      case SettingEvents.XmlFeedDateUpdated:
        view.upsert(SETTINGS_COLLECTION, {
          id: XML_FEED_DATE_SETTING_ID,
          assessmentDate: event.data.assessmentDate,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies XmlFeedDateDocument);
        break;
      case SettingEvents.AnalystPseudonymKeyCreated:
        // Never in a read model: the key stays in the log, sealed (analyst-pseudonym-key.ts reads it there).
        break;
    }
  },
});
