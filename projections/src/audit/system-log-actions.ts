import { AgencyEvents } from '@cans/domain/administration/agency.events';
import { AccessAssignmentEvents } from '@cans/domain/identity/access-assignment.events';
import { ApiClientEvents, ApiUserEvents } from '@cans/domain/identity/api-user.events';
import { CredentialEvents } from '@cans/domain/identity/credentials.events';
import { UserGroupEvents } from '@cans/domain/identity/user-group.events';
import { UserEvents } from '@cans/domain/identity/user.events';

/** One audited action of the System Log screen: a stable key to filter by and the label the table shows. */
export interface AuditedAction {
  action: string;
  label: string;
}

/**
 * Which events the System Log shows, by event type. Features add their audited events here (assessments:
 * created, approved, returned, shared, …) and bump the system-log projection's version.
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
};

/** The action filter's options, in catalogue order. */
export const SYSTEM_LOG_ACTION_LIST: AuditedAction[] = Object.values(SYSTEM_LOG_ACTIONS);
