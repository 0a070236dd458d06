import {
  EMAIL_TEMPLATE_EVENT_TYPES,
  EmailTemplateEvent,
  EmailTemplateEvents,
  EmailTemplateSavedData,
} from '@cans/domain/administration/email-template.events';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../engine/projection';

/** The saved email templates, one document per template (id = template name); a template never saved has none. */
export const EMAIL_TEMPLATES_COLLECTION = 'email_templates';

export interface EmailTemplateDocument extends Document, EmailTemplateSavedData {
  revision: number;
  updatedAt: string;
}

export const emailTemplatesProjection = defineEventProjection<EmailTemplateEvent>({
  name: 'email-templates',
  version: 1,
  collections: [{ name: EMAIL_TEMPLATES_COLLECTION }],
  eventTypes: EMAIL_TEMPLATE_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case EmailTemplateEvents.EmailTemplateSaved:
        view.upsert(EMAIL_TEMPLATES_COLLECTION, {
          id: event.data.templateName,
          ...event.data,
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies EmailTemplateDocument);
        break;
    }
  },
});
