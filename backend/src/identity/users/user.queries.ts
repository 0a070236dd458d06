import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AGENCIES_COLLECTION } from '../../../../projections/src/administration/agencies.projection';
import type { UserDocument } from '../../../../projections/src/identity/users.projection';
import { FieldValidationException } from '../../platform/http/validation';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '../../storage/read-store/read-store.port';
import { managerFromPrincipal } from '../access/user-management-policy.service';
import { mayManageUser } from '../access/user-management-policy';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { IdentityDirectory } from '../identity-directory';
import { USER_STATUS_LABELS, UserStatus, UserStatusValue } from '../identity-rules';
import type { UserView } from './user.dto';

export const userListRules: ListRules = {
  sortable: ['firstName', 'lastName', 'fullName', 'username', 'email', 'status', 'expirationDate', 'lastSignInAt', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'lastName', direction: 'asc' },
  filterable: [
    'q', 'id', 'firstName', 'lastName', 'username', 'email', 'phone', 'status', 'userGroupId', 'supervisorId', 'agencyId',
    'supervisorFirstName', 'supervisorLastName', 'supervisorUsername',
  ],
};

const SORT_FIELD: Record<string, string> = { username: 'usernameKey', email: 'emailKey' };
const TEXT_FILTERS: Record<string, string> = { firstName: 'firstName', lastName: 'lastName', username: 'usernameKey', email: 'emailKey', phone: 'phone' };
const ID_FILTERS = ['userGroupId', 'supervisorId', 'agencyId'];

/** `viewer`: the caller, for each row's canManage flag. */
export class ListUsersQuery {
  constructor(readonly list: ListRequest, readonly viewer: AuthenticatedUser | null = null) {}
}

export class GetUserQuery {
  constructor(readonly userId: string, readonly viewer: AuthenticatedUser | null = null) {}
}

export class ListSuperviseesQuery {
  constructor(readonly userId: string) {}
}

export class SupervisorOptionsQuery {
  constructor(readonly userGroupId: string, readonly userId: string | null) {}
}

/**
 * Adds the names a row shows (group, supervisor, agency): three key lookups for the whole page. With a viewer, each
 * row also says whether the viewer may manage that user (the user-management policy, from the read models).
 */
export class UserViews {
  constructor(private readonly directory: IdentityDirectory, private readonly readStore: ReadStore) {}

