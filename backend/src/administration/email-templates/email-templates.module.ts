import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { SaveEmailTemplateHandler } from './email-template.commands';
import { EmailTemplatesController } from './email-templates.controller';
import { TemplatedMailer } from './templated-mailer';

/** The email templates (spec 002 §2, and AccountLockedOut): global, so every feature that mails injects TemplatedMailer. */
@Global()
@Module({
  imports: [CqrsModule],
  controllers: [EmailTemplatesController],
  providers: [EventSourcedCommandHandler, SaveEmailTemplateHandler, TemplatedMailer],
  exports: [TemplatedMailer],
})
export class EmailTemplatesModule {}
