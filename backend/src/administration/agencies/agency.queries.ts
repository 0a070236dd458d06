import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AGENCIES_COLLECTION } from '../../../../projections/src/administration/agencies.projection';
import type { Document, ReadStore } from '../../storage/read-store/read-store.port';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { equalityFilter, ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import type { AgencyView } from './agency.dto';

export const agencyListRules: ListRules = {
  sortable: ['name', 'displayName', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  filterable: ['q', 'id', 'name', 'displayName'],
};

export class ListAgenciesQuery {
  constructor(readonly list: ListRequest) {}
}

export class GetAgencyQuery {
  constructor(readonly agencyId: string) {}
}

@QueryHandler(ListAgenciesQuery)
export class ListAgenciesHandler implements IQueryHandler<ListAgenciesQuery, { rows: AgencyView[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list }: ListAgenciesQuery) {
    const filter = equalityFilter(list.filter, ['name', 'displayName']);
    const [rows, total] = await Promise.all([
      this.readStore.find<AgencyView & Document>(AGENCIES_COLLECTION, filter, { sort: list.sort, skip: list.skip, limit: list.limit }),
      this.readStore.count(AGENCIES_COLLECTION, filter),
    ]);
    return { rows, total };
  }
}

@QueryHandler(GetAgencyQuery)
export class GetAgencyHandler implements IQueryHandler<GetAgencyQuery, AgencyView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ agencyId }: GetAgencyQuery) {
    return this.readStore.get<AgencyView & Document>(AGENCIES_COLLECTION, agencyId);
  }
}