  async of(docs: UserDocument[], viewer: AuthenticatedUser | null = null): Promise<UserView[]> {
    if (docs.length === 0) return [];
    const [groups, supervisors, agencies] = await Promise.all([
      this.directory.getGroups(docs.map((d) => d.userGroupId)),
      this.directory.getUsers(docs.map((d) => d.supervisorId).filter((id): id is string => !!id)),
      this.readStore.getMany<{ id: string; name: string }>(AGENCIES_COLLECTION, [...new Set(docs.map((d) => d.agencyId).filter((id): id is string => !!id))]),
    ]);
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const groupPrivileges = new Map(groups.map((g) => [g.id, g.privileges]));
    const manager = viewer ? managerFromPrincipal(viewer) : null;
    const canManage = (d: UserDocument) =>
      !!manager && mayManageUser(manager, { id: d.id, groupId: d.userGroupId, groupPrivileges: groupPrivileges.get(d.userGroupId) ?? [] }).allowed;
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

function textValue(key: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 200) {
    throw new FieldValidationException({ filter: [`${key} must be text of at most 200 characters`] }, 'Invalid list parameters.');
  }
  return value.trim();
}

/** Spec's user search: names, username, email, supervisor names, group, status (supervisor filters in two steps). */
async function userFilter(directory: IdentityDirectory, filter: Record<string, unknown>): Promise<Filter> {
  const clauses: Filter[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (raw === null || raw === undefined || raw === '') continue;
    if (key === 'q') {
      const q = textValue(key, raw);
      if (q) clauses.push({ $or: ['firstName', 'lastName', 'fullName', 'usernameKey', 'emailKey'].map((field) => ({ [field]: { $contains: q } })) });
    } else if (key === 'id') {
      const ids = (Array.isArray(raw) ? raw : [raw]).map(String).slice(0, 500);
      clauses.push({ id: { $in: ids } });
    } else if (key === 'status') {
      const values = (Array.isArray(raw) ? raw : [raw]).map(Number);
      if (!values.every((v) => Object.values(UserStatus).includes(v as UserStatusValue))) {
        throw new FieldValidationException({ filter: ['status must be 0, 1, 2 or 3'] }, 'Invalid list parameters.');
      }
      clauses.push({ status: { $in: values } });
    } else if (ID_FILTERS.includes(key)) {
      clauses.push({ [key]: textValue(key, raw) });
    } else if (TEXT_FILTERS[key]) {
      const text = textValue(key, raw);
      if (text) clauses.push({ [TEXT_FILTERS[key]]: { $contains: text } });
    }
  }
  const supervisorClauses: Filter[] = [];
  if (filter.supervisorFirstName) supervisorClauses.push({ firstName: { $contains: textValue('supervisorFirstName', filter.supervisorFirstName) } });
  if (filter.supervisorLastName) supervisorClauses.push({ lastName: { $contains: textValue('supervisorLastName', filter.supervisorLastName) } });
  if (filter.supervisorUsername) supervisorClauses.push({ usernameKey: { $contains: textValue('supervisorUsername', filter.supervisorUsername) } });
  if (supervisorClauses.length) {
    const supervisors = await directory.findUsers({ $and: supervisorClauses }, 1000);
    clauses.push({ supervisorId: { $in: supervisors.length ? supervisors.map((s) => s.id) : ['-none-'] } });
  }
  return clauses.length ? { $and: clauses } : {};
}

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, { rows: UserView[]; total: number }> {
  private readonly views: UserViews;

  constructor(private readonly directory: IdentityDirectory, @Inject(READ_STORE) readStore: ReadStore) {
    this.views = new UserViews(directory, readStore);
  }

  async execute({ list, viewer }: ListUsersQuery) {
    const filter = await userFilter(this.directory, list.filter);
    const sort = list.sort.map((s) => ({ ...s, field: SORT_FIELD[s.field] ?? s.field }));
    const [docs, total] = await Promise.all([
      this.directory.findUsersPage(filter, { sort: [...sort, { field: 'id', direction: 'asc' }], skip: list.skip, limit: list.limit }),
      this.directory.countUsers(filter),
    ]);
    return { rows: await this.views.of(docs, viewer), total };
  }
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, UserView | null> {
  private readonly views: UserViews;

  constructor(private readonly directory: IdentityDirectory, @Inject(READ_STORE) readStore: ReadStore) {
    this.views = new UserViews(directory, readStore);
  }

  async execute({ userId, viewer }: GetUserQuery) {
    const doc = await this.directory.getUser(userId);
    return doc ? (await this.views.of([doc], viewer))[0] : null;
  }
}

@QueryHandler(ListSuperviseesQuery)
export class ListSuperviseesHandler implements IQueryHandler<ListSuperviseesQuery, { count: number; supervisees: UserView[] }> {
  private readonly views: UserViews;

  constructor(private readonly directory: IdentityDirectory, @Inject(READ_STORE) readStore: ReadStore) {
    this.views = new UserViews(directory, readStore);
  }

  async execute({ userId }: ListSuperviseesQuery) {
    const docs = await this.directory.findUsers({ supervisorId: userId });
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

  constructor(private readonly directory: IdentityDirectory, @Inject(READ_STORE) readStore: ReadStore) {
    this.views = new UserViews(directory, readStore);
  }

  async execute({ userGroupId, userId }: SupervisorOptionsQuery) {
    const groups = await this.directory.allGroups();
    const parentOf = new Map(groups.map((g) => [g.id, g.parentGroupId]));
    const ancestors: string[] = [];
    for (let current = parentOf.get(userGroupId) ?? null; current && !ancestors.includes(current); current = parentOf.get(current) ?? null) ancestors.push(current);
    if (ancestors.length === 0) return [];
    const candidates = await this.directory.findUsers({ userGroupId: { $in: ancestors }, status: UserStatus.Active }, 2000);
    const excluded = userId ? await this.descendantsAndSelf(userId) : new Set<string>();
    const allowed = candidates.filter((c) => !excluded.has(c.id)).sort((a, b) => a.fullName.localeCompare(b.fullName));
    return this.views.of(allowed);
  }

  private async descendantsAndSelf(userId: string): Promise<Set<string>> {
    const found = new Set<string>([userId]);
    let frontier = [userId];
    while (frontier.length) {
      const docs = await this.directory.getUsers(frontier);
      frontier = docs.flatMap((d) => d.superviseeIds).filter((id) => !found.has(id));
      frontier.forEach((id) => found.add(id));
    }
    return found;
  }
}
