/** The answers of /api/settings/email-templates (backend email-template.dto.ts). */
export interface EmailTemplateSummary {
  name: string;
  label: string;
  customised: boolean;
}

export interface EmailTemplatePlaceholder {
  name: string;
  description: string;
}

export interface EmailTemplate extends EmailTemplateSummary {
  subject: string;
  body: string;
  placeholders: EmailTemplatePlaceholder[];
  revision: number | null;
}

export interface EmailTemplatePreview {
  subject: string;
  html: string;
  text: string;
}

export const EMAIL_TEMPLATES_PATH = '/settings/email-templates';
/** Spec 002 §2: the page opens on this template. */
export const DEFAULT_TEMPLATE = 'IncompleteAssessment';
