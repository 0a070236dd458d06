import { ApiClientEvent, ApiClientEvents } from '@cans/domain/identity/api-user.events';
import { CredentialEvents, CredentialsEvent } from '@cans/domain/identity/credentials.events';
import { defineEventProjection } from '../engine/projection';

export const SESSIONS_COLLECTION = 'identity_sessions';

/**
 * Every token the API issued, by its jti. The token guard accepts a token only while its session is here,
 * not ended and not expired: logout is a SessionEnded event, effective on the next request.
 */
export interface SessionDocument {
  id: string;
  userId: string;
  kind: 'user' | 'api-client';
  method: string;
  rememberMe: boolean;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  ip: string | null;
  [field: string]: unknown;
}

export const sessionsProjection = defineEventProjection<CredentialsEvent | ApiClientEvent>({
  name: 'identity-sessions',
  version: 1,
  collections: [{ name: SESSIONS_COLLECTION, indexes: ['userId', 'expiresAt'] }],
  eventTypes: [CredentialEvents.SignInSucceeded, CredentialEvents.SessionEnded, ApiClientEvents.SignedIn],
  apply(event, view) {
    switch (event.type) {
      case CredentialEvents.SignInSucceeded: {
        const data = event.data;
        view.upsert(SESSIONS_COLLECTION, {
          id: data.sessionId,
          userId: data.userId,
          kind: 'user',
          method: data.method,
          rememberMe: data.rememberMe,
          startedAt: event.recordedAt,
          expiresAt: data.expiresAt,
          endedAt: null,
          ip: event.metadata.ip ?? null,
        } satisfies SessionDocument);
        break;
      }
      case ApiClientEvents.SignedIn: {
        const data = event.data;
        view.upsert(SESSIONS_COLLECTION, {
          id: data.sessionId,
          userId: data.apiUserId,
          kind: 'api-client',
          method: 'api-token',
          rememberMe: false,
          startedAt: event.recordedAt,
          expiresAt: data.expiresAt,
          endedAt: null,
          ip: event.metadata.ip ?? null,
        } satisfies SessionDocument);
        break;
      }
      case CredentialEvents.SessionEnded:
        view.patch(SESSIONS_COLLECTION, event.data.sessionId, { endedAt: event.recordedAt });
        break;
    }
  },
});
