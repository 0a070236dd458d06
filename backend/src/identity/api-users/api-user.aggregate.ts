import type { AggregateDefinition } from '../../platform/commands/event-sourced-repository';
import { ApiUserCreatedData, ApiUserEvents, ApiUserUpdatedData } from './api-user.events';

export interface ApiUserState {
  exists: boolean;
  deleted: boolean;
  username: string;
  passwordHash: string | null;
  allowedIp: string;
  maxRecords: number;
}

export const apiUserAggregate: AggregateDefinition<ApiUserState> = {
  initialState: { exists: false, deleted: false, username: '', passwordHash: null, allowedIp: '', maxRecords: 1 },
  evolve(state, event) {
    switch (event.type) {
      case ApiUserEvents.Created: {
        const data = event.data as ApiUserCreatedData;
        return { exists: true, deleted: false, username: data.username, passwordHash: data.passwordHash, allowedIp: data.allowedIp, maxRecords: data.maxRecords };
      }
      case ApiUserEvents.Updated: {
        const data = event.data as ApiUserUpdatedData;
        return { ...state, username: data.username, allowedIp: data.allowedIp, maxRecords: data.maxRecords, passwordHash: data.passwordHash ?? state.passwordHash };
      }
      case ApiUserEvents.Deleted:
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
};
