import type { AggregateDefinition } from '../../platform/commands/event-sourced-repository';
import { AgencyCreatedData, AgencyEvents, AgencyUpdatedData } from './agency.events';

export interface AgencyState {
  exists: boolean;
  deleted: boolean;
  name: string;
  displayName: string;
}

export const agencyAggregate: AggregateDefinition<AgencyState> = {
  initialState: { exists: false, deleted: false, name: '', displayName: '' },
  evolve(state, event) {
    switch (event.type) {
      case AgencyEvents.Created: {
        const data = event.data as AgencyCreatedData;
        return { exists: true, deleted: false, name: data.name, displayName: data.displayName };
      }
      case AgencyEvents.Updated: {
        const data = event.data as AgencyUpdatedData;
        return { ...state, name: data.name, displayName: data.displayName };
      }
      case AgencyEvents.Deleted:
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
};
