import {
  ApiClientEvents,
  ApiClientSignedInData,
  ApiUserCreatedData,
  ApiUserEvents,
  ApiUserUpdatedData,
} from '../../../backend/src/identity/api-users/api-user.events';
import { defineProjection } from '../engine/projection';

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
export const apiUsersProjection = defineProjection({
  name: 'identity-api-users',
  version: 1,
  collections: [{ name: API_USERS_COLLECTION, indexes: ['usernameKey'] }],
  eventTypes: [...Object.values(ApiUserEvents), ApiClientEvents.SignedIn],
  apply(event, view) {
    switch (event.type) {
      case ApiUserEvents.Created: {
        const data = event.data as ApiUserCreatedData;
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
        const data = event.data as ApiUserUpdatedData;
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
        view.delete(API_USERS_COLLECTION, (event.data as { apiUserId: string }).apiUserId);
        break;
      case ApiClientEvents.SignedIn:
        view.patch(API_USERS_COLLECTION, (event.data as ApiClientSignedInData).apiUserId, { lastSignInAt: event.recordedAt });
        break;
    }
  },
});
