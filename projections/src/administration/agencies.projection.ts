import { AGENCY_EVENT_TYPES, AgencyEvent, AgencyEvents } from '@cans/domain/administration/agency.events';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../engine/projection';

export const AGENCIES_COLLECTION = 'agencies';

export interface AgencyDocument extends Document {
  name: string;
  displayName: string;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** The agency list and pickers. */
export const agenciesProjection = defineEventProjection<AgencyEvent>({
  name: 'agencies',
  version: 1,
  collections: [{ name: AGENCIES_COLLECTION, indexes: ['name', 'displayName'] }],
  eventTypes: AGENCY_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case AgencyEvents.Created:
        view.upsert(AGENCIES_COLLECTION, {
          id: event.data.agencyId,
          name: event.data.name,
          displayName: event.data.displayName,
          revision: event.revision,
          createdAt: event.recordedAt,
          updatedAt: event.recordedAt,
        } satisfies AgencyDocument);
        break;
      case AgencyEvents.Updated:
        view.patch(AGENCIES_COLLECTION, event.data.agencyId, {
          name: event.data.name,
          displayName: event.data.displayName,
          revision: event.revision,
          updatedAt: event.recordedAt,
        });
        break;
      case AgencyEvents.Deleted:
        view.delete(AGENCIES_COLLECTION, event.data.agencyId);
        break;
    }
  },
});
