import { Inject, Injectable } from '@nestjs/common';
import type { SessionDocument } from '@cans/projections/identity/sessions.projection';
import { getSession } from '@cans/projections/identity/sessions.queries';
import type { UserGroupDocument } from '@cans/projections/identity/user-groups.projection';
import { allUserGroups, getUserGroup, getUserGroups } from '@cans/projections/identity/user-groups.queries';
import type { UserDocument } from '@cans/projections/identity/users.projection';
import { countUsers, findUsers, findUsersByLogin, findUsersPage, getUser, getUsers } from '@cans/projections/identity/users.queries';
import type { Filter, FindOptions, ReadStore } from '@cans/storage/read-store/read-store.port';
import type { AppConfig } from '../platform/config/app-config';
import { ProjectionRunnerService } from '../platform/projections/projection-runner.service';
import { APP_CONFIG, READ_STORE } from '../platform/storage/storage-tokens';

/**
 * The identity read-model queries (which live with their projections) bound to the read store, for the identity
 * handlers; and `settle`: after a command that changes who may do what, wait until the read models include it, so
 * the very next request is decided on it.
 */
@Injectable()
export class IdentityDirectory {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionRunnerService,
  ) {}

  /** Spec §2: the login name may be a username (with or without 'eo_'), an email or a phone number. */
  findUsersByLogin(login: string): Promise<UserDocument[]> {
    return findUsersByLogin(this.readStore, login);
  }

  getUser(userId: string): Promise<UserDocument | null> {
    return getUser(this.readStore, userId);
  }

  getUsers(userIds: string[]): Promise<UserDocument[]> {
    return getUsers(this.readStore, userIds);
  }

  findUsers(filter: Filter, limit = 1000): Promise<UserDocument[]> {
    return findUsers(this.readStore, filter, limit);
  }

  findUsersPage(filter: Filter, options: FindOptions): Promise<UserDocument[]> {
    return findUsersPage(this.readStore, filter, options);
  }

  countUsers(filter: Filter): Promise<number> {
    return countUsers(this.readStore, filter);
  }

  getGroup(groupId: string): Promise<UserGroupDocument | null> {
    return getUserGroup(this.readStore, groupId);
  }

  getGroups(groupIds: string[]): Promise<UserGroupDocument[]> {
    return getUserGroups(this.readStore, groupIds);
  }

  allGroups(): Promise<UserGroupDocument[]> {
    return allUserGroups(this.readStore);
  }

  getSession(sessionId: string): Promise<SessionDocument | null> {
    return getSession(this.readStore, sessionId);
  }

  /** Waits (bounded by READ_YOUR_WRITES_TIMEOUT_MS) until every projection has processed `position`. */
  async settle(position: number): Promise<void> {
    await this.projections.waitForPosition(position, this.config.readYourWritesTimeoutMs);
  }
}
