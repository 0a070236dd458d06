import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getAgency, listAgencies } from '@cans/projections/administration/agencies.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
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
    return listAgencies(this.readStore, list);
  }
}

@QueryHandler(GetAgencyQuery)
export class GetAgencyHandler implements IQueryHandler<GetAgencyQuery, AgencyView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ agencyId }: GetAgencyQuery) {
    return getAgency(this.readStore, agencyId);
  }
}
