/**
 * One email template: saving records its subject and its body, the body sanitised here (placeholder links kept),
 * so no markup that could run is ever recorded or mailed.
 */
import type { Decider } from '../decider';
import { DomainRuleViolation, FieldErrors, hasFieldErrors } from '../domain-errors';
import { sanitizeEmailTemplateBody } from './email-template-render';
import { EMAIL_TEMPLATE_EVENT_TYPES, EmailTemplateEvent, EmailTemplateEvents } from './email-template.events';
import {
  EMAIL_TEMPLATE_BODY_MAX_LENGTH,
  EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH,
  EmailTemplateContent,
  EmailTemplateName,
} from './email-templates';

export const EmailTemplateMessages = {
  invalid: 'The email template is not valid.',
  not_found: 'There is no email template of that name.',
  subject_text: 'Subject must be text.',
  subject_required: 'Subject is required.',
  subject_too_long: `Subject can be at most ${EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH} characters.`,
  subject_one_line: 'Subject must be one line.',
  body_text: 'Body must be text.',
  body_required: 'Body is required.',
  body_too_long: `Body can be at most ${EMAIL_TEMPLATE_BODY_MAX_LENGTH} characters.`,
} as const;

/** The template as saved last; null: never saved (the built-in default is mailed). */
export interface EmailTemplateState {
  saved: EmailTemplateContent | null;
}

export type SaveEmailTemplate = { type: 'SaveEmailTemplate'; templateName: EmailTemplateName; subject: string; body: string };
export type EmailTemplateCommand = SaveEmailTemplate;

/** True when sanitised HTML shows no text (an editor's empty paragraph). */
const showsNoText = (html: string) =>
  !html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();

/** The field errors of a save, against the sanitised body (what would be recorded). */
export function emailTemplateErrors(subject: string, body: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!subject) errors.subject = [EmailTemplateMessages.subject_required];
  else if (subject.length > EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH) errors.subject = [EmailTemplateMessages.subject_too_long];
  else if (/[\r\n]/.test(subject)) errors.subject = [EmailTemplateMessages.subject_one_line];
  if (showsNoText(body)) errors.body = [EmailTemplateMessages.body_required];
  else if (body.length > EMAIL_TEMPLATE_BODY_MAX_LENGTH) errors.body = [EmailTemplateMessages.body_too_long];
  return errors;
}

export const emailTemplateDecider: Decider<EmailTemplateState, EmailTemplateCommand, EmailTemplateEvent> = {
  initialState: { saved: null },
  eventTypes: EMAIL_TEMPLATE_EVENT_TYPES,

  decide(command) {
    const subject = command.subject.trim();
    const body = sanitizeEmailTemplateBody(command.body).trim();
    const errors = emailTemplateErrors(subject, body);
    if (hasFieldErrors(errors)) throw new DomainRuleViolation(EmailTemplateMessages.invalid, errors);
    return [{ type: EmailTemplateEvents.EmailTemplateSaved, data: { templateName: command.templateName, subject, body } }];
  },

  evolve(_state, event) {
    return { saved: { subject: event.data.subject, body: event.data.body } };
  },
};
