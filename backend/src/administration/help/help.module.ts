import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { SaveHelpHandler } from './help.commands';
import { HelpController } from './help.controller';

@Module({
  imports: [CqrsModule],
  controllers: [HelpController],
  providers: [EventSourcedCommandHandler, SaveHelpHandler],
})
export class HelpModule {}
