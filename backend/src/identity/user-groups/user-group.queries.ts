import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UserGroupDocument } from '../../../../projections/src/identity/user-groups.projection';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { IdentityDirectory } from '../identity-directory';
import type { UserGroupTreeNode, UserGroupView } from './user-group.dto';

export const userGroupListRules: ListRules = {
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  filterable: ['q', 'id', 'parentGroupId'],
};

export class ListUserGroupsQuery {
  constructor(readonly list: ListRequest) {}
}

export class GetUserGroupQuery {
  constructor(readonly groupId: string) {}
}

export class GetUserGroupTreeQuery {}

/** Groups are few (tens): they are read whole and shaped in memory, which keeps tree and counts simple. */
async function viewsOf(directory: IdentityDirectory, groups: UserGroupDocument[]): Promise<UserGroupView[]> {
  if (groups.length === 0) return [];
  const all = await directory.allGroups();
  const names = new Map(all.map((g) => [g.id, g.name]));
  const members = await directory.findUsers({ userGroupId: { $in: groups.map((g) => g.id) } }, 100_000);
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
    revision: g.revision,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
  }));
}

@QueryHandler(ListUserGroupsQuery)
export class ListUserGroupsHandler implements IQueryHandler<ListUserGroupsQuery, { rows: UserGroupView[]; total: number }> {
  constructor(private readonly directory: IdentityDirectory) {}

  async execute({ list }: ListUserGroupsQuery) {
    let groups = await this.directory.allGroups();
    const { q, id, parentGroupId } = list.filter as { q?: unknown; id?: unknown; parentGroupId?: unknown };
    if (typeof q === 'string' && q.trim()) {
      const text = q.trim().toLowerCase();
      groups = groups.filter((g) => g.nameKey.includes(text) || g.description.toLowerCase().includes(text));
    }
    if (Array.isArray(id)) groups = groups.filter((g) => id.map(String).includes(g.id));
    else if (typeof id === 'string') groups = groups.filter((g) => g.id === id);
    if (parentGroupId !== undefined) groups = groups.filter((g) => g.parentGroupId === (parentGroupId === null ? null : String(parentGroupId)));
    const { field, direction } = list.sort[0];
    const key = (g: UserGroupDocument) => (field === 'name' ? g.nameKey : String(g[field] ?? ''));
    groups.sort((a, b) => key(a).localeCompare(key(b)) * (direction === 'desc' ? -1 : 1));
    const page = groups.slice(list.skip, list.skip + list.limit);
    return { rows: await viewsOf(this.directory, page), total: groups.length };
  }
}

@QueryHandler(GetUserGroupQuery)
export class GetUserGroupHandler implements IQueryHandler<GetUserGroupQuery, UserGroupView | null> {
  constructor(private readonly directory: IdentityDirectory) {}

  async execute({ groupId }: GetUserGroupQuery) {
    const group = await this.directory.getGroup(groupId);
    return group ? (await viewsOf(this.directory, [group]))[0] : null;
  }
}

@QueryHandler(GetUserGroupTreeQuery)
export class GetUserGroupTreeHandler implements IQueryHandler<GetUserGroupTreeQuery, UserGroupTreeNode[]> {
  constructor(private readonly directory: IdentityDirectory) {}

  async execute(): Promise<UserGroupTreeNode[]> {
    const groups = await this.directory.allGroups();
    const nodes = new Map<string, UserGroupTreeNode>(groups.map((g) => [g.id, { id: g.id, name: g.name, reportsToParent: g.reportsToParent, children: [] }]));
    const roots: UserGroupTreeNode[] = [];
    for (const group of groups) {
      const parent = group.parentGroupId ? nodes.get(group.parentGroupId) : undefined;
      (parent ? parent.children : roots).push(nodes.get(group.id)!);
    }
    return roots;
  }
}
