/** Queries of the agencies read model (agencies.projection.ts). */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { equalityFilter, findPage, ListPageRequest, ListPageResult } from '../engine/list-page';
import { AGENCIES_COLLECTION, AgencyDocument } from './agencies.projection';

/** A page of agencies; `q` searches name and display name. */
export async function listAgencies(readStore: ReadStore, list: ListPageRequest): Promise<ListPageResult<AgencyDocument>> {
  return findPage<AgencyDocument>(readStore, AGENCIES_COLLECTION, equalityFilter(list.filter, ['name', 'displayName']), list);
}

export function getAgency(readStore: ReadStore, agencyId: string): Promise<AgencyDocument | null> {
  return readStore.get<AgencyDocument>(AGENCIES_COLLECTION, agencyId);
}

/** The agencies of these ids (duplicates and empty ids ignored; unknown ids are left out), for rows that name their agency. */
export function getAgencies(readStore: ReadStore, agencyIds: readonly (string | null)[]): Promise<AgencyDocument[]> {
  const ids = [...new Set(agencyIds.filter((id): id is string => !!id))];
  return ids.length ? readStore.getMany<AgencyDocument>(AGENCIES_COLLECTION, ids) : Promise.resolve([]);
}
