import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountController } from './account.controller';
import { AssignTemporaryAccessHandler, RevokeTemporaryAccessHandler, UpdateOwnProfileHandler } from './account.commands';
import { DelegateOptionsHandler, ListOwnAccessAssignmentsHandler } from './account.queries';

@Module({
  imports: [CqrsModule],
  controllers: [AccountController],
  providers: [
    UpdateOwnProfileHandler,
    AssignTemporaryAccessHandler,
    RevokeTemporaryAccessHandler,
    ListOwnAccessAssignmentsHandler,
    DelegateOptionsHandler,
  ],
})
export class AccountModule {}
