/** Queries of the users read model (users.projection.ts): sign-in lookups, the user list and the supervisor tree. */
import { UserStatus, USERNAME_PREFIX } from '@cans/domain/identity/identity-rules';
import type { Filter, FindOptions, ReadStore } from '@cans/storage/read-store/read-store.port';
import { invalidListParameters, ListPageRequest, ListPageResult, renamedSort } from '../engine/list-page';
import { USERS_COLLECTION, UserDocument } from './users.projection';

/** Spec §2: the login name may be a username (with or without 'eo_'), an email or a phone number. */
export function findUsersByLogin(readStore: ReadStore, login: string): Promise<UserDocument[]> {
  const key = login.trim().toLowerCase();
  if (!key) return Promise.resolve([]);
  const alternatives: Filter[] = [{ usernameKey: key }, { emailKey: key }];
  alternatives.push({ usernameKey: key.startsWith(USERNAME_PREFIX) ? key.slice(USERNAME_PREFIX.length) : `${USERNAME_PREFIX}${key}` });
  const digits = key.replace(/\D/g, '');
  if (digits.length === 10 && /^[\d\s().+-]+$/.test(key)) alternatives.push({ phoneKey: digits });
  return readStore.find<UserDocument>(USERS_COLLECTION, { $or: alternatives }, { limit: 5 });
}

export function getUser(readStore: ReadStore, userId: string): Promise<UserDocument | null> {
  return readStore.get<UserDocument>(USERS_COLLECTION, userId);
}

export function getUsers(readStore: ReadStore, userIds: readonly string[]): Promise<UserDocument[]> {
  return userIds.length ? readStore.getMany<UserDocument>(USERS_COLLECTION, [...new Set(userIds)]) : Promise.resolve([]);
}

export function findUsers(readStore: ReadStore, filter: Filter, limit = 1000): Promise<UserDocument[]> {
  return readStore.find<UserDocument>(USERS_COLLECTION, filter, { limit });
}

export function findUsersPage(readStore: ReadStore, filter: Filter, options: FindOptions): Promise<UserDocument[]> {
  return readStore.find<UserDocument>(USERS_COLLECTION, filter, options);
}

export function countUsers(readStore: ReadStore, filter: Filter): Promise<number> {
  return readStore.count(USERS_COLLECTION, filter);
}

/** The list's column names → read-model fields. */
const SORT_FIELD: Record<string, string> = { username: 'usernameKey', email: 'emailKey' };
const TEXT_FILTERS: Record<string, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  username: 'usernameKey',
  email: 'emailKey',
  phone: 'phone',
};
const ID_FILTERS = ['userGroupId', 'supervisorId', 'agencyId'];
const SEARCHED_BY_Q = ['firstName', 'lastName', 'fullName', 'usernameKey', 'emailKey'];

function textValue(key: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 200)
    throw invalidListParameters({ filter: [`${key} must be text of at most 200 characters`] });
  return value.trim();
}

/** Spec's user search: names, username, email, supervisor names, group, status (supervisor filters in two steps). */
export async function userListFilter(readStore: ReadStore, filter: Record<string, unknown>): Promise<Filter> {
  const clauses: Filter[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (raw === null || raw === undefined || raw === '') continue;
    if (key === 'q') {
      const q = textValue(key, raw);
      if (q) clauses.push({ $or: SEARCHED_BY_Q.map((field) => ({ [field]: { $contains: q } })) });
    } else if (key === 'id') {
      const ids = (Array.isArray(raw) ? raw : [raw]).map(String).slice(0, 500);
      clauses.push({ id: { $in: ids } });
    } else if (key === 'status') {
      const values = (Array.isArray(raw) ? raw : [raw]).map(Number);
      if (!values.every((v) => Object.values<number>(UserStatus).includes(v)))
        throw invalidListParameters({ filter: ['status must be 0, 1, 2 or 3'] });
      clauses.push({ status: { $in: values } });
    } else if (ID_FILTERS.includes(key)) {
      clauses.push({ [key]: textValue(key, raw) });
    } else if (TEXT_FILTERS[key]) {
      const text = textValue(key, raw);
      if (text) clauses.push({ [TEXT_FILTERS[key]]: { $contains: text } });
    }
  }
  const supervisorClauses: Filter[] = [];
  if (filter.supervisorFirstName)
    supervisorClauses.push({ firstName: { $contains: textValue('supervisorFirstName', filter.supervisorFirstName) } });
  if (filter.supervisorLastName)
    supervisorClauses.push({ lastName: { $contains: textValue('supervisorLastName', filter.supervisorLastName) } });
  if (filter.supervisorUsername)
    supervisorClauses.push({ usernameKey: { $contains: textValue('supervisorUsername', filter.supervisorUsername) } });
  if (supervisorClauses.length) {
    const supervisors = await findUsers(readStore, { $and: supervisorClauses });
    clauses.push({ supervisorId: { $in: supervisors.length ? supervisors.map((s) => s.id) : ['-none-'] } });
  }
  return clauses.length ? { $and: clauses } : {};
}

/** A page of the user list (ties broken by id, so pages never repeat or skip a user). */
export async function listUsers(readStore: ReadStore, list: ListPageRequest): Promise<ListPageResult<UserDocument>> {
  const filter = await userListFilter(readStore, list.filter);
  const sort = [...renamedSort(list.sort, SORT_FIELD), { field: 'id', direction: 'asc' as const }];
  const [rows, total] = await Promise.all([
    findUsersPage(readStore, filter, { sort, skip: list.skip, limit: list.limit }),
    countUsers(readStore, filter),
  ]);
  return { rows, total };
}

/** The users a supervisor supervises directly. */
export function findSupervisees(readStore: ReadStore, supervisorId: string): Promise<UserDocument[]> {
  return findUsers(readStore, { supervisorId });
}

/** The user and everyone below them in the supervisor tree. */
export async function userAndSuperviseesBelow(readStore: ReadStore, userId: string): Promise<Set<string>> {
  const found = new Set<string>([userId]);
  let frontier = [userId];
  while (frontier.length) {
    const docs = await getUsers(readStore, frontier);
    frontier = docs.flatMap((d) => d.superviseeIds).filter((id) => !found.has(id));
    frontier.forEach((id) => found.add(id));
  }
  return found;
}
