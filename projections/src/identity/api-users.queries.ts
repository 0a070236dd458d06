/** Queries of the API users read model (api-users.projection.ts). */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { equalityFilter, findPage, ListPageRequest, ListPageResult, renamedSort } from '../engine/list-page';
import { API_USERS_COLLECTION, ApiUserDocument } from './api-users.projection';

/** The list's column names → read-model fields. */
const FIELD_OF: Record<string, string> = { ip: 'allowedIp', username: 'usernameKey' };

/** A page of API users; `q` searches username and allowed IP. */
export async function listApiUsers(readStore: ReadStore, list: ListPageRequest): Promise<ListPageResult<ApiUserDocument>> {
  const filter = equalityFilter(list.filter, ['username', 'allowedIp']);
  return findPage<ApiUserDocument>(readStore, API_USERS_COLLECTION, filter, { ...list, sort: renamedSort(list.sort, FIELD_OF) });
}

export function getApiUser(readStore: ReadStore, apiUserId: string): Promise<ApiUserDocument | null> {
  return readStore.get<ApiUserDocument>(API_USERS_COLLECTION, apiUserId);
}

/** API users whose username equals this one, ignoring case (at most `limit`: 2 tells "taken by another"). */
export function findApiUsersByUsername(readStore: ReadStore, username: string, limit = 1): Promise<ApiUserDocument[]> {
  return readStore.find<ApiUserDocument>(API_USERS_COLLECTION, { usernameKey: username.toLowerCase() }, { limit });
}
