/** An agency (spec §9 "Agency"): created, renamed, deleted. Deleted agencies are gone for every command. */
import type { Decider } from '../decider';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { AGENCY_EVENT_TYPES, AgencyEvent, AgencyEvents } from './agency.events';

export interface AgencyState {
  exists: boolean;
  deleted: boolean;
  name: string;
  displayName: string;
}

export type AgencyCommand =
  | { type: 'CreateAgency'; agencyId: string; name: string; displayName: string }
  | { type: 'UpdateAgency'; agencyId: string; name: string; displayName: string }
  | { type: 'DeleteAgency'; agencyId: string };

export const AGENCY_NOT_FOUND = 'The agency does not exist.';
export const AGENCY_EXISTS = 'The agency already exists.';

export const agencyDecider: Decider<AgencyState, AgencyCommand, AgencyEvent> = {
  initialState: { exists: false, deleted: false, name: '', displayName: '' },
  eventTypes: AGENCY_EVENT_TYPES,

  decide(command, state) {
    if (command.type === 'CreateAgency') {
      if (state.exists) throw new DomainRuleViolation(AGENCY_EXISTS, {}, true);
      const { agencyId, name, displayName } = command;
      return [{ type: AgencyEvents.Created, data: { agencyId, name, displayName } }];
    }
    if (!state.exists || state.deleted) throw new NotFoundError(AGENCY_NOT_FOUND);
    switch (command.type) {
      case 'UpdateAgency': {
        const { agencyId, name, displayName } = command;
        return [{ type: AgencyEvents.Updated, data: { agencyId, name, displayName } }];
      }
      case 'DeleteAgency':
        return [{ type: AgencyEvents.Deleted, data: { agencyId: command.agencyId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case AgencyEvents.Created:
        return { exists: true, deleted: false, name: event.data.name, displayName: event.data.displayName };
      case AgencyEvents.Updated:
        return { ...state, name: event.data.name, displayName: event.data.displayName };
      case AgencyEvents.Deleted:
        return { ...state, deleted: true };
    }
  },
};
