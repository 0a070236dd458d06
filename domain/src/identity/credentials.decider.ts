/**
 * A user's credentials (stream "credentials-<userId>"): password, password links, the sign-in lockout, the
 * verification-code challenge, remembered devices and ended sessions. The sign-in and password handlers
 * (backend/src/identity/authentication) check secrets (hashes, tokens, the lockout count) on this state and send
 * one command per step with what they found; the decider turns it into the events to record. A refused step
 * records its fact too (a failed sign-in, a rejected code) before the handler answers the refusal. Logout is
 * decided here: ending a session twice records nothing.
 */
import type { Decider } from '../decider';
import {
  CREDENTIALS_EVENT_TYPES,
  CredentialEvents,
  CredentialsEvent,
  DeviceRememberedData,
  PasswordResetRequestedData,
  PasswordSetWithLinkData,
  SignInChallengeStartedData,
  SignInFailureReason,
  SignInSucceededData,
  VerificationCodeRejectedData,
  VerificationCodeSentData,
} from './credentials.events';
import { CODE_MAX_ATTEMPTS, LOCKOUT_THRESHOLD, MAX_REMEMBERED_DEVICES, VerificationChannel } from './identity-rules';

export interface SentCode {
  channel: VerificationChannel;
  codeHash: string;
  sentAt: string;
  expiresAt: string;
  attempts: number;
  /** Spent: used, or too many wrong attempts. */
  void: boolean;
}

export interface ChallengeState {
  challengeId: string;
  rememberMe: boolean;
  expiresAt: string;
  code: SentCode | null;
  completed: boolean;
}

export interface RememberedDevice {
  deviceHash: string;
  until: string;
  /** Wrong passwords in a row sent with this device's proof; at the lockout threshold the device is forgotten. */
  failures: number;
}

export interface CredentialsState {
  passwordHash: string | null;
  usedLinkIds: string[];
  /** The one reset link that works: the latest requested, until a password is set. */
  activeResetLinkId: string | null;
  consecutiveFailures: number;
  /** Wrong verification codes in a row, across challenges: a new password step does not start it again. */
  wrongCodesInARow: number;
  lockedUntil: string | null;
  /** The latest challenge only: a new password step replaces an older pending one. */
  challenge: ChallengeState | null;
  rememberedDevices: RememberedDevice[];
  endedSessionIds: string[];
}

/** A wrong (or missing) password counted against the account or the remembered device it came with. */
export interface CountedFailure {
  failedAttempts: number;
  deviceHash?: string;
  /** Set when this failure reaches the lockout threshold: a SignInLockedOut is recorded too. */
  lockedUntil: string | null;
}

export type CredentialsCommand =
  | { type: 'RecordSignInFailure'; userId: string; login: string; reason: SignInFailureReason; counted?: CountedFailure }
  | { type: 'StartSignInChallenge'; challenge: SignInChallengeStartedData }
  | { type: 'SendVerificationCode'; code: VerificationCodeSentData }
  /** `lockedUntil`: this wrong code reached the lockout threshold, so a SignInLockedOut is recorded too. */
  | { type: 'RejectVerificationCode'; rejection: VerificationCodeRejectedData; login: string; lockedUntil?: string | null }
  | { type: 'RecordSignIn'; session: SignInSucceededData; rememberDevice?: DeviceRememberedData }
  | { type: 'RequestPasswordReset'; request: PasswordResetRequestedData }
  | { type: 'SetPasswordWithLink'; link: PasswordSetWithLinkData }
  /** The old password was proven: the new one replaces it and the caller's new session starts in the same append. */
  | { type: 'ChangePassword'; userId: string; passwordHash: string; session: SignInSucceededData }
  | { type: 'AssignPassword'; userId: string; passwordHash: string }
  | { type: 'EndSession'; userId: string; sessionId: string };

/**
 * A new password (changed, set through a link, assigned) starts the counts again and forgets every remembered
 * device: whoever knew the old password and kept a device cookie has to pass a code again.
 */
