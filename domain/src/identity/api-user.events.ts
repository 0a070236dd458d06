import type { EventUnion } from '../decider';

/**
 * Events of an API user's stream ("api-user-<id>"): machine clients that fetch data with a bearer token.
 * @stream `api-user-<apiUserId>`
 */
export const ApiUserEvents = {
  Created: 'ApiUserCreated',
  Updated: 'ApiUserUpdated',
  Deleted: 'ApiUserDeleted',
} as const;

/**
 * Sign-ins of API clients, on "api-client-signin-<apiUserId>" (or the unknown stream), appended without reading.
 * @stream `api-client-signin-<apiUserId>`; a username that matched no API user: `api-client-signin-unknown`
 */
export const ApiClientEvents = {
  SignedIn: 'ApiClientSignedIn',
  SignInFailed: 'ApiClientSignInFailed',
} as const;

/** An administrator created an API user: a machine client's account, limited to one IP address. */
export interface ApiUserCreatedData {
  apiUserId: string;
  username: string;
  passwordHash: string;
  /** The only client IP allowed to use this account. */
  allowedIp: string;
  /** Most records one request may return (spec: maxRecords, minimum 1). */
  maxRecords: number;
}

/** An API user's account was saved (a snapshot; the password hash only when it changed). */
export interface ApiUserUpdatedData {
  apiUserId: string;
  username: string;
  allowedIp: string;
  maxRecords: number;
  /** Present only when the password was changed. */
  passwordHash?: string;
}

/** An API user was deleted: its client can no longer sign in. */
export interface ApiUserDeletedData {
  apiUserId: string;
}

/** An API client signed in with its username and password and holds a session (a bearer token) until expiresAt. */
export interface ApiClientSignedInData {
  apiUserId: string;
  username: string;
  sessionId: string;
  expiresAt: string;
}

/** An API client's sign-in was refused; apiUserId is null when the username matched no API user. */
export interface ApiClientSignInFailedData {
  apiUserId: string | null;
  username: string;
  reason: 'unknown-user' | 'wrong-password' | 'ip-not-allowed';
}

export type ApiUserEvent = EventUnion<{
  [ApiUserEvents.Created]: ApiUserCreatedData;
  [ApiUserEvents.Updated]: ApiUserUpdatedData;
  [ApiUserEvents.Deleted]: ApiUserDeletedData;
}>;

export const API_USER_EVENT_TYPES: readonly ApiUserEvent['type'][] = Object.values(ApiUserEvents);

/** Sign-ins of API clients: an append-only log per API user, never folded into a state. */
export type ApiClientEvent = EventUnion<{
  [ApiClientEvents.SignedIn]: ApiClientSignedInData;
  [ApiClientEvents.SignInFailed]: ApiClientSignInFailedData;
}>;

export const apiUserStreamId = (apiUserId: string) => `api-user-${apiUserId}`;
export const apiClientSignInStreamId = (apiUserId: string | null) =>
  apiUserId ? `api-client-signin-${apiUserId}` : 'api-client-signin-unknown';
