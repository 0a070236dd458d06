import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { ReadAfterWrite } from '../../platform/projections/read-after-write';
import { OptionListCommandHandler } from './option-lists.commands';
import { OptionListsController } from './option-lists.controller';
import { GetOptionListsHandler } from './option-lists.queries';

@Module({
  imports: [CqrsModule],
  controllers: [OptionListsController],
  providers: [EventSourcedCommandHandler, ReadAfterWrite, OptionListCommandHandler, GetOptionListsHandler],
})
export class OptionListsModule {}
