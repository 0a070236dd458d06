/** Queries of the System Log read model (system-log.projection.ts). */
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { findPage, ListPageRequest, ListPageResult } from '../engine/list-page';
import { SYSTEM_LOG_COLLECTION, SystemLogRow } from './system-log.projection';

/**
 * A page of the System Log matching `filter` (built from the screen's filters). Sorting by time sorts by position,
 * which orders events exactly (several can share a millisecond); position also breaks every other tie.
 */
export function searchSystemLog(
  readStore: ReadStore,
  filter: Filter,
  list: Omit<ListPageRequest, 'filter'>,
): Promise<ListPageResult<SystemLogRow>> {
  const sort = list.sort.map((s) => (s.field === 'recordedAt' ? { field: 'position', direction: s.direction } : s));
  return findPage<SystemLogRow>(readStore, SYSTEM_LOG_COLLECTION, filter, {
    ...list,
    sort: [...sort, { field: 'position', direction: 'desc' }],
  });
}
