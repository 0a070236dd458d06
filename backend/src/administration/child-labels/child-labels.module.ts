import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { ReadAfterWrite } from '../../platform/projections/read-after-write';
import { ChildLabelCommandHandler } from './child-labels.commands';
import { ChildLabelsController } from './child-labels.controller';
import { ListChildLabelsHandler } from './child-labels.queries';

@Module({
  imports: [CqrsModule],
  controllers: [ChildLabelsController],
  providers: [EventSourcedCommandHandler, ReadAfterWrite, ChildLabelCommandHandler, ListChildLabelsHandler],
})
export class ChildLabelsModule {}
