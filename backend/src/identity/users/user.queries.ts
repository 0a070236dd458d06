import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getAgencies } from '@cans/projections/administration/agencies.queries';
import type { UserDocument } from '@cans/projections/identity/users.projection';
import {
  findSupervisees,
  findUsers,
  getUser,
  getUsers,
  listUsers,
  userAndSuperviseesBelow,
} from '@cans/projections/identity/users.queries';
import { allUserGroups, getUserGroups } from '@cans/projections/identity/user-groups.queries';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { managerFromPrincipal } from '../access/user-management-policy.service';
import { mayManageUser } from '../access/user-management-policy';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { USER_STATUS_LABELS, UserStatus, UserStatusValue } from '@cans/domain/identity/identity-rules';
import type { UserView } from './user.dto';

export const userListRules: ListRules = {
  sortable: [
    'firstName',
    'lastName',
    'fullName',
    'username',
    'email',
    'status',
    'expirationDate',
    'lastSignInAt',
    'createdAt',
    'updatedAt',
  ],
  defaultSort: { field: 'lastName', direction: 'asc' },
  filterable: [
    'q',
    'id',
    'firstName',
    'lastName',
    'username',
    'email',
    'phone',
    'status',
    'userGroupId',
    'supervisorId',
    'agencyId',
    'supervisorFirstName',
    'supervisorLastName',
    'supervisorUsername',
  ],
};

/** `viewer`: the caller, for each row's canManage flag. */
export class ListUsersQuery {
  constructor(
    readonly list: ListRequest,
    readonly viewer: AuthenticatedUser | null = null,
  ) {}
}

export class GetUserQuery {
  constructor(
    readonly userId: string,
    readonly viewer: AuthenticatedUser | null = null,
  ) {}
}

export class ListSuperviseesQuery {
  constructor(readonly userId: string) {}
}

export class SupervisorOptionsQuery {
  constructor(
    readonly userGroupId: string,
    readonly userId: string | null,
  ) {}
}

/**
 * Adds the names a row shows (group, supervisor, agency): three key lookups for the whole page. With a viewer, each
 * row also says whether the viewer may manage that user (the user-management policy, from the read models).
 */
export class UserViews {
  constructor(private readonly readStore: ReadStore) {}

  async of(docs: UserDocument[], viewer: AuthenticatedUser | null = null): Promise<UserView[]> {
    if (docs.length === 0) return [];
    const [groups, supervisors, agencies] = await Promise.all([
      getUserGroups(
        this.readStore,
        docs.map((d) => d.userGroupId),
      ),
      getUsers(
        this.readStore,
        docs.map((d) => d.supervisorId).filter((id): id is string => !!id),
      ),
      getAgencies(
        this.readStore,
        docs.map((d) => d.agencyId),
      ),
    ]);
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const groupPrivileges = new Map(groups.map((g) => [g.id, g.privileges]));
    const manager = viewer ? managerFromPrincipal(viewer) : null;
    const canManage = (d: UserDocument) =>
      !!manager &&
      mayManageUser(manager, { id: d.id, groupId: d.userGroupId, groupPrivileges: groupPrivileges.get(d.userGroupId) ?? [] }).allowed;
    const supervisorName = new Map(supervisors.map((s) => [s.id, s.fullName]));
    const agencyName = new Map(agencies.map((a) => [a.id, a.name]));
    return docs.map((d) => ({
      id: d.id,
      firstName: d.firstName,
      lastName: d.lastName,
      fullName: d.fullName,
      username: d.displayUsername,
      loginName: d.username,
      email: d.email,
      phone: d.phone,
      status: d.status,
      statusLabel: USER_STATUS_LABELS[d.status as UserStatusValue] ?? String(d.status),
      userGroupId: d.userGroupId,
      groupName: groupName.get(d.userGroupId) ?? null,
      supervisorId: d.supervisorId,
      supervisorName: d.supervisorId ? (supervisorName.get(d.supervisorId) ?? null) : null,
      agencyId: d.agencyId,
      agencyName: d.agencyId ? (agencyName.get(d.agencyId) ?? null) : null,
      externalId: d.externalId,
      expirationDate: d.expirationDate,
      hasPassword: d.hasPassword,
      lockedUntil: d.lockedUntil,
      lastSignInAt: d.lastSignInAt,
      superviseeCount: d.superviseeIds.length,
      revision: d.revision,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      ...(viewer ? { canManage: canManage(d) } : {}),
    }));
  }
}

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, { rows: UserView[]; total: number }> {
  private readonly views: UserViews;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {
    this.views = new UserViews(readStore);
  }

  async execute({ list, viewer }: ListUsersQuery) {
    const { rows, total } = await listUsers(this.readStore, list);
    return { rows: await this.views.of(rows, viewer), total };
  }
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, UserView | null> {
  private readonly views: UserViews;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {
    this.views = new UserViews(readStore);
  }

  async execute({ userId, viewer }: GetUserQuery) {
    const doc = await getUser(this.readStore, userId);
    return doc ? (await this.views.of([doc], viewer))[0] : null;
  }
}

@QueryHandler(ListSuperviseesQuery)
export class ListSuperviseesHandler implements IQueryHandler<ListSuperviseesQuery, { count: number; supervisees: UserView[] }> {
  private readonly views: UserViews;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {
    this.views = new UserViews(readStore);
  }

  async execute({ userId }: ListSuperviseesQuery) {
    const docs = await findSupervisees(this.readStore, userId);
    docs.sort((a, b) => a.fullName.localeCompare(b.fullName));
    return { count: docs.length, supervisees: await this.views.of(docs) };
  }
}

/**
 * Supervisors a member of the group may have (spec: choosing a group loads the supervisor list): active users of
 * the group's ancestor groups, never the user being edited or anyone below them.
 */
@QueryHandler(SupervisorOptionsQuery)
export class SupervisorOptionsHandler implements IQueryHandler<SupervisorOptionsQuery, UserView[]> {
  private readonly views: UserViews;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {
    this.views = new UserViews(readStore);
  }

  async execute({ userGroupId, userId }: SupervisorOptionsQuery) {
    const groups = await allUserGroups(this.readStore);
    const parentOf = new Map(groups.map((g) => [g.id, g.parentGroupId]));
    const ancestors: string[] = [];
    for (let current = parentOf.get(userGroupId) ?? null; current && !ancestors.includes(current); current = parentOf.get(current) ?? null)
      ancestors.push(current);
    if (ancestors.length === 0) return [];
    const candidates = await findUsers(this.readStore, { userGroupId: { $in: ancestors }, status: UserStatus.Active }, 2000);
    const excluded = userId ? await userAndSuperviseesBelow(this.readStore, userId) : new Set<string>();
    const allowed = candidates.filter((c) => !excluded.has(c.id)).sort((a, b) => a.fullName.localeCompare(b.fullName));
    return this.views.of(allowed);
  }
}
