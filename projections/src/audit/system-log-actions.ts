import { AgencyEvents } from '@cans/domain/administration/agency.events';
import { SettingEvents } from '@cans/domain/administration/settings.events';
import { HelpEvents } from '@cans/domain/administration/help.events';
import { EmailTemplateEvents } from '@cans/domain/administration/email-template.events';
import { ChildLabelEvents } from '@cans/domain/administration/child-labels.events';
import { OptionListEvents } from '@cans/domain/administration/option-lists.events';
import { AssessmentEvents } from '@cans/domain/assessments/assessment.events';
import { ReminderMailEvents } from '@cans/domain/assessments/reminder-mail.events';
import { LibraryItemEvents, QuestionRuleEvents } from '@cans/domain/library/library.events';
import { SavedReportQueryEvents } from '@cans/domain/reports/saved-report-query.events';
import { DataFeedEvents } from '@cans/domain/data-feed/data-feed.events';
import { AccessAssignmentEvents } from '@cans/domain/identity/access-assignment.events';
import { ApiClientEvents, ApiUserEvents } from '@cans/domain/identity/api-user.events';
import { CredentialEvents } from '@cans/domain/identity/credentials.events';
import { UserGroupEvents } from '@cans/domain/identity/user-group.events';
import { UserEvents } from '@cans/domain/identity/user.events';
import { RecordReadEvents } from '@cans/domain/audit/record-reads.events';
import { PublishedProjectionEvents } from '@cans/domain/analytics/published-projection.events';

/** One audited action of the System Log screen: a stable key to filter by and the label the table shows. */
export interface AuditedAction {
  action: string;
  label: string;
  /**
   * Small edits made many at a time (ratings, comments, the narrative): one row per assessment, user and day that
   * counts them, not a row per event (an assessment is a hundred ratings). The events themselves stay in the log.
   */
  perAssessmentDay?: true;
  /** Recorded by the daily reminder job: no row of its own; the run's summary row (ReminderRunCompleted) counts it. */
  inRunSummary?: true;
}

/**
 * Which events the System Log shows, by event type: every event type of the product (ALL_EVENT_TYPES; the
 * catalogue's spec fails when one has no action). A feature that adds an event type adds its action here and bumps
 * the system-log projection's version. Several event types may share one action.
 */
