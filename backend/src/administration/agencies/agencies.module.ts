import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { AgenciesController } from './agencies.controller';
import { CreateAgencyHandler, DeleteAgencyHandler, UpdateAgencyHandler } from './agency.commands';
import { GetAgencyHandler, ListAgenciesHandler } from './agency.queries';

@Module({
  imports: [CqrsModule],
  controllers: [AgenciesController],
  providers: [
    EventSourcedRepository,
    CreateAgencyHandler,
    UpdateAgencyHandler,
    DeleteAgencyHandler,
    ListAgenciesHandler,
    GetAgencyHandler,
  ],
})
export class AgenciesModule {}
