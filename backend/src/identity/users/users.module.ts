import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ApproveUserHandler, CreateUserHandler, DeleteUserHandler, UpdateUserHandler } from './user.commands';
import { GetUserHandler, ListSuperviseesHandler, ListUsersHandler, SupervisorOptionsHandler } from './user.queries';
import { UsersController } from './users.controller';

@Module({
  imports: [CqrsModule],
  controllers: [UsersController],
  providers: [
    CreateUserHandler,
    UpdateUserHandler,
    ApproveUserHandler,
    DeleteUserHandler,
    ListUsersHandler,
    GetUserHandler,
    ListSuperviseesHandler,
    SupervisorOptionsHandler,
  ],
  exports: [CreateUserHandler],
})
export class UsersModule {}
