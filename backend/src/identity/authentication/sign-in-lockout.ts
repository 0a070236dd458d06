import { HttpException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Decider } from '@cans/domain/decider';
import { identityError } from '../identity-errors';
import { IdentityMessageKey } from '../identity-messages';
import {
  displayUsername,
  hasExpired,
  LOCKOUT_DURATION_MS,
  LOCKOUT_THRESHOLD,
  MINUTE,
  UserStatus,
} from '@cans/domain/identity/identity-rules';
import type { UserState } from '@cans/domain/identity/user.decider';
import type { CredentialsState, RememberedDevice } from '@cans/domain/identity/credentials.decider';
import { CredentialEvents, CredentialsEvent, SignInFailureReason } from '@cans/domain/identity/credentials.events';

/*
 * The sign-in lockout, in one place. Five wrong passwords in a row lock sign-in for 15 minutes. So that the
 * answers never tell whether an account exists, a login that matches no account is counted and locked the
 * same way (its own small stream per normalised login), and both answer the same status and body. The lock
 * binds attempts without a remembered device's proof; a device that passed the code check counts its own
 * wrong passwords, and after five it proves nothing any more.
 */

/** What a failed password step answers: the same for an unknown login, a wrong password and no password. */
export function wrongPasswordAnswer(failedAttempts: number): HttpException {
  return identityError(401, 'login_failed', { extra: { attemptsLeft: Math.max(0, LOCKOUT_THRESHOLD - failedAttempts) } });
}

export function lockedOutAnswer(lockedUntil: string, now: Date): HttpException {
  const minutesLeft = Math.max(1, Math.ceil((Date.parse(lockedUntil) - now.getTime()) / MINUTE));
  return identityError(423, 'account_temporarily_locked', { extra: { lockedUntil, minutesLeft } });
}

export const isLockedOut = (lockedUntil: string | null, now: Date): lockedUntil is string =>
  !!lockedUntil && lockedUntil > now.toISOString();

/** One more wrong password after `consecutiveFailures`: the count, and the lock's end when it reaches the threshold. */
export function nextFailure(consecutiveFailures: number, now: Date): { failedAttempts: number; lockedUntil: string | null } {
  const failedAttempts = consecutiveFailures + 1;
  return {
    failedAttempts,
    lockedUntil: failedAttempts >= LOCKOUT_THRESHOLD ? new Date(now.getTime() + LOCKOUT_DURATION_MS).toISOString() : null,
  };
}

/** The remembered device this cookie proves, if it is one of the user's and still trusted. */
export function trustedDevice(state: CredentialsState, deviceHash: string | null, now: Date): RememberedDevice | null {
  if (!deviceHash) return null;
  const nowIso = now.toISOString();
  return (
    state.rememberedDevices.find(
      (device) => device.deviceHash === deviceHash && device.until > nowIso && device.failures < LOCKOUT_THRESHOLD,
    ) ?? null
  );
}

const STATUS_REFUSALS: Record<number, { reason: SignInFailureReason; key: IdentityMessageKey }> = {
  [UserStatus.Inactive]: { reason: 'inactive', key: 'account_inactive' },
  [UserStatus.Locked]: { reason: 'locked', key: 'account_locked' },
  [UserStatus.PendingApproval]: { reason: 'pending-approval', key: 'account_pending' },
};

/**
 * Why a live account may not sign in now (status, expiry; the user stream is the authority), or null. Asked after
 * a right password and again at the code step, so a deactivation between the two stops the sign-in.
 */
export function accountRefusal(account: UserState, now: Date): { reason: SignInFailureReason; error: HttpException } | null {
  if (!account.account) return null;
  const refusal = STATUS_REFUSALS[account.account.status];
  if (refusal) return { reason: refusal.reason, error: identityError(403, refusal.key) };
  if (hasExpired(account.account.expirationDate, now)) return { reason: 'expired', error: identityError(403, 'account_expired') };
  return null;
}

/**
 * The key a login that matches no account is counted under: normalised as the directory matches logins
 * (case, the 'eo_' prefix, phone punctuation), so retyping it another way does not reveal anything.
 */
export function unknownLoginKey(login: string): string {
  const key = login.trim().toLowerCase();
  const digits = key.replace(/\D/g, '');
  if (digits.length === 10 && /^[\d\s().+-]+$/.test(key)) return `phone:${digits}`;
  return displayUsername(key);
}

/** "signin-attempts-unknown-<sha256>": the attempts with one unknown login (hashed: typed text is not an id). */
export const unknownLoginStreamId = (login: string) =>
  `signin-attempts-unknown-${createHash('sha256').update(unknownLoginKey(login)).digest('hex')}`;

export interface UnknownLoginState {
  consecutiveFailures: number;
  lockedUntil: string | null;
}

/** The counter of a login that matches no account: SignInFailed events carry the count and the lock. */
export const unknownLoginAttempts: Pick<Decider<UnknownLoginState, never, CredentialsEvent>, 'initialState' | 'evolve' | 'eventTypes'> = {
  initialState: { consecutiveFailures: 0, lockedUntil: null },
  eventTypes: [CredentialEvents.SignInFailed],
  evolve(state, event) {
    if (event.type !== CredentialEvents.SignInFailed) return state;
    const { lockedUntil, failedAttempts } = event.data;
    if (lockedUntil) return { consecutiveFailures: 0, lockedUntil };
    return typeof failedAttempts === 'number' ? { ...state, consecutiveFailures: failedAttempts } : state;
  },
};
