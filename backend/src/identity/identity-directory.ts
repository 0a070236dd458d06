import { Inject, Injectable } from '@nestjs/common';
import { SESSIONS_COLLECTION, SessionDocument } from '../../../projections/src/identity/sessions.projection';
import { USER_GROUPS_COLLECTION, UserGroupDocument } from '../../../projections/src/identity/user-groups.projection';
import { USERS_COLLECTION, UserDocument } from '../../../projections/src/identity/users.projection';
import type { AppConfig } from '../platform/config/app-config';
import { ProjectionRunnerService } from '../platform/projections/projection-runner.service';
import { APP_CONFIG, READ_STORE } from '../platform/storage/storage-tokens';
import type { Filter, FindOptions, ReadStore } from '../storage/read-store/read-store.port';
import { USERNAME_PREFIX } from './identity-rules';

/**
 * Read-model lookups the identity handlers share (users by login, groups), and `settle`: after a command that
 * changes who may do what, wait until the read models include it, so the very next request is decided on it.
 */
@Injectable()
export class IdentityDirectory {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionRunnerService,
  ) {}

  /** Spec §2: the login name may be a username (with or without 'eo_'), an email or a phone number. */
  async findUsersByLogin(login: string): Promise<UserDocument[]> {
    const key = login.trim().toLowerCase();
    if (!key) return [];
    const alternatives: Filter[] = [{ usernameKey: key }, { emailKey: key }];
    alternatives.push({ usernameKey: key.startsWith(USERNAME_PREFIX) ? key.slice(USERNAME_PREFIX.length) : `${USERNAME_PREFIX}${key}` });
    const digits = key.replace(/\D/g, '');
    if (digits.length === 10 && /^[\d\s().+-]+$/.test(key)) alternatives.push({ phoneKey: digits });
    return this.readStore.find<UserDocument>(USERS_COLLECTION, { $or: alternatives }, { limit: 5 });
  }

  getUser(userId: string): Promise<UserDocument | null> {
    return this.readStore.get<UserDocument>(USERS_COLLECTION, userId);
  }

  getUsers(userIds: string[]): Promise<UserDocument[]> {
    return userIds.length ? this.readStore.getMany<UserDocument>(USERS_COLLECTION, [...new Set(userIds)]) : Promise.resolve([]);
  }

  findUsers(filter: Filter, limit = 1000): Promise<UserDocument[]> {
    return this.readStore.find<UserDocument>(USERS_COLLECTION, filter, { limit });
  }

  findUsersPage(filter: Filter, options: FindOptions): Promise<UserDocument[]> {
    return this.readStore.find<UserDocument>(USERS_COLLECTION, filter, options);
  }

  countUsers(filter: Filter): Promise<number> {
    return this.readStore.count(USERS_COLLECTION, filter);
  }

  getGroup(groupId: string): Promise<UserGroupDocument | null> {
    return this.readStore.get<UserGroupDocument>(USER_GROUPS_COLLECTION, groupId);
  }

  getGroups(groupIds: string[]): Promise<UserGroupDocument[]> {
    return groupIds.length ? this.readStore.getMany<UserGroupDocument>(USER_GROUPS_COLLECTION, [...new Set(groupIds)]) : Promise.resolve([]);
  }

  allGroups(): Promise<UserGroupDocument[]> {
    return this.readStore.find<UserGroupDocument>(USER_GROUPS_COLLECTION, {}, { sort: [{ field: 'nameKey', direction: 'asc' }] });
  }

  getSession(sessionId: string): Promise<SessionDocument | null> {
    return this.readStore.get<SessionDocument>(SESSIONS_COLLECTION, sessionId);
  }

  /** Waits (bounded by READ_YOUR_WRITES_TIMEOUT_MS) until every projection has processed `position`. */
  async settle(position: number): Promise<void> {
    await this.projections.waitForPosition(position, this.config.readYourWritesTimeoutMs);
  }
}
