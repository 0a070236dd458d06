import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ApiUserDocument } from '@cans/projections/identity/api-users.projection';
import { getApiUser, listApiUsers } from '@cans/projections/identity/api-users.queries';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { ApiUserView } from './api-user.dto';

export const apiUserListRules: ListRules = {
  sortable: ['username', 'ip', 'maxRecords', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'username', direction: 'asc' },
  filterable: ['q', 'id'],
};

export function toApiUserView(doc: ApiUserDocument): ApiUserView {
  return {
    id: doc.id,
    username: doc.username,
    ip: doc.allowedIp,
    maxRecords: doc.maxRecords,
    lastSignInAt: doc.lastSignInAt,
    revision: doc.revision,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export class ListApiUsersQuery {
  constructor(readonly list: ListRequest) {}
}

export class GetApiUserQuery {
  constructor(readonly apiUserId: string) {}
}

@QueryHandler(ListApiUsersQuery)
export class ListApiUsersHandler implements IQueryHandler<ListApiUsersQuery, { rows: ApiUserView[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list }: ListApiUsersQuery) {
    const { rows, total } = await listApiUsers(this.readStore, list);
    return { rows: rows.map(toApiUserView), total };
  }
}

@QueryHandler(GetApiUserQuery)
export class GetApiUserHandler implements IQueryHandler<GetApiUserQuery, ApiUserView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ apiUserId }: GetApiUserQuery) {
    const doc = await getApiUser(this.readStore, apiUserId);
    return doc ? toApiUserView(doc) : null;
  }
}
