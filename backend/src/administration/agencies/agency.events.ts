/** Events of an agency's stream ("agency-<id>"). Names are past tense; data is what changed. */
export const AgencyEvents = {
  Created: 'AgencyCreated',
  Updated: 'AgencyUpdated',
  Deleted: 'AgencyDeleted',
} as const;

export interface AgencyCreatedData {
  agencyId: string;
  name: string;
  displayName: string;
}

export interface AgencyUpdatedData {
  agencyId: string;
  name: string;
  displayName: string;
}

export interface AgencyDeletedData {
  agencyId: string;
}

export const agencyStreamId = (agencyId: string) => `agency-${agencyId}`;
