import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { AgenciesController } from './agencies.controller';
import { AgencyCommandHandler } from './agency.commands';
import { GetAgencyHandler, ListAgenciesHandler } from './agency.queries';

@Module({
  imports: [CqrsModule],
  controllers: [AgenciesController],
  providers: [EventSourcedCommandHandler, AgencyCommandHandler, ListAgenciesHandler, GetAgencyHandler],
})
export class AgenciesModule {}
