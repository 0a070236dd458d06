import type { AggregateDefinition } from '../../platform/commands/event-sourced-repository';
import { CODE_MAX_ATTEMPTS, LOCKOUT_THRESHOLD, MAX_REMEMBERED_DEVICES, VerificationChannel } from '../identity-rules';
import {
  CredentialEvents,
  DeviceRememberedData,
  PasswordAssignedData,
  PasswordChangedData,
  PasswordResetRequestedData,
  PasswordSetWithLinkData,
  SignInChallengeStartedData,
  SignInFailedData,
  SignInLockedOutData,
  SignInSucceededData,
  VerificationCodeRejectedData,
  VerificationCodeSentData,
} from './credentials.events';

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

export interface CredentialsState {
  passwordHash: string | null;
  /** When the password was last replaced; password links issued before it are void. */
  passwordSetAt: string | null;
  usedLinkIds: string[];
  /** The one reset link that works: the latest requested, until a password is set. */
  activeResetLinkId: string | null;
  consecutiveFailures: number;
  lockedUntil: string | null;
  /** The latest challenge only: a new password step replaces an older pending one. */
  challenge: ChallengeState | null;
  rememberedDevices: RememberedDevice[];
  endedSessionIds: string[];
}

export interface RememberedDevice {
  deviceHash: string;
  until: string;
  /** Wrong passwords in a row sent with this device's proof; at the lockout threshold the device is forgotten. */
  failures: number;
}

export const credentialsAggregate: AggregateDefinition<CredentialsState> = {
  initialState: {
    passwordHash: null,
    passwordSetAt: null,
    usedLinkIds: [],
    activeResetLinkId: null,
    consecutiveFailures: 0,
    lockedUntil: null,
    challenge: null,
    rememberedDevices: [],
    endedSessionIds: [],
  },
  evolve(state, event) {
    switch (event.type) {
      case CredentialEvents.PasswordAssigned:
      case CredentialEvents.PasswordChanged: {
        const data = event.data as PasswordAssignedData | PasswordChangedData;
        return {
          ...state,
          passwordHash: data.passwordHash,
          passwordSetAt: event.recordedAt,
          activeResetLinkId: null,
          consecutiveFailures: 0,
          lockedUntil: null,
        };
      }
      case CredentialEvents.PasswordSetWithLink: {
        const data = event.data as PasswordSetWithLinkData;
        return {
          ...state,
          passwordHash: data.passwordHash,
          passwordSetAt: event.recordedAt,
          usedLinkIds: [...state.usedLinkIds.slice(-49), data.linkId],
          activeResetLinkId: null,
          consecutiveFailures: 0,
          lockedUntil: null,
        };
      }
      case CredentialEvents.PasswordResetRequested:
        return { ...state, activeResetLinkId: (event.data as PasswordResetRequestedData).linkId };
      case CredentialEvents.SignInFailed: {
        const data = event.data as SignInFailedData;
        if (data.deviceHash) {
          const failures = data.failedAttempts ?? 1;
          const devices = state.rememberedDevices
            .map((device) => (device.deviceHash === data.deviceHash ? { ...device, failures } : device))
            .filter((device) => device.failures < LOCKOUT_THRESHOLD);
          return { ...state, rememberedDevices: devices };
        }
        if (typeof data.failedAttempts === 'number') return { ...state, consecutiveFailures: data.failedAttempts };
        // Recorded before no-password attempts were counted.
        return data.reason === 'wrong-password' ? { ...state, consecutiveFailures: state.consecutiveFailures + 1 } : state;
      }
      case CredentialEvents.SignInLockedOut: {
        const data = event.data as SignInLockedOutData;
        return { ...state, consecutiveFailures: 0, lockedUntil: data.lockedUntil };
      }
      case CredentialEvents.SignInChallengeStarted: {
        const data = event.data as SignInChallengeStartedData;
        return {
          ...state,
          consecutiveFailures: 0,
          challenge: { challengeId: data.challengeId, rememberMe: data.rememberMe, expiresAt: data.expiresAt, code: null, completed: false },
        };
      }
      case CredentialEvents.VerificationCodeSent: {
        const data = event.data as VerificationCodeSentData;
        if (state.challenge?.challengeId !== data.challengeId) return state;
        const code: SentCode = { channel: data.channel, codeHash: data.codeHash, sentAt: data.sentAt, expiresAt: data.expiresAt, attempts: 0, void: false };
        return { ...state, challenge: { ...state.challenge, code } };
      }
      case CredentialEvents.VerificationCodeRejected: {
        const data = event.data as VerificationCodeRejectedData;
        const challenge = state.challenge;
        if (challenge?.challengeId !== data.challengeId || !challenge.code) return state;
        return { ...state, challenge: { ...challenge, code: { ...challenge.code, attempts: data.attempts, void: challenge.code.void || data.reason === 'expired' || data.attempts >= CODE_MAX_ATTEMPTS } } };
      }
      case CredentialEvents.DeviceRemembered: {
        const data = event.data as DeviceRememberedData;
        const others = state.rememberedDevices.filter((device) => device.deviceHash !== data.deviceHash);
        return { ...state, rememberedDevices: [...others, { deviceHash: data.deviceHash, until: data.until, failures: 0 }].slice(-MAX_REMEMBERED_DEVICES) };
      }
      case CredentialEvents.SignInSucceeded: {
        const data = event.data as SignInSucceededData;
        const challenge = state.challenge && data.method === 'verification-code' ? { ...state.challenge, completed: true } : state.challenge;
        const rememberedDevices = data.deviceHash
          ? state.rememberedDevices.map((device) => (device.deviceHash === data.deviceHash ? { ...device, failures: 0 } : device))
          : state.rememberedDevices;
        return { ...state, consecutiveFailures: 0, lockedUntil: null, challenge, rememberedDevices };
      }
      case CredentialEvents.SessionEnded: {
        const sessionId = (event.data as { sessionId: string }).sessionId;
        return { ...state, endedSessionIds: [...state.endedSessionIds.slice(-99), sessionId] };
      }
      default:
        return state;
    }
  },
};
