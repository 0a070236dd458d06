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
  /** `usedBy`: the users and the (not deleted) assessments that belong to the agency, read by the handler. */
  | { type: 'DeleteAgency'; agencyId: string; usedBy: AgencyUsage };

export interface AgencyUsage {
  users: number;
  assessments: number;
}

export const AGENCY_NOT_FOUND = 'The agency does not exist.';
export const AGENCY_EXISTS = 'The agency already exists.';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Why an agency in use stays: its users and assessments would point at nothing (row access and reports use it). */
export function agencyInUseMessage({ users, assessments }: AgencyUsage): string {
  const parts = [users ? counted(users, 'user', 'users') : null, assessments ? counted(assessments, 'assessment', 'assessments') : null];
  const what = parts.filter(Boolean).join(' and ');
  return `This agency cannot be deleted: ${what} ${users + assessments === 1 ? 'belongs' : 'belong'} to it. Move ${users + assessments === 1 ? 'it' : 'them'} to another agency first.`;
}

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
        if (command.usedBy.users > 0 || command.usedBy.assessments > 0)
          throw new DomainRuleViolation(agencyInUseMessage(command.usedBy), {}, true, { usedBy: command.usedBy });
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
