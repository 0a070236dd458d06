import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PrivilegesController } from '../access/privileges.controller';
import { CreateUserGroupHandler, DeleteUserGroupHandler, UpdateUserGroupHandler } from './user-group.commands';
import { UserGroupFactsReader } from './user-group-facts';
import { UserGroupManagerGuard } from './user-group-manager.guard';
import { GetUserGroupHandler, GetUserGroupTreeHandler, ListUserGroupsHandler } from './user-group.queries';
import { UserGroupsController } from './user-groups.controller';

@Module({
  imports: [CqrsModule],
  controllers: [UserGroupsController, PrivilegesController],
  providers: [
    UserGroupFactsReader,
    CreateUserGroupHandler,
    UpdateUserGroupHandler,
    DeleteUserGroupHandler,
    ListUserGroupsHandler,
    GetUserGroupHandler,
    GetUserGroupTreeHandler,
    UserGroupManagerGuard,
  ],
  exports: [CreateUserGroupHandler],
})
export class UserGroupsModule {}
