import type { Privilege } from '@cans/domain/identity/privileges';

/**
 * The signed-in principal as guards and handlers see it. Loaded on every request from the read models (the
 * session, the user, the user's group), never from token claims: logout, deactivation, lock and privilege
 * changes take effect on the next request.
 */
export interface AuthenticatedUser {
  id: string;
  /** As shown, without the 'eo_' prefix (API clients: their API username). */
  username: string;
  fullName: string;
  privileges: Privilege[];
  /** A person, or a machine client authenticated as an API user. */
  kind: 'user' | 'api-client';
  /** The token's jti. */
  sessionId: string;
  /** The user with id 1: every privilege, sees every record. */
  isAdministrator: boolean;
  groupId: string | null;
  agencyId: string | null;
  /** API clients: most records one request may return. null for people. */
  maxRecords: number | null;
}

/** Claims of the access tokens this API issues: who and which session. Privileges are looked up, not claimed. */
export interface AccessTokenClaims {
  sub: string;
  jti: string;
  typ: 'access';
  kind: 'user' | 'api-client';
}

export const ACCESS_TOKEN_COOKIE = 'cans_token';
/** Holds the password step while the user fetches the verification code (HttpOnly, 15 minutes). */
export const SIGN_IN_CHALLENGE_COOKIE = 'cans_signin';
/** Random id of a browser that passed the code check with remember-me (HttpOnly, 30 days). */
export const DEVICE_COOKIE = 'cans_device';
