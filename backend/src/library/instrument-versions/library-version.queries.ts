import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LIBRARY_VERSIONS_COLLECTION, LibraryVersionDocument } from '../../../../projections/src/library/library.projection';
import { equalityFilter, ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '../../storage/read-store/read-store.port';
import type { LibraryVersionSummaryView } from './library-version.dto';

export const libraryVersionListRules: ListRules = {
  sortable: ['version', 'recordedAt'],
  defaultSort: { field: 'version', direction: 'desc' },
  filterable: ['q', 'id', 'change', 'itemId', 'ruleId', 'userId'],
};

/** The library's version history: one row per change. */
export class ListLibraryVersionsQuery {
  constructor(readonly list: ListRequest) {}
}

@QueryHandler(ListLibraryVersionsQuery)
export class ListLibraryVersionsHandler implements IQueryHandler<ListLibraryVersionsQuery, { rows: LibraryVersionSummaryView[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list }: ListLibraryVersionsQuery) {
    const filter = equalityFilter(list.filter, ['summary']);
    const [rows, total] = await Promise.all([
      this.readStore.find<LibraryVersionDocument>(LIBRARY_VERSIONS_COLLECTION, filter, { sort: list.sort, skip: list.skip, limit: list.limit }),
      this.readStore.count(LIBRARY_VERSIONS_COLLECTION, filter),
    ]);
    return { rows: rows as LibraryVersionSummaryView[], total };
  }
}
