/**
 * An API user (spec §5, Settings): a machine client with a username, a password hash, the one IP it may call from
 * and the most records one request may return. The handler hashes the password and looks up whether the username
 * is taken before deciding.
 */
import type { Decider } from '../decider';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { API_USER_EVENT_TYPES, ApiUserEvent, ApiUserEvents } from './api-user.events';

export const API_USER_NOT_FOUND = 'The API user does not exist.';
export const API_USERNAME_TAKEN = 'An API user with this username already exists.';
export const API_USER_EXISTS = 'The API user already exists.';

export interface ApiUserState {
  exists: boolean;
  deleted: boolean;
  username: string;
  passwordHash: string | null;
  allowedIp: string;
  maxRecords: number;
}

export const isLiveApiUser = (state: ApiUserState): boolean => state.exists && !state.deleted;

interface ApiUserSettings {
  apiUserId: string;
  username: string;
  /** Normalised (an IPv4-mapped IPv6 address as IPv4). */
  allowedIp: string;
  maxRecords: number;
  /** Another API user has this username (case-insensitive). */
  usernameTaken: boolean;
}

export type ApiUserCommand =
  | ({ type: 'CreateApiUser'; passwordHash: string } & ApiUserSettings)
  /** passwordHash absent: the password stays. */
  | ({ type: 'UpdateApiUser'; passwordHash?: string } & ApiUserSettings)
  | { type: 'DeleteApiUser'; apiUserId: string };

export const apiUserDecider: Decider<ApiUserState, ApiUserCommand, ApiUserEvent> = {
  initialState: { exists: false, deleted: false, username: '', passwordHash: null, allowedIp: '', maxRecords: 1 },
  eventTypes: API_USER_EVENT_TYPES,

  decide(command, state) {
    switch (command.type) {
      case 'CreateApiUser': {
        assertUsernameFree(command);
        if (state.exists) throw new DomainRuleViolation(API_USER_EXISTS, {}, true);
        const { apiUserId, username, passwordHash, allowedIp, maxRecords } = command;
        return [{ type: ApiUserEvents.Created, data: { apiUserId, username, passwordHash, allowedIp, maxRecords } }];
      }
      case 'UpdateApiUser': {
        assertLive(state);
        assertUsernameFree(command);
        const { apiUserId, username, passwordHash, allowedIp, maxRecords } = command;
        return [
          { type: ApiUserEvents.Updated, data: { apiUserId, username, allowedIp, maxRecords, ...(passwordHash ? { passwordHash } : {}) } },
        ];
      }
      case 'DeleteApiUser':
        assertLive(state);
        return [{ type: ApiUserEvents.Deleted, data: { apiUserId: command.apiUserId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case ApiUserEvents.Created: {
        const { username, passwordHash, allowedIp, maxRecords } = event.data;
        return { exists: true, deleted: false, username, passwordHash, allowedIp, maxRecords };
      }
      case ApiUserEvents.Updated: {
        const { username, allowedIp, maxRecords, passwordHash } = event.data;
        return { ...state, username, allowedIp, maxRecords, passwordHash: passwordHash ?? state.passwordHash };
      }
      case ApiUserEvents.Deleted:
        return { ...state, deleted: true };
    }
  },
};

function assertLive(state: ApiUserState): void {
  if (!isLiveApiUser(state)) throw new NotFoundError(API_USER_NOT_FOUND);
}

function assertUsernameFree(command: ApiUserSettings): void {
  if (command.usernameTaken) throw new DomainRuleViolation(API_USERNAME_TAKEN, { username: [API_USERNAME_TAKEN] }, true);
}
