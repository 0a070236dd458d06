import { HELP_EVENT_TYPES, HelpEvent } from '@cans/domain/administration/help.events';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../engine/projection';

/** Saved help, one document per normalised page path (the id). */
export const HELP_COLLECTION = 'help_content';

export interface HelpDocument extends Document {
  /** Sanitised rich text; '' means the built-in help shows. */
  content: string;
  revision: number;
  updatedAt: string;
}

export const helpProjection = defineEventProjection<HelpEvent>({
  name: 'help',
  version: 1,
  collections: [{ name: HELP_COLLECTION }],
  eventTypes: HELP_EVENT_TYPES,
  apply(event, view) {
    view.upsert(HELP_COLLECTION, {
      id: event.data.path,
      content: event.data.content,
      revision: event.revision,
      updatedAt: event.recordedAt,
    } satisfies HelpDocument);
  },
});
