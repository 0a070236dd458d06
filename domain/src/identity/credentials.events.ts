import type { EventUnion } from '../decider';
import type { VerificationChannel } from './identity-rules';

/**
 * Events of a user's credentials stream ("credentials-<userId>"): password, password links, sign-in attempts,
 * verification codes, remembered devices and sessions. Kept apart from "user-<id>" so signing in never bumps
 * the revision an administrator is editing. Secrets are stored only as hashes.
 * @stream `credentials-<userId>`
 */
export const CredentialEvents = {
  PasswordAssigned: 'PasswordAssigned',
  PasswordChanged: 'PasswordChanged',
  PasswordSetWithLink: 'PasswordSetWithLink',
  PasswordResetRequested: 'PasswordResetRequested',
  /** @stream `credentials-<userId>`; a login that matched no user: `signin-attempts-unknown-<sha256 of the login>` (older: `signin-attempts-unknown`) */
  SignInFailed: 'SignInFailed',
  SignInLockedOut: 'SignInLockedOut',
  SignInChallengeStarted: 'SignInChallengeStarted',
  VerificationCodeSent: 'VerificationCodeSent',
  VerificationCodeRejected: 'VerificationCodeRejected',
  DeviceRemembered: 'DeviceRemembered',
  SignInSucceeded: 'SignInSucceeded',
  /** @stream `credentials-<userId>`; an API client's logout: `api-client-signin-<apiUserId>` */
  SessionEnded: 'SessionEnded',
} as const;

/** Events that replace the password: sessions started before them stop working. */
export const PASSWORD_REPLACING_EVENTS: string[] = [
  CredentialEvents.PasswordAssigned,
  CredentialEvents.PasswordChanged,
  CredentialEvents.PasswordSetWithLink,
];

/** Set by the system (seed, first start): no link, no old password. Like every new password, forgets the remembered devices. */
export interface PasswordAssignedData {
  userId: string;
  passwordHash: string;
}

/**
 * The user changed it, proving the old one. Every remembered device is forgotten (whoever knew the old password
 * and kept a device cookie must pass a code again), and the counts of wrong passwords and codes start again.
 */
export interface PasswordChangedData {
  userId: string;
  passwordHash: string;
}

/** Set through an initial-password or reset link; the link id can never be used again. Forgets the remembered devices. */
export interface PasswordSetWithLinkData {
  userId: string;
  linkId: string;
  purpose: PasswordLinkPurpose;
  passwordHash: string;
}

export type PasswordLinkPurpose = 'initial' | 'reset';

/** A reset link was mailed (by the user from the sign-in page, or by an administrator). */
export interface PasswordResetRequestedData {
  userId: string;
  linkId: string;
  expiresAt: string;
  requestedBy: 'user' | 'administrator';
}

export type SignInFailureReason =
  'unknown-user' | 'wrong-password' | 'temporarily-locked' | 'inactive' | 'locked' | 'pending-approval' | 'expired' | 'no-password';

/** A sign-in was refused. `login` is what was typed; userId is null when it matched no user. */
export interface SignInFailedData {
  userId: string | null;
  login: string;
  reason: SignInFailureReason;
  /** Consecutive wrong passwords so far (wrong or no password, unknown login); of the device when deviceHash is set. */
  failedAttempts?: number;
  /** The attempt carried this remembered device's proof: it counts against the device, not the account. */
  deviceHash?: string;
  /** Unknown logins only (their stream has no SignInLockedOut): the attempt that locked the login, until then. */
  lockedUntil?: string;
}

/** Too many wrong passwords, or wrong verification codes: sign-in is refused until lockedUntil. */
export interface SignInLockedOutData {
  userId: string;
  login: string;
  failedAttempts: number;
  lockedUntil: string;
  /** What was wrong too often; absent (older events): wrong passwords. Wrong codes also mail the user. */
  cause?: SignInLockoutCause;
}

export type SignInLockoutCause = 'wrong-passwords' | 'wrong-codes';

/** The password was right; a verification code is required before a session starts. */
export interface SignInChallengeStartedData {
  userId: string;
  challengeId: string;
  rememberMe: boolean;
  reason: 'remember-me-off' | 'device-not-remembered';
  expiresAt: string;
}

/** A verification code for a sign-in challenge was sent by email or text message. */
export interface VerificationCodeSentData {
  userId: string;
  challengeId: string;
  channel: VerificationChannel;
  /** Masked address, e.g. "j***@example.org". */
  destination: string;
  /** HMAC of the code bound to the challenge; the code itself is never stored. */
  codeHash: string;
  sentAt: string;
  expiresAt: string;
}

/** A verification code entered for a challenge was wrong or had expired; attempts counts the wrong ones so far. */
export interface VerificationCodeRejectedData {
  userId: string;
  challengeId: string;
  reason: 'wrong-code' | 'expired';
  attempts: number;
  /**
   * Wrong codes in a row for the account, across challenges (a new password step or a new code does not start
   * the count again; a sign-in, a lockout or a new password does). Absent on events recorded before it was kept.
   */
  wrongCodesInARow?: number;
}

/** The user signed in with "remember me": sign-ins from this device skip the verification code until `until`. */
export interface DeviceRememberedData {
  userId: string;
  /** SHA-256 of the random id in the device cookie. */
  deviceHash: string;
  until: string;
}

export type SignInMethod = 'verification-code' | 'remembered-device' | 'password-change' | 'test-support';

/** A session started: the user signed in (method says how) and holds a session until expiresAt. */
export interface SignInSucceededData {
  userId: string;
  sessionId: string;
  method: SignInMethod;
  rememberMe: boolean;
  expiresAt: string;
  /** The remembered device this sign-in came through, if any: its wrong-password count starts again. */
  deviceHash?: string;
}

/** A session was ended by signing out: its token stops working. */
export interface SessionEndedData {
  userId: string;
  sessionId: string;
  reason: 'logout';
}

/** Every event of a credentials stream, narrowed by `type`. */
export type CredentialsEvent = EventUnion<{
  [CredentialEvents.PasswordAssigned]: PasswordAssignedData;
  [CredentialEvents.PasswordChanged]: PasswordChangedData;
  [CredentialEvents.PasswordSetWithLink]: PasswordSetWithLinkData;
  [CredentialEvents.PasswordResetRequested]: PasswordResetRequestedData;
  [CredentialEvents.SignInFailed]: SignInFailedData;
  [CredentialEvents.SignInLockedOut]: SignInLockedOutData;
  [CredentialEvents.SignInChallengeStarted]: SignInChallengeStartedData;
  [CredentialEvents.VerificationCodeSent]: VerificationCodeSentData;
  [CredentialEvents.VerificationCodeRejected]: VerificationCodeRejectedData;
  [CredentialEvents.DeviceRemembered]: DeviceRememberedData;
  [CredentialEvents.SignInSucceeded]: SignInSucceededData;
  [CredentialEvents.SessionEnded]: SessionEndedData;
}>;

export const CREDENTIALS_EVENT_TYPES: readonly CredentialsEvent['type'][] = Object.values(CredentialEvents);

export const credentialsStreamId = (userId: string) => `credentials-${userId}`;
/** Attempts with logins that matched no user were appended here until the lockout covered them (sign-in-lockout.ts). */
export const UNKNOWN_SIGN_IN_STREAM = 'signin-attempts-unknown';
