import {
  CHILD_LABEL_EVENT_TYPES,
  ChildLabelEvent,
  ChildLabelEvents,
  ChildLabelStatus,
} from '@cans/domain/administration/child-labels.events';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../engine/projection';

/** The saved child info labels, one document per field name saved (child-labels.queries.ts adds the defaults). */
export const CHILD_LABELS_COLLECTION = 'child_labels';

export interface ChildLabelDocument extends Document {
  /** The field name (spec 002 §3). */
  id: string;
  displayName: string;
  status: ChildLabelStatus;
  revision: number;
  updatedAt: string;
}

export const childLabelsProjection = defineEventProjection<ChildLabelEvent>({
  name: 'child-labels',
  version: 1,
  collections: [{ name: CHILD_LABELS_COLLECTION }],
  eventTypes: CHILD_LABEL_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case ChildLabelEvents.Saved:
        view.upsert(CHILD_LABELS_COLLECTION, {
          id: event.data.fieldName,
          displayName: event.data.displayName,
          status: event.data.status,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies ChildLabelDocument);
        break;
    }
  },
});