export const SYSTEM_LOG_ACTIONS: Record<string, AuditedAction> = {
  [CredentialEvents.SignInSucceeded]: { action: 'sign-in', label: 'Signed in' },
  [CredentialEvents.SignInFailed]: { action: 'sign-in-failed', label: 'Sign-in failed' },
  [CredentialEvents.SignInLockedOut]: { action: 'sign-in-locked-out', label: 'Locked out after failed sign-ins' },
  [CredentialEvents.SignInChallengeStarted]: { action: 'verification-required', label: 'Password accepted, verification required' },
  [CredentialEvents.VerificationCodeSent]: { action: 'verification-code-sent', label: 'Verification code sent' },
  [CredentialEvents.VerificationCodeRejected]: { action: 'verification-code-rejected', label: 'Verification code rejected' },
  [CredentialEvents.DeviceRemembered]: { action: 'device-remembered', label: 'Device remembered' },
  [CredentialEvents.SessionEnded]: { action: 'sign-out', label: 'Signed out' },
  [CredentialEvents.PasswordChanged]: { action: 'password-changed', label: 'Password changed' },
  [CredentialEvents.PasswordSetWithLink]: { action: 'password-set-with-link', label: 'Password set with a link' },
  [CredentialEvents.PasswordResetRequested]: { action: 'password-reset-requested', label: 'Password reset requested' },
  [CredentialEvents.PasswordAssigned]: { action: 'password-assigned', label: 'Password assigned by the system' },
  [UserEvents.Created]: { action: 'user-created', label: 'User added' },
  [UserEvents.Updated]: { action: 'user-updated', label: 'User saved' },
  [UserEvents.ProfileUpdated]: { action: 'profile-updated', label: 'Profile saved' },
  [UserEvents.Approved]: { action: 'user-approved', label: 'User approved' },
  [UserEvents.Deleted]: { action: 'user-deleted', label: 'User deleted' },
  [UserGroupEvents.Created]: { action: 'user-group-created', label: 'User group added' },
  [UserGroupEvents.Updated]: { action: 'user-group-updated', label: 'User group saved' },
  [UserGroupEvents.Deleted]: { action: 'user-group-deleted', label: 'User group deleted' },
  [ApiUserEvents.Created]: { action: 'api-user-created', label: 'API user added' },
  [ApiUserEvents.Updated]: { action: 'api-user-updated', label: 'API user saved' },
  [ApiUserEvents.Deleted]: { action: 'api-user-deleted', label: 'API user deleted' },
  [ApiClientEvents.SignedIn]: { action: 'api-sign-in', label: 'API client signed in' },
  [ApiClientEvents.SignInFailed]: { action: 'api-sign-in-failed', label: 'API client sign-in failed' },
  [AgencyEvents.Created]: { action: 'agency-created', label: 'Agency added' },
  [AgencyEvents.Updated]: { action: 'agency-updated', label: 'Agency saved' },
  [AgencyEvents.Deleted]: { action: 'agency-deleted', label: 'Agency deleted' },
  [AccessAssignmentEvents.Assigned]: { action: 'access-assigned', label: 'Temporary access assigned' },
  [AccessAssignmentEvents.Revoked]: { action: 'access-revoked', label: 'Temporary access removed' },
  [SettingEvents.AppVersionSaved]: { action: 'app-version-saved', label: 'App version saved' },
  [SettingEvents.EmailServerSaved]: { action: 'email-server-saved', label: 'Email server saved' },
  [ReminderMailEvents.RunStarted]: { action: 'reminder-run', label: 'Reminder mails sent', inRunSummary: true },
  [ReminderMailEvents.Sent]: { action: 'reminder-run', label: 'Reminder mails sent', inRunSummary: true },
  [ReminderMailEvents.Failed]: { action: 'reminder-run', label: 'Reminder mails sent', inRunSummary: true },
  [ReminderMailEvents.RunCompleted]: { action: 'reminder-run', label: 'Reminder mails sent' },
  [SettingEvents.ReminderSettingsSaved]: { action: 'reminder-settings-saved', label: 'Assessment reminder settings saved' },
  [HelpEvents.ContentSaved]: { action: 'help-saved', label: 'Help saved' },
  [EmailTemplateEvents.EmailTemplateSaved]: { action: 'email-template-saved', label: 'Email template saved' },
  [ChildLabelEvents.Saved]: { action: 'child-label-saved', label: 'Child info label saved' },
  [OptionListEvents.ItemAdded]: { action: 'option-added', label: 'Option value added' },
  [OptionListEvents.ItemRenamed]: { action: 'option-renamed', label: 'Option value renamed' },
  [OptionListEvents.ItemDeleted]: { action: 'option-deleted', label: 'Option value deleted' },
  [SettingEvents.SystemNotificationSaved]: { action: 'notification-saved', label: 'System notification saved' },
  [LibraryItemEvents.Added]: { action: 'library-item-added', label: 'Library item added' },
  [LibraryItemEvents.Edited]: { action: 'library-item-saved', label: 'Library item saved' },
  [LibraryItemEvents.Moved]: { action: 'library-item-moved', label: 'Library item moved' },
  [LibraryItemEvents.VisibilityChanged]: { action: 'library-visibility-changed', label: 'Library item shown or hidden' },
  [LibraryItemEvents.CaregiverFlagChanged]: { action: 'library-caregiver-flag-changed', label: "Domain's caregiver flag changed" },
  [LibraryItemEvents.Reordered]: { action: 'library-reordered', label: 'Library reordered' },
  [LibraryItemEvents.Deleted]: { action: 'library-item-deleted', label: 'Library item deleted' },
  [QuestionRuleEvents.Added]: { action: 'question-rule-added', label: 'Question rule added' },
  [QuestionRuleEvents.Edited]: { action: 'question-rule-saved', label: 'Question rule saved' },
  [QuestionRuleEvents.Deleted]: { action: 'question-rule-deleted', label: 'Question rule deleted' },
  [AssessmentEvents.Started]: { action: 'assessment-created', label: 'Assessment created' },
  [AssessmentEvents.LibraryVersionRecorded]: { action: 'assessment-library-version', label: 'Library version recorded' },
  [AssessmentEvents.ChildInformationSaved]: { action: 'assessment-child-saved', label: 'Child information saved' },
  [AssessmentEvents.TypeChanged]: { action: 'assessment-type-changed', label: 'Assessment type changed' },
  [AssessmentEvents.CaregiverAdded]: { action: 'assessment-caregivers-changed', label: 'Caregiver added' },
  [AssessmentEvents.CaregiverEdited]: { action: 'assessment-caregivers-changed', label: 'Caregiver saved' },
  [AssessmentEvents.CaregiverRemoved]: { action: 'assessment-caregivers-changed', label: 'Caregiver removed' },
  [AssessmentEvents.FamilyCaregiversBound]: { action: 'assessment-caregivers-changed', label: "Family's caregivers loaded" },
  [AssessmentEvents.ItemRated]: { action: 'assessment-answers-saved', label: 'Assessment answers saved', perAssessmentDay: true },
  [AssessmentEvents.ItemRatingCleared]: { action: 'assessment-answers-saved', label: 'Assessment answers saved', perAssessmentDay: true },
  [AssessmentEvents.QuestionCommentSaved]: {
    action: 'assessment-answers-saved',
    label: 'Assessment answers saved',
    perAssessmentDay: true,
  },
  [AssessmentEvents.QuestionCommentDeleted]: {
    action: 'assessment-answers-saved',
    label: 'Assessment answers saved',
    perAssessmentDay: true,
  },
  [AssessmentEvents.NarrativeSaved]: { action: 'assessment-answers-saved', label: 'Assessment answers saved', perAssessmentDay: true },
  [AssessmentEvents.Completed]: { action: 'assessment-completed', label: 'Assessment completed' },
  [AssessmentEvents.Returned]: { action: 'assessment-returned', label: 'Assessment returned' },
  [AssessmentEvents.Approved]: { action: 'assessment-approved', label: 'Assessment approved' },
  [AssessmentEvents.Closed]: { action: 'assessment-closed', label: 'Assessment closed' },
  [AssessmentEvents.Deleted]: { action: 'assessment-deleted', label: 'Assessment deleted' },
  [AssessmentEvents.IncludedInReports]: { action: 'assessment-report-inclusion', label: 'Assessment included in reports' },
  [AssessmentEvents.ExcludedFromReports]: { action: 'assessment-report-inclusion', label: 'Assessment excluded from reports' },
  [AssessmentEvents.SharedWithUsers]: { action: 'assessment-shared', label: 'Assessment sharing changed' },
  [AssessmentEvents.Reassigned]: { action: 'assessment-reassigned', label: 'Assessment reassigned' },
  [SavedReportQueryEvents.Saved]: { action: 'report-printed', label: 'Report opened for print or PDF' },
  [DataFeedEvents.MonthDownloaded]: { action: 'data-feed-downloaded', label: 'Monthly data feed downloaded' },
  [DataFeedEvents.AssessmentsExported]: { action: 'assessments-exported', label: 'Approved assessments exported' },
  [DataFeedEvents.AnalystEventsExported]: { action: 'analyst-events-exported', label: 'Analyst’s view of the events exported' },
  [DataFeedEvents.XmlRunClaimed]: { action: 'xml-feed-uploaded', label: 'XML data feed uploaded to SFTP', inRunSummary: true },
  [DataFeedEvents.XmlUploaded]: { action: 'xml-feed-uploaded', label: 'XML data feed uploaded to SFTP' },
  [DataFeedEvents.XmlUploadFailed]: { action: 'xml-feed-failed', label: 'XML data feed upload failed' },
  [SettingEvents.SftpServerSaved]: { action: 'sftp-server-saved', label: 'SFTP server saved' },
  [SettingEvents.XmlFeedDateUpdated]: { action: 'xml-feed-date-updated', label: 'XML data feed date updated' },
  [SettingEvents.AnalystPseudonymKeyCreated]: { action: 'analyst-key-created', label: 'Analysts’ pseudonym key created' },
  [RecordReadEvents.AssessmentRecordsRead]: { action: 'records-read', label: 'Child records read' },
  [PublishedProjectionEvents.Published]: { action: 'analytics-projection-published', label: 'Analytics projection published' },
  [PublishedProjectionEvents.Unpublished]: { action: 'analytics-projection-unpublished', label: 'Analytics projection unpublished' },
};

/** The filter's name of an action that event types with different labels share. */
const SHARED_ACTION_LABELS: Record<string, string> = {
  'assessment-caregivers-changed': 'Caregivers changed',
  'assessment-report-inclusion': 'Report inclusion changed',
};

/** The action filter's options, in catalogue order, one per action. */
export const SYSTEM_LOG_ACTION_LIST: AuditedAction[] = [...new Set(Object.values(SYSTEM_LOG_ACTIONS).map(({ action }) => action))].map(
  (action) => ({
    action,
    label: SHARED_ACTION_LABELS[action] ?? Object.values(SYSTEM_LOG_ACTIONS).find((entry) => entry.action === action)!.label,
  }),
);
