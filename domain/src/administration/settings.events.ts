/**
 * Events of the single-value settings (spec 002 §2 App Version, Notification, Email Server, Assessment Reminder),
 * each on a stream of its own ("setting-app-version", "setting-notification", "setting-email-server",
 * "setting-reminders"): the value as saved.
 */
import type { EventUnion } from '../decider';

export const SettingEvents = {
  /** @stream `setting-app-version` */
  AppVersionSaved: 'AppVersionSaved',
  /** @stream `setting-notification` */
  SystemNotificationSaved: 'SystemNotificationSaved',
  /** @stream `setting-email-server` */
  EmailServerSaved: 'EmailServerSaved',
  /**
   * The assessment reminder settings were saved: when the daily reminder job mails about incomplete, pending and due assessments.
   * @stream `setting-reminders`
   */
  ReminderSettingsSaved: 'ReminderSettingsSaved',
  /** @stream `setting-sftp-server` */
  SftpServerSaved: 'SftpServerSaved',
  /** @stream `setting-xml-feed-date` */
  XmlFeedDateUpdated: 'XmlFeedDateUpdated',
  /**
   * The key of the analysts' pseudonyms was made (once, by the system, the first time an analyst's view of the events
   * was needed): children, assessments and users are keyed HMACs of their ids under it. Never shown.
   * @stream `setting-analyst-pseudonym-key`
   */
  AnalystPseudonymKeyCreated: 'AnalystPseudonymKeyCreated',
} as const;

/** Spec 002 §3 "Email server" sslKey: 1 Default (STARTTLS when offered), 3 SSL (TLS from the first byte), 2 TLS (STARTTLS required). */
export const EMAIL_SECURITY = { default: 1, tls: 2, ssl: 3 } as const;
export type EmailSecurity = (typeof EMAIL_SECURITY)[keyof typeof EMAIL_SECURITY];

/** The application version (spec 002 §2 "App Version") was saved. */
export interface AppVersionSavedData {
  version: string;
}

/** The system notification, shown once per session on the first page a signed-in user opens while it has content, was saved. */
export interface SystemNotificationSavedData {
  /** Sanitised rich text (HTML); '' means no notification. */
  content: string;
}

/** The mail server as saved; the password only sealed (encrypted with the key from the environment), never in clear. */
export interface EmailServerSavedData {
  smtp: string;
  port: number;
  userName: string | null;
  /** AES-256-GCM sealed password (platform/crypto/secret-box.ts); null: none. */
  passwordSealed: string | null;
  fromEmail: string;
  fromName: string | null;
  sslKey: EmailSecurity;
  /**
   * The super admin's explicit choice to let the Default mode send the password and the mail without TLS when the
   * server offers no STARTTLS. Absent (saves before it existed) or false: TLS is required.
   */
  allowUnencrypted?: boolean;
}

/** Spec 002 §3 "Reminder settings": whole days, months, days (0 switches that reminder off). */
export interface ReminderSettingsSavedData {
  daysOfIncompletionAlert: number;
  monthOfNextCaseAlert: number;
  daysOfTimeoutAlert: number;
}

/** Where the daily XML feed goes (issue 15); the password and the private key only sealed, like the mail server's. */
export interface SftpServerSavedData {
  host: string;
  port: number;
  userName: string;
  /** Sealed password (platform/crypto/secret-box.ts); null: none. */
  passwordSealed: string | null;
  /** Sealed OpenSSH private key (PEM text); null: none. */
  privateKeySealed: string | null;
  /** Folder on the server the files go to ('' or '.': the login folder). */
  remoteFolder: string;
  /**
   * The server's host key as pinned when the super admin saved it ("SHA256:<base64>", as OpenSSH prints it); an
   * upload to a server that shows another key is refused. Absent on saves before pinning: uploads are refused until
   * the server is saved again.
   */
  hostKeyFingerprint?: string;
}

/** The configured assessment date (spec 002 §4 "Data feed"): the daily XML feed covers it plus one year. */
export interface XmlFeedDateUpdatedData {
  /** yyyy-MM-dd. */
  assessmentDate: string;
}

/** The analysts' pseudonym key (32 random bytes, base64), only sealed: the log, a read model or a backup never holds it in clear. */
export interface AnalystPseudonymKeyCreatedData {
  keySealed: string;
}

export type SettingEvent = EventUnion<{
  [SettingEvents.AppVersionSaved]: AppVersionSavedData;
  [SettingEvents.SystemNotificationSaved]: SystemNotificationSavedData;
  [SettingEvents.EmailServerSaved]: EmailServerSavedData;
  [SettingEvents.ReminderSettingsSaved]: ReminderSettingsSavedData;
  [SettingEvents.SftpServerSaved]: SftpServerSavedData;
  [SettingEvents.XmlFeedDateUpdated]: XmlFeedDateUpdatedData;
  [SettingEvents.AnalystPseudonymKeyCreated]: AnalystPseudonymKeyCreatedData;
}>;

export const SETTING_EVENT_TYPES: readonly SettingEvent['type'][] = Object.values(SettingEvents);

export const APP_VERSION_STREAM_ID = 'setting-app-version';
export const SYSTEM_NOTIFICATION_STREAM_ID = 'setting-notification';
export const EMAIL_SERVER_STREAM_ID = 'setting-email-server';
export const REMINDER_SETTINGS_STREAM_ID = 'setting-reminders';
export const SFTP_SERVER_STREAM_ID = 'setting-sftp-server';
export const XML_FEED_DATE_STREAM_ID = 'setting-xml-feed-date';
export const ANALYST_PSEUDONYM_KEY_STREAM_ID = 'setting-analyst-pseudonym-key';
