import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ApiClientRecordLimitInterceptor } from './api-client-record-limit';
import { CreateApiUserHandler, DeleteApiUserHandler, IssueApiTokenHandler, UpdateApiUserHandler } from './api-user.commands';
import { GetApiUserHandler, ListApiUsersHandler } from './api-user.queries';
import { ApiUsersController } from './api-users.controller';

@Module({
  imports: [CqrsModule],
  controllers: [ApiUsersController],
  providers: [
    CreateApiUserHandler,
    UpdateApiUserHandler,
    DeleteApiUserHandler,
    IssueApiTokenHandler,
    ListApiUsersHandler,
    GetApiUserHandler,
    // Global: an API user's maxRecords holds on every route, whichever feature serves it.
    { provide: APP_INTERCEPTOR, useClass: ApiClientRecordLimitInterceptor },
  ],
})
export class ApiUsersModule {}
