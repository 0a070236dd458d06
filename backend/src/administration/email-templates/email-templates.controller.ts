import { Body, Controller, Get, HttpCode, Inject, Param, PipeTransform, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { emailTemplateErrors, EmailTemplateMessages } from '@cans/domain/administration/email-template.decider';
import { sanitizeEmailTemplateBody } from '@cans/domain/administration/email-template-render';
import {
  EMAIL_TEMPLATE_LABELS,
  EMAIL_TEMPLATE_NAMES,
  EmailTemplateName,
  isEmailTemplateName,
  placeholdersOf,
} from '@cans/domain/administration/email-templates';
import { hasFieldErrors, NotFoundError } from '@cans/domain/domain-errors';
import { getEffectiveEmailTemplate } from '@cans/projections/administration/email-templates.queries';
import { EMAIL_TEMPLATES_COLLECTION, EmailTemplateDocument } from '@cans/projections/administration/email-templates.projection';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { IDENTITY_CONFIG, IdentityConfig } from '../../identity/identity-config';
import type { CommandResult } from '../../platform/commands/actor';
import { answerCommand } from '../../platform/http/http-answers';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { SaveEmailTemplateRequest } from './email-template.commands';
import {
  EmailTemplatePreviewView,
  EmailTemplateSummaryView,
  EmailTemplateView,
  PreviewEmailTemplateDto,
  SaveEmailTemplateDto,
} from './email-template.dto';
import { sampleValues } from './email-template-samples';
import { TemplatedMailer } from './templated-mailer';

/** A template name of the path; any other answers 404. */
const templateNamePipe: PipeTransform<string, EmailTemplateName> = {
  transform(value: string) {
    if (!isEmailTemplateName(value)) throw new NotFoundError(EmailTemplateMessages.not_found);
    return value;
  },
};
const TemplateName = () => Param('name', templateNamePipe);
const NAME_PARAM = { name: 'name', enum: EMAIL_TEMPLATE_NAMES };

export const EMAIL_TEMPLATE_SAVED = 'The email template was saved successfully.';

/** Spec 002 §2 "Email Templates": the mails of the product (the spec's twelve and AccountLockedOut), edited with the Setting privilege. */
@ApiTags('Administration')
@ApiCookieAuth()
@Controller('settings/email-templates')
@RequirePrivileges('Setting')
export class EmailTemplatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly mailer: TemplatedMailer,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The thirteen templates: name, label, whether saved (else built in)' })
  @ApiOkResponse({ type: [EmailTemplateSummaryView] })
  async list(): Promise<EmailTemplateSummaryView[]> {
    const saved = await this.readStore.getMany<EmailTemplateDocument>(EMAIL_TEMPLATES_COLLECTION, [...EMAIL_TEMPLATE_NAMES]);
    const customised = new Set(saved.map((document) => document.id));
    return EMAIL_TEMPLATE_NAMES.map((name) => ({ name, label: EMAIL_TEMPLATE_LABELS[name], customised: customised.has(name) }));
  }

  @Get(':name')
  @ApiParam(NAME_PARAM)
  @ApiOperation({ summary: 'One template: subject, body, its placeholders, whether saved' })
  @ApiOkResponse({ type: EmailTemplateView })
  @ApiNotFoundResponse({ description: EmailTemplateMessages.not_found })
  async read(@TemplateName() name: EmailTemplateName): Promise<EmailTemplateView> {
    const template = await getEffectiveEmailTemplate(this.readStore, name);
    return {
      name,
      label: EMAIL_TEMPLATE_LABELS[name],
      customised: template.customised,
      subject: template.subject,
      // Sanitised again on the way out: whatever the store holds, no markup that could run reaches the editor.
      body: sanitizeEmailTemplateBody(template.body),
      placeholders: placeholdersOf(name).map(({ name: placeholder, description }) => ({ name: placeholder, description })),
      revision: template.revision,
    };
  }

  @Put(':name')
  @ApiParam(NAME_PARAM)
  @ApiOkResponse({ description: '{ name, message }' })
  @ApiNotFoundResponse({ description: EmailTemplateMessages.not_found })
  async save(@TemplateName() name: EmailTemplateName, @Body() body: SaveEmailTemplateDto, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(new SaveEmailTemplateRequest(actor, name, body.subject, body.body));
    return answerCommand(result, { name, message: EMAIL_TEMPLATE_SAVED });
  }

  /** Nothing is saved or sent: the mail as it would look, with sample values. */
  @Post(':name/preview')
  @HttpCode(200)
  @ApiParam(NAME_PARAM)
  @ApiOperation({ summary: 'Render the given (else the saved) subject and body with sample values' })
  @ApiOkResponse({ type: EmailTemplatePreviewView })
  @ApiNotFoundResponse({ description: EmailTemplateMessages.not_found })
  async preview(@TemplateName() name: EmailTemplateName, @Body() body: PreviewEmailTemplateDto): Promise<EmailTemplatePreviewView> {
    const saved = body.subject === undefined || body.body === undefined ? await this.mailer.contentOf(name) : null;
    const subject = body.subject ?? saved!.subject;
    const html = sanitizeEmailTemplateBody(body.body ?? saved!.body).trim();
    const errors = emailTemplateErrors(subject, html);
    if (hasFieldErrors(errors)) throw new FieldValidationException(errors);
    return this.mailer.render({ subject, body: html }, sampleValues(this.config.publicUrl));
  }
}
