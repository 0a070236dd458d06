import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { ChildLabelCommandHandler } from './child-labels.commands';
import { ChildLabelsController } from './child-labels.controller';
import { ListChildLabelsHandler } from './child-labels.queries';

@Module({
  imports: [CqrsModule],
  controllers: [ChildLabelsController],
  providers: [EventSourcedCommandHandler, ChildLabelCommandHandler, ListChildLabelsHandler],
})
export class ChildLabelsModule {}
