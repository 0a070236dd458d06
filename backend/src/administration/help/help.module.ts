import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { HelpController, SaveHelpHandler } from './help.controller';

@Module({
  imports: [CqrsModule],
  controllers: [HelpController],
  providers: [EventSourcedCommandHandler, SaveHelpHandler],
})
export class HelpModule {}
