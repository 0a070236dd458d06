/**
 * The analysts' published projections as the app hosts and lists them (issue 30 item 5): one document per name, with
 * the version now published and its code, or `published: false` once unpublished. The host
 * (backend/src/analytics/published/) builds what this says should run; the workbench lists it.
 */
import {
  AnalystProjectionPublishedData,
  PUBLISHED_PROJECTION_EVENT_TYPES,
  PublishedProjectionEvent,
  PublishedProjectionEvents,
} from '@cans/domain/analytics/published-projection.events';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../../engine/projection';

export const PUBLISHED_PROJECTIONS_COLLECTION = 'analyst_projections';

export interface PublishedProjectionDocument extends Document, AnalystProjectionPublishedData {
  published: boolean;
  publishedAt: string;
  /** When it was last unpublished (null while published). */
  unpublishedAt: string | null;
  unpublishedBy: string | null;
}

export const publishedProjectionsProjection = defineEventProjection<PublishedProjectionEvent>({
  name: 'analyst-projections',
  version: 1,
  collections: [{ name: PUBLISHED_PROJECTIONS_COLLECTION, indexes: ['published'] }],
  eventTypes: PUBLISHED_PROJECTION_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case PublishedProjectionEvents.Published:
        view.upsert(PUBLISHED_PROJECTIONS_COLLECTION, {
          id: event.data.name,
          ...event.data,
          published: true,
          publishedAt: event.recordedAt,
          unpublishedAt: null,
          unpublishedBy: null,
        } satisfies PublishedProjectionDocument);
        break;
      case PublishedProjectionEvents.Unpublished:
        view.patch(PUBLISHED_PROJECTIONS_COLLECTION, event.data.name, {
          published: false,
          unpublishedAt: event.recordedAt,
          unpublishedBy: event.data.unpublishedBy,
        });
        break;
    }
  },
});

/** Every projection ever published, by name (published ones and unpublished ones alike). */
export function listPublishedProjections(readStore: ReadStore): Promise<PublishedProjectionDocument[]> {
  return readStore.find<PublishedProjectionDocument>(PUBLISHED_PROJECTIONS_COLLECTION, {}, { sort: [{ field: 'id', direction: 'asc' }] });
}

export function getPublishedProjection(readStore: ReadStore, name: string): Promise<PublishedProjectionDocument | null> {
  return readStore.get<PublishedProjectionDocument>(PUBLISHED_PROJECTIONS_COLLECTION, name);
}
