import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccountModule } from './account/account.module';
import { ApiUsersModule } from './api-users/api-users.module';
import { AuthenticationModule } from './authentication/authentication.module';
import { IdentityBootstrap } from './bootstrap/identity-bootstrap';
import { IdentityCoreModule } from './identity-core.module';
import { SystemLogModule } from './system-log/system-log.module';
import { UserGroupsModule } from './user-groups/user-groups.module';
import { UsersModule } from './users/users.module';
import { AuthenticationGuard, PrivilegesGuard } from './access/access.guards';

/**
 * Identity and access: sign-in with a verification code, passwords, users, user groups, API users,
 * My Account, the system log, and the global guards (every route needs a token unless @Public).
 */
@Module({
  imports: [IdentityCoreModule, AuthenticationModule, UsersModule, UserGroupsModule, ApiUsersModule, AccountModule, SystemLogModule],
  providers: [
    IdentityBootstrap,
    // Order matters: authenticate first, then check privileges.
    { provide: APP_GUARD, useClass: AuthenticationGuard },
    { provide: APP_GUARD, useClass: PrivilegesGuard },
  ],
})
export class IdentityModule {}
