import type {
  AgencyCreatedData,
  AgencyUpdatedData,
} from '../../../backend/src/administration/agencies/agency.events';
import { AgencyEvents } from '../../../backend/src/administration/agencies/agency.events';
import { defineProjection } from '../engine/projection';

export const AGENCIES_COLLECTION = 'agencies';

/** The agency list and pickers. */
export const agenciesProjection = defineProjection({
  name: 'agencies',
  version: 1,
  collections: [{ name: AGENCIES_COLLECTION, indexes: ['name', 'displayName'] }],
  eventTypes: Object.values(AgencyEvents),
  apply(event, view) {
    switch (event.type) {
      case AgencyEvents.Created: {
        const data = event.data as AgencyCreatedData;
        view.upsert(AGENCIES_COLLECTION, {
          id: data.agencyId,
          name: data.name,
          displayName: data.displayName,
          revision: event.revision,
          createdAt: event.recordedAt,
          updatedAt: event.recordedAt,
        });
        break;
      }
      case AgencyEvents.Updated: {
        const data = event.data as AgencyUpdatedData;
        view.patch(AGENCIES_COLLECTION, data.agencyId, {
          name: data.name,
          displayName: data.displayName,
          revision: event.revision,
          updatedAt: event.recordedAt,
        });
        break;
      }
      case AgencyEvents.Deleted:
        view.delete(AGENCIES_COLLECTION, (event.data as { agencyId: string }).agencyId);
        break;
    }
  },
});
