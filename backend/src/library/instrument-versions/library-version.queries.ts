import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { listLibraryVersions } from '@cans/projections/library/library.queries';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
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
export class ListLibraryVersionsHandler implements IQueryHandler<
  ListLibraryVersionsQuery,
  { rows: LibraryVersionSummaryView[]; total: number }
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ list }: ListLibraryVersionsQuery) {
    return listLibraryVersions(this.readStore, list);
  }
}
