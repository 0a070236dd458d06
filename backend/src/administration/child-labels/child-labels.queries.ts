import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChildLabelRow, listChildLabels } from '@cans/projections/administration/child-labels.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { READ_STORE } from '../../platform/storage/storage-tokens';

export class ListChildLabelsQuery {}

@QueryHandler(ListChildLabelsQuery)
export class ListChildLabelsHandler implements IQueryHandler<ListChildLabelsQuery, ChildLabelRow[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute() {
    return listChildLabels(this.readStore);
  }
}
