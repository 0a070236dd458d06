/** Events of an agency's stream ("agency-<id>"). Names are past tense; data is what changed. */
import type { EventUnion } from '../decider';

export const AgencyEvents = {
  Created: 'AgencyCreated',
  Updated: 'AgencyUpdated',
  Deleted: 'AgencyDeleted',
} as const;

/** An agency was added, with its two names. */
export interface AgencyCreatedData {
  agencyId: string;
  name: string;
  displayName: string;
}

/** An agency's names were saved (both, as saved). */
export interface AgencyUpdatedData {
  agencyId: string;
  name: string;
  displayName: string;
}

/** An agency was deleted. */
export interface AgencyDeletedData {
  agencyId: string;
}

export type AgencyEvent = EventUnion<{
  [AgencyEvents.Created]: AgencyCreatedData;
  [AgencyEvents.Updated]: AgencyUpdatedData;
  [AgencyEvents.Deleted]: AgencyDeletedData;
}>;

export const AGENCY_EVENT_TYPES: readonly AgencyEvent['type'][] = Object.values(AgencyEvents);

export const agencyStreamId = (agencyId: string) => `agency-${agencyId}`;