const NEW_PASSWORD = { activeResetLinkId: null, consecutiveFailures: 0, wrongCodesInARow: 0, lockedUntil: null, rememberedDevices: [] };

/** Kept per stream: enough to refuse a link or session replayed soon after, without growing for ever. */
const USED_LINKS_KEPT = 50;
const ENDED_SESSIONS_KEPT = 100;

function evolveCredentials(state: CredentialsState, event: CredentialsEvent): CredentialsState {
  switch (event.type) {
    case CredentialEvents.PasswordAssigned:
    case CredentialEvents.PasswordChanged:
      return { ...state, ...NEW_PASSWORD, passwordHash: event.data.passwordHash };
    case CredentialEvents.PasswordSetWithLink:
      return {
        ...state,
        ...NEW_PASSWORD,
        passwordHash: event.data.passwordHash,
        usedLinkIds: [...state.usedLinkIds.slice(-(USED_LINKS_KEPT - 1)), event.data.linkId],
      };
    case CredentialEvents.PasswordResetRequested:
      return { ...state, activeResetLinkId: event.data.linkId };
    case CredentialEvents.SignInFailed: {
      const { deviceHash, failedAttempts, reason } = event.data;
      if (deviceHash) {
        const failures = failedAttempts ?? 1;
        const devices = state.rememberedDevices
          .map((device) => (device.deviceHash === deviceHash ? { ...device, failures } : device))
          .filter((device) => device.failures < LOCKOUT_THRESHOLD);
        return { ...state, rememberedDevices: devices };
      }
      if (typeof failedAttempts === 'number') return { ...state, consecutiveFailures: failedAttempts };
      // Recorded before no-password attempts were counted.
      return reason === 'wrong-password' ? { ...state, consecutiveFailures: state.consecutiveFailures + 1 } : state;
    }
    case CredentialEvents.SignInLockedOut:
      return { ...state, consecutiveFailures: 0, wrongCodesInARow: 0, lockedUntil: event.data.lockedUntil };
    case CredentialEvents.SignInChallengeStarted: {
      const { challengeId, rememberMe, expiresAt } = event.data;
      return { ...state, consecutiveFailures: 0, challenge: { challengeId, rememberMe, expiresAt, code: null, completed: false } };
    }
    case CredentialEvents.VerificationCodeSent: {
      const { challengeId, channel, codeHash, sentAt, expiresAt } = event.data;
      if (state.challenge?.challengeId !== challengeId) return state;
      return { ...state, challenge: { ...state.challenge, code: { channel, codeHash, sentAt, expiresAt, attempts: 0, void: false } } };
    }
    case CredentialEvents.VerificationCodeRejected: {
      const { challengeId, attempts, reason, wrongCodesInARow } = event.data;
      const counted = typeof wrongCodesInARow === 'number' ? { ...state, wrongCodesInARow } : state;
      const challenge = state.challenge;
      if (challenge?.challengeId !== challengeId || !challenge.code) return counted;
      const spent = challenge.code.void || reason === 'expired' || attempts >= CODE_MAX_ATTEMPTS;
      return { ...counted, challenge: { ...challenge, code: { ...challenge.code, attempts, void: spent } } };
    }
    case CredentialEvents.DeviceRemembered: {
      const { deviceHash, until } = event.data;
      const others = state.rememberedDevices.filter((device) => device.deviceHash !== deviceHash);
      return { ...state, rememberedDevices: [...others, { deviceHash, until, failures: 0 }].slice(-MAX_REMEMBERED_DEVICES) };
    }
    case CredentialEvents.SignInSucceeded: {
      const { method, deviceHash } = event.data;
      const challenge = state.challenge && method === 'verification-code' ? { ...state.challenge, completed: true } : state.challenge;
      const rememberedDevices = deviceHash
        ? state.rememberedDevices.map((device) => (device.deviceHash === deviceHash ? { ...device, failures: 0 } : device))
        : state.rememberedDevices;
      return { ...state, consecutiveFailures: 0, wrongCodesInARow: 0, lockedUntil: null, challenge, rememberedDevices };
    }
    case CredentialEvents.SessionEnded:
      return { ...state, endedSessionIds: [...state.endedSessionIds.slice(-(ENDED_SESSIONS_KEPT - 1)), event.data.sessionId] };
  }
}

