/** Business constants of sign-in and accounts (spec §9 and the brief). Times in milliseconds unless named. */

/** The administrator is the user with id 1 (spec §1). */
export const ADMINISTRATOR_ID = '1';
/** Username prefix of new users (spec §3): shown without it, stored with it. */
export const USERNAME_PREFIX = 'eo_';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/** Spec §9: the Get code button waits 60 s; the server refuses earlier resends. */
export const CODE_RESEND_INTERVAL_MS = 60_000;
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_LENGTH = 6;
/** Wrong codes allowed per sent code; then a new code must be requested. */
export const CODE_MAX_ATTEMPTS = 5;
/** How long the password step stays valid while the user fetches and types the code. */
export const SIGN_IN_CHALLENGE_TTL_MS = 15 * MINUTE;

/** Consecutive wrong passwords that lock sign-in, and for how long. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_DURATION_MS = 15 * MINUTE;

/** Spec §9: the token cookie lasts 7 days with remember-me, otherwise it is a session cookie. */
export const REMEMBERED_SESSION_TTL_MS = 7 * DAY;
/** A session cookie dies with the browser; the token inside still expires after a working day. */
export const BROWSER_SESSION_TTL_MS = 12 * 60 * MINUTE;
/** A device that passed the code check skips it for this long. */
export const REMEMBERED_DEVICE_TTL_MS = 30 * DAY;
/** Devices remembered per user; older ones are forgotten. */
export const MAX_REMEMBERED_DEVICES = 20;

export const INITIAL_PASSWORD_LINK_TTL_MS = 7 * DAY;
export const RESET_PASSWORD_LINK_TTL_MS = 1 * DAY;

/** Bearer tokens of API clients (machine users). */
export const API_CLIENT_TOKEN_TTL_MS = 60 * MINUTE;

export const PASSWORD_MIN_LENGTH = 8;
/** Caps the work argon2 does for one request. */
export const PASSWORD_MAX_LENGTH = 128;

/** Verification code channels (spec §3: receiveType 1 Email, 2 Phone). */
export const CHANNEL_EMAIL = 1;
export const CHANNEL_PHONE = 2;
export type VerificationChannel = typeof CHANNEL_EMAIL | typeof CHANNEL_PHONE;

/** User status values (spec §4). */
export const UserStatus = { Inactive: 0, Active: 1, Locked: 2, PendingApproval: 3 } as const;
export type UserStatusValue = (typeof UserStatus)[keyof typeof UserStatus];
export const USER_STATUS_LABELS: Record<UserStatusValue, string> = { 0: 'Inactive', 1: 'Active', 2: 'Lock', 3: 'Pending approval' };

/** Spec §6/§9: members of these groups (and the administrator) may add, edit and delete user groups. */
export const SYSTEM_ADMINISTRATOR_GROUP_ID = '1';
export const STATE_ADMINISTRATOR_GROUP_ID = '153';
export const USER_GROUP_MANAGER_GROUP_IDS: readonly string[] = [SYSTEM_ADMINISTRATOR_GROUP_ID, STATE_ADMINISTRATOR_GROUP_ID];

/** Ids in URLs: the administrator and the two well-known groups have numeric ids, everything else a UUID. */
export const ENTITY_ID_PATTERN = /^(?:\d{1,10}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Stored (prefixed) form of a username typed without or with the prefix. */
export function storedUsername(username: string): string {
  const trimmed = username.trim();
  return trimmed.toLowerCase().startsWith(USERNAME_PREFIX) ? trimmed : `${USERNAME_PREFIX}${trimmed}`;
}

/** The username as shown: without the prefix (spec §3). */
export function displayUsername(stored: string): string {
  return stored.toLowerCase().startsWith(USERNAME_PREFIX) ? stored.slice(USERNAME_PREFIX.length) : stored;
}

/** True once the expiration date (yyyy-MM-dd, inclusive, UTC) has passed. */
export function hasExpired(expirationDate: string | null | undefined, now: Date): boolean {
  if (!expirationDate) return false;
  return now.toISOString().slice(0, 10) > expirationDate.slice(0, 10);
}
