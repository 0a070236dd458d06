/** Events of one email template ("email-template-<name>", spec 002 §2 Email Templates): subject and body as saved. */
import type { EventUnion } from '../decider';
import type { EmailTemplateName } from './email-templates';

export const EmailTemplateEvents = {
  EmailTemplateSaved: 'EmailTemplateSaved',
} as const;

/** An email template's subject and body were saved. */
export interface EmailTemplateSavedData {
  templateName: EmailTemplateName;
  /** Plain text with `{{placeholders}}`. */
  subject: string;
  /** Sanitised rich text (HTML) with `{{placeholders}}`. */
  body: string;
}

export type EmailTemplateEvent = EventUnion<{ [EmailTemplateEvents.EmailTemplateSaved]: EmailTemplateSavedData }>;

export const EMAIL_TEMPLATE_EVENT_TYPES: readonly EmailTemplateEvent['type'][] = Object.values(EmailTemplateEvents);

/** One stream per template: saving one never races with saving another. */
export const emailTemplateStreamId = (templateName: EmailTemplateName): string => `email-template-${templateName}`;