/** The failed attempt, and the lockout when its count reaches the threshold. */
function signInFailure(command: Extract<CredentialsCommand, { type: 'RecordSignInFailure' }>): CredentialsEvent[] {
  const { userId, login, reason, counted } = command;
  if (!counted) return [{ type: CredentialEvents.SignInFailed, data: { userId, login, reason } }];
  const { failedAttempts, deviceHash, lockedUntil } = counted;
  const failed: CredentialsEvent = {
    type: CredentialEvents.SignInFailed,
    data: { userId, login, reason, failedAttempts, ...(deviceHash ? { deviceHash } : {}) },
  };
  if (!lockedUntil) return [failed];
  return [
    failed,
    { type: CredentialEvents.SignInLockedOut, data: { userId, login, failedAttempts, lockedUntil, cause: 'wrong-passwords' } },
  ];
}

/** The rejected code, and the lockout when the account's wrong codes in a row reach the threshold. */
function codeRejection(command: Extract<CredentialsCommand, { type: 'RejectVerificationCode' }>): CredentialsEvent[] {
  const { rejection, login, lockedUntil } = command;
  const rejected: CredentialsEvent = { type: CredentialEvents.VerificationCodeRejected, data: rejection };
  if (!lockedUntil) return [rejected];
  const failedAttempts = rejection.wrongCodesInARow ?? rejection.attempts;
  return [
    rejected,
    {
      type: CredentialEvents.SignInLockedOut,
      data: { userId: rejection.userId, login, failedAttempts, lockedUntil, cause: 'wrong-codes' },
    },
  ];
}

export const credentialsDecider: Decider<CredentialsState, CredentialsCommand, CredentialsEvent> = {
  initialState: {
    passwordHash: null,
    usedLinkIds: [],
    activeResetLinkId: null,
    consecutiveFailures: 0,
    wrongCodesInARow: 0,
    lockedUntil: null,
    challenge: null,
    rememberedDevices: [],
    endedSessionIds: [],
  },
  eventTypes: CREDENTIALS_EVENT_TYPES,

  decide(command, state) {
    switch (command.type) {
      case 'RecordSignInFailure':
        return signInFailure(command);
      case 'StartSignInChallenge':
        return [{ type: CredentialEvents.SignInChallengeStarted, data: command.challenge }];
      case 'SendVerificationCode':
        return [{ type: CredentialEvents.VerificationCodeSent, data: command.code }];
      case 'RejectVerificationCode':
        return codeRejection(command);
      case 'RecordSignIn': {
        const signedIn: CredentialsEvent = { type: CredentialEvents.SignInSucceeded, data: command.session };
        if (!command.rememberDevice) return [signedIn];
        return [signedIn, { type: CredentialEvents.DeviceRemembered, data: command.rememberDevice }];
      }
      case 'RequestPasswordReset':
        return [{ type: CredentialEvents.PasswordResetRequested, data: command.request }];
      case 'SetPasswordWithLink':
        return [{ type: CredentialEvents.PasswordSetWithLink, data: command.link }];
      case 'ChangePassword':
        return [
          { type: CredentialEvents.PasswordChanged, data: { userId: command.userId, passwordHash: command.passwordHash } },
          { type: CredentialEvents.SignInSucceeded, data: command.session },
        ];
      case 'AssignPassword':
        return [{ type: CredentialEvents.PasswordAssigned, data: { userId: command.userId, passwordHash: command.passwordHash } }];
      case 'EndSession':
        if (state.endedSessionIds.includes(command.sessionId)) return [];
        return [{ type: CredentialEvents.SessionEnded, data: { userId: command.userId, sessionId: command.sessionId, reason: 'logout' } }];
    }
  },
  evolve: evolveCredentials,
};
