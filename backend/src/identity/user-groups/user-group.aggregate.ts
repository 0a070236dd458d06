import type { AggregateDefinition } from '../../platform/commands/event-sourced-repository';
import { UserGroupCreatedData, UserGroupEvents, UserGroupFields, UserGroupUpdatedData } from './user-group.events';

export interface UserGroupState {
  exists: boolean;
  deleted: boolean;
  group: UserGroupFields | null;
}

export const userGroupAggregate: AggregateDefinition<UserGroupState> = {
  initialState: { exists: false, deleted: false, group: null },
  evolve(state, event) {
    switch (event.type) {
      case UserGroupEvents.Created:
      case UserGroupEvents.Updated: {
        const { groupId: _groupId, ...group } = event.data as UserGroupCreatedData | UserGroupUpdatedData;
        return { exists: true, deleted: false, group };
      }
      case UserGroupEvents.Deleted:
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
};

export const isLiveGroup = (state: UserGroupState): state is UserGroupState & { group: UserGroupFields } =>
  state.exists && !state.deleted && state.group !== null;
