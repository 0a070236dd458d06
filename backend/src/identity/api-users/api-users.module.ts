import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateApiUserHandler, DeleteApiUserHandler, IssueApiTokenHandler, UpdateApiUserHandler } from './api-user.commands';
import { GetApiUserHandler, ListApiUsersHandler } from './api-user.queries';
import { ApiUsersController } from './api-users.controller';

@Module({
  imports: [CqrsModule],
  controllers: [ApiUsersController],
  providers: [CreateApiUserHandler, UpdateApiUserHandler, DeleteApiUserHandler, IssueApiTokenHandler, ListApiUsersHandler, GetApiUserHandler],
})
export class ApiUsersModule {}
