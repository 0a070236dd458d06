import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UserGroupDocument } from '@cans/projections/identity/user-groups.projection';
import { allUserGroups, getUserGroup } from '@cans/projections/identity/user-groups.queries';
import { findUsers } from '@cans/projections/identity/users.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { FieldValidationException } from '../../platform/http/validation';
import { mayAssignGroup } from '../access/user-management-policy';
import { managerFromPrincipal } from '../access/user-management-policy.service';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { UserGroupTreeNode, UserGroupView } from './user-group.dto';

export const userGroupListRules: ListRules = {
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  /** assignable: true lists the groups the caller may put users into (the user form's choices). */
  filterable: ['q', 'id', 'parentGroupId', 'assignable'],
};

/** `viewer`: the caller, for each group's assignable flag. */
export class ListUserGroupsQuery {
  constructor(
    readonly list: ListRequest,
    readonly viewer: AuthenticatedUser | null = null,
  ) {}
}

export class GetUserGroupQuery {
  constructor(
    readonly groupId: string,
    readonly viewer: AuthenticatedUser | null = null,
  ) {}
}

export class GetUserGroupTreeQuery {}

/** Whether the viewer may put users into the group (the user-management policy); false without a viewer. */
function assignableBy(viewer: AuthenticatedUser | null): (group: UserGroupDocument) => boolean {
  const manager = viewer ? managerFromPrincipal(viewer) : null;
  return (group) => !!manager && mayAssignGroup(manager, { id: group.id, privileges: group.privileges }).allowed;
}

/** Groups are few (tens): they are read whole and shaped in memory, which keeps tree and counts simple. */
async function viewsOf(readStore: ReadStore, groups: UserGroupDocument[], viewer: AuthenticatedUser | null): Promise<UserGroupView[]> {
  if (groups.length === 0) return [];
  const assignable = assignableBy(viewer);
  const all = await allUserGroups(readStore);
  const names = new Map(all.map((g) => [g.id, g.name]));
  const members = await findUsers(readStore, { userGroupId: { $in: groups.map((g) => g.id) } }, 100_000);
  const counts = new Map<string, number>();
  for (const member of members) counts.set(member.userGroupId, (counts.get(member.userGroupId) ?? 0) + 1);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    parentGroupId: g.parentGroupId,
    parentGroupName: g.parentGroupId ? (names.get(g.parentGroupId) ?? null) : null,
    reportsToParent: g.reportsToParent,
    privileges: g.privileges,
    builtIn: g.builtIn,
    memberCount: counts.get(g.id) ?? 0,
    assignable: assignable(g),
    revision: g.revision,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
  }));
}

@QueryHandler(ListUserGroupsQuery)
export class ListUserGroupsHandler implements IQueryHandler<ListUserGroupsQuery, { rows: UserGroupView[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list, viewer }: ListUserGroupsQuery) {
    let groups = await allUserGroups(this.readStore);
    const { q, id, parentGroupId } = list.filter as { q?: unknown; id?: unknown; parentGroupId?: unknown };
    const wrongType = [
      q !== undefined && typeof q !== 'string' && 'filter.q',
      id !== undefined && !(typeof id === 'string' || (Array.isArray(id) && id.every((v) => typeof v === 'string'))) && 'filter.id',
      parentGroupId !== undefined && parentGroupId !== null && typeof parentGroupId !== 'string' && 'filter.parentGroupId',
    ].filter((field): field is string => !!field);
    if (wrongType.length)
      throw new FieldValidationException(
        Object.fromEntries(wrongType.map((field) => [field, ['must be text']])),
        'Invalid list parameters.',
      );
    if (typeof q === 'string' && q.trim()) {
      const text = q.trim().toLowerCase();
      groups = groups.filter((g) => g.nameKey.includes(text) || g.description.toLowerCase().includes(text));
    }
    if (Array.isArray(id)) groups = groups.filter((g) => id.map(String).includes(g.id));
    else if (typeof id === 'string') groups = groups.filter((g) => g.id === id);
    if (parentGroupId !== undefined)
      groups = groups.filter((g) => g.parentGroupId === (parentGroupId === null ? null : String(parentGroupId)));
    const wanted = (list.filter as { assignable?: unknown }).assignable;
    if (wanted !== undefined) {
      if (typeof wanted !== 'boolean')
        throw new FieldValidationException({ 'filter.assignable': ['must be true or false'] }, 'Invalid list parameters.');
      const assignable = assignableBy(viewer);
      groups = groups.filter((g) => assignable(g) === wanted);
    }
    const { field, direction } = list.sort[0];
    const key = (g: UserGroupDocument) => (field === 'name' ? g.nameKey : String(g[field] ?? ''));
    groups.sort((a, b) => key(a).localeCompare(key(b)) * (direction === 'desc' ? -1 : 1));
    const page = groups.slice(list.skip, list.skip + list.limit);
    return { rows: await viewsOf(this.readStore, page, viewer), total: groups.length };
  }
}

@QueryHandler(GetUserGroupQuery)
export class GetUserGroupHandler implements IQueryHandler<GetUserGroupQuery, UserGroupView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ groupId, viewer }: GetUserGroupQuery) {
    const group = await getUserGroup(this.readStore, groupId);
    return group ? (await viewsOf(this.readStore, [group], viewer))[0] : null;
  }
}

@QueryHandler(GetUserGroupTreeQuery)
export class GetUserGroupTreeHandler implements IQueryHandler<GetUserGroupTreeQuery, UserGroupTreeNode[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(): Promise<UserGroupTreeNode[]> {
    const groups = await allUserGroups(this.readStore);
    const nodes = new Map<string, UserGroupTreeNode>(
      groups.map((g) => [g.id, { id: g.id, name: g.name, reportsToParent: g.reportsToParent, children: [] }]),
    );
    const roots: UserGroupTreeNode[] = [];
    for (const group of groups) {
      const parent = group.parentGroupId ? nodes.get(group.parentGroupId) : undefined;
      (parent ? parent.children : roots).push(nodes.get(group.id)!);
    }
    return roots;
  }
}
