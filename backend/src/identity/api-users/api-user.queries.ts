import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { API_USERS_COLLECTION, ApiUserDocument } from '../../../../projections/src/identity/api-users.projection';
import { equalityFilter, ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '../../storage/read-store/read-store.port';
import type { ApiUserView } from './api-user.dto';

export const apiUserListRules: ListRules = {
  sortable: ['username', 'ip', 'maxRecords', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'username', direction: 'asc' },
  filterable: ['q', 'id'],
};

const FIELD_OF: Record<string, string> = { ip: 'allowedIp', username: 'usernameKey' };

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
    const filter = equalityFilter(list.filter, ['username', 'allowedIp']);
    const sort = list.sort.map((s) => ({ ...s, field: FIELD_OF[s.field] ?? s.field }));
    const [rows, total] = await Promise.all([
      this.readStore.find<ApiUserDocument>(API_USERS_COLLECTION, filter, { sort, skip: list.skip, limit: list.limit }),
      this.readStore.count(API_USERS_COLLECTION, filter),
    ]);
    return { rows: rows.map(toApiUserView), total };
  }
}

@QueryHandler(GetApiUserQuery)
export class GetApiUserHandler implements IQueryHandler<GetApiUserQuery, ApiUserView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ apiUserId }: GetApiUserQuery) {
    const doc = await this.readStore.get<ApiUserDocument>(API_USERS_COLLECTION, apiUserId);
    return doc ? toApiUserView(doc) : null;
  }
}
