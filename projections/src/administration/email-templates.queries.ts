/** Queries of the email templates read model (email-templates.projection.ts). */
import { DEFAULT_EMAIL_TEMPLATES } from '@cans/domain/administration/email-template-defaults';
import type { EmailTemplateContent, EmailTemplateName } from '@cans/domain/administration/email-templates';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { EMAIL_TEMPLATES_COLLECTION, EmailTemplateDocument } from './email-templates.projection';

export function getSavedEmailTemplate(readStore: ReadStore, templateName: EmailTemplateName): Promise<EmailTemplateDocument | null> {
  return readStore.get<EmailTemplateDocument>(EMAIL_TEMPLATES_COLLECTION, templateName);
}

/** What a template mails: the saved subject and body, else the built-in ones; `revision` null: never saved. */
export interface EffectiveEmailTemplate extends EmailTemplateContent {
  templateName: EmailTemplateName;
  customised: boolean;
  revision: number | null;
  updatedAt: string | null;
}

export async function getEffectiveEmailTemplate(readStore: ReadStore, templateName: EmailTemplateName): Promise<EffectiveEmailTemplate> {
  const saved = await getSavedEmailTemplate(readStore, templateName);
  if (saved)
    return {
      templateName,
      subject: saved.subject,
      body: saved.body,
      customised: true,
      revision: saved.revision,
      updatedAt: saved.updatedAt,
    };
  return { templateName, ...DEFAULT_EMAIL_TEMPLATES[templateName], customised: false, revision: null, updatedAt: null };
}
