import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ApiUserDocument } from '@cans/projections/identity/api-users.projection';
import { getApiUser, listApiUsers } from '@cans/projections/identity/api-users.queries';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { principalManagesApiUsers } from '../access/user-management-policy.service';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import type { ApiUserView } from './api-user.dto';

export const apiUserListRules: ListRules = {
  sortable: ['username', 'ip', 'maxRecords', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'username', direction: 'asc' },
  filterable: ['q', 'id'],
};

/** `canManage`: the viewer may edit and delete it (rule 6 of the user-management policy; the same for every row). */
export function toApiUserView(doc: ApiUserDocument, canManage: boolean): ApiUserView {
  return {
    id: doc.id,
    username: doc.username,
    ip: doc.allowedIp,
    maxRecords: doc.maxRecords,
    lastSignInAt: doc.lastSignInAt,
    revision: doc.revision,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    canManage,
  };
}

export class ListApiUsersQuery {
  constructor(
    readonly list: ListRequest,
    readonly viewer: AuthenticatedUser,
  ) {}
}

export class GetApiUserQuery {
  constructor(
    readonly apiUserId: string,
    readonly viewer: AuthenticatedUser,
  ) {}
}

@QueryHandler(ListApiUsersQuery)
export class ListApiUsersHandler implements IQueryHandler<ListApiUsersQuery, { rows: ApiUserView[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list, viewer }: ListApiUsersQuery) {
    const { rows, total } = await listApiUsers(this.readStore, list);
    const canManage = principalManagesApiUsers(viewer);
    return { rows: rows.map((doc) => toApiUserView(doc, canManage)), total };
  }
}

@QueryHandler(GetApiUserQuery)
export class GetApiUserHandler implements IQueryHandler<GetApiUserQuery, ApiUserView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ apiUserId, viewer }: GetApiUserQuery) {
    const doc = await getApiUser(this.readStore, apiUserId);
    return doc ? toApiUserView(doc, principalManagesApiUsers(viewer)) : null;
  }
}
