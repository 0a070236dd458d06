import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { emailTemplateDecider } from '@cans/domain/administration/email-template.decider';
import { emailTemplateStreamId } from '@cans/domain/administration/email-template.events';
import type { EmailTemplateName } from '@cans/domain/administration/email-templates';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

/** Save one template's subject and body (the body is sanitised by the decider). */
export class SaveEmailTemplateRequest {
  constructor(
    readonly actor: Actor,
    readonly templateName: EmailTemplateName,
    readonly subject: string,
    readonly body: string,
  ) {}
}

@CommandHandler(SaveEmailTemplateRequest)
export class SaveEmailTemplateHandler implements ICommandHandler<SaveEmailTemplateRequest, CommandResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, templateName, subject, body }: SaveEmailTemplateRequest): Promise<CommandResult> {
    const { id, revision, position } = await this.handler.handle(
      emailTemplateStreamId(templateName),
      emailTemplateDecider,
      { type: 'SaveEmailTemplate', templateName, subject, body },
      // The last save wins: a template is edited whole, by few, like the other settings.
      { actor, id: templateName, concurrency: { kind: 'merge', maxAttempts: 3 } },
    );
    return { id, revision, position };
  }
}
