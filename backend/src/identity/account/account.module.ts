import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccessDelegates } from './access-delegates';
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
    AccessDelegates,
  ],
})
export class AccountModule {}
