import type { AggregateDefinition } from '../../platform/commands/event-sourced-repository';
import { UserEvents, UserAccountFields, UserCreatedData, UserProfileUpdatedData, UserUpdatedData } from './user.events';
import { UserStatus } from '../identity-rules';

export interface UserState {
  exists: boolean;
  deleted: boolean;
  account: UserAccountFields | null;
}

const strip = ({ userId: _userId, ...fields }: UserCreatedData | UserUpdatedData): UserAccountFields => fields;

export const userAggregate: AggregateDefinition<UserState> = {
  initialState: { exists: false, deleted: false, account: null },
  evolve(state, event) {
    switch (event.type) {
      case UserEvents.Created:
        return { exists: true, deleted: false, account: strip(event.data as UserCreatedData) };
      case UserEvents.Updated:
        return { ...state, account: strip(event.data as UserUpdatedData) };
      case UserEvents.ProfileUpdated: {
        const { firstName, lastName, email, phone } = event.data as UserProfileUpdatedData;
        return state.account ? { ...state, account: { ...state.account, firstName, lastName, email, phone } } : state;
      }
      case UserEvents.Approved:
        return state.account ? { ...state, account: { ...state.account, status: UserStatus.Active } } : state;
      case UserEvents.Deleted:
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
};

export const isLiveUser = (state: UserState): state is UserState & { account: UserAccountFields } =>
  state.exists && !state.deleted && state.account !== null;
