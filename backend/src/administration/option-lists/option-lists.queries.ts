import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OptionListKey } from '@cans/domain/administration/option-lists.events';
import { getOptionList, getOptionLists, OptionListView } from '@cans/projections/administration/option-lists.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { READ_STORE } from '../../platform/storage/storage-tokens';

/** Both lists (list undefined) or one. */
export class GetOptionListsQuery {
  constructor(readonly list?: OptionListKey) {}
}

@QueryHandler(GetOptionListsQuery)
export class GetOptionListsHandler implements IQueryHandler<GetOptionListsQuery, OptionListView[] | OptionListView> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ list }: GetOptionListsQuery) {
    return list ? getOptionList(this.readStore, list) : getOptionLists(this.readStore);
  }
}
