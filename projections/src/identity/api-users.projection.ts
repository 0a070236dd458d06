import { API_USER_EVENT_TYPES, ApiClientEvent, ApiClientEvents, ApiUserEvent, ApiUserEvents } from '@cans/domain/identity/api-user.events';
import { defineEventProjection } from '../engine/projection';

export const API_USERS_COLLECTION = 'identity_api_users';

export interface ApiUserDocument {
  id: string;
  username: string;
  usernameKey: string;
  allowedIp: string;
  maxRecords: number;
  lastSignInAt: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** API users (machine clients) for the settings screen and the token guard. Never holds the password hash. */
export const apiUsersProjection = defineEventProjection<ApiUserEvent | ApiClientEvent>({
  name: 'identity-api-users',
  version: 1,
  collections: [{ name: API_USERS_COLLECTION, indexes: ['usernameKey'] }],
  eventTypes: [...API_USER_EVENT_TYPES, ApiClientEvents.SignedIn],
  apply(event, view) {
    switch (event.type) {
      case ApiUserEvents.Created: {
        const data = event.data;
        view.upsert(API_USERS_COLLECTION, {
          id: data.apiUserId,
          username: data.username,
          usernameKey: data.username.toLowerCase(),
          allowedIp: data.allowedIp,
          maxRecords: data.maxRecords,
          lastSignInAt: null,
          revision: event.revision,
          createdAt: event.recordedAt,
          updatedAt: event.recordedAt,
        } satisfies ApiUserDocument);
        break;
      }
      case ApiUserEvents.Updated: {
        const data = event.data;
        view.patch(API_USERS_COLLECTION, data.apiUserId, {
          username: data.username,
          usernameKey: data.username.toLowerCase(),
          allowedIp: data.allowedIp,
          maxRecords: data.maxRecords,
          revision: event.revision,
          updatedAt: event.recordedAt,
        });
        break;
      }
      case ApiUserEvents.Deleted:
        view.delete(API_USERS_COLLECTION, event.data.apiUserId);
        break;
      case ApiClientEvents.SignedIn:
        view.patch(API_USERS_COLLECTION, event.data.apiUserId, { lastSignInAt: event.recordedAt });
        break;
    }
  },
});
