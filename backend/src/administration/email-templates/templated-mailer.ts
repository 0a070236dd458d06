import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_EMAIL_TEMPLATES } from '@cans/domain/administration/email-template-defaults';
import { emailTemplateDecider } from '@cans/domain/administration/email-template.decider';
import { emailTemplateStreamId } from '@cans/domain/administration/email-template.events';
import { renderEmailTemplate, RenderedMail } from '@cans/domain/administration/email-template-render';
import type { EmailTemplateContent, EmailTemplateName } from '@cans/domain/administration/email-templates';
import { MAILER, Mailer } from '../../identity/delivery/mailer';
import { IDENTITY_CONFIG, IdentityConfig } from '../../identity/identity-config';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

/**
 * Every mail of the product: renders the template (as saved on the Email Templates page, else built in) with the
 * sender's values and sends it, HTML with a plain-text alternative, through the configured mail server.
 * `appUrl` (the application's public address) is given to every template.
 */
@Injectable()
export class TemplatedMailer {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly handler: EventSourcedCommandHandler,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Renders and sends; rejects when the mail server refuses (callers decide whether that fails their command). */
  async send(template: EmailTemplateName, to: string, values: Record<string, string>): Promise<void> {
    const mail = renderEmailTemplate(await this.contentOf(template), this.withCommonValues(values));
    await this.mailer.send({ to, ...mail });
  }

  /** Renders a subject and body (a preview) with these values and the common ones. */
  render(content: EmailTemplateContent, values: Record<string, string>): RenderedMail {
    return renderEmailTemplate(content, this.withCommonValues(values));
  }

  /**
   * The template as last saved, else the built-in one. Read from its stream (a few events), not from the read
   * model: a mail sent right after a save already uses it.
   */
  async contentOf(template: EmailTemplateName): Promise<EmailTemplateContent> {
    const { state } = await this.handler.load(emailTemplateStreamId(template), emailTemplateDecider);
    return state.saved ?? DEFAULT_EMAIL_TEMPLATES[template];
  }

  private withCommonValues(values: Record<string, string>): Record<string, string> {
    return { appUrl: this.config.publicUrl, ...values };
  }
}
