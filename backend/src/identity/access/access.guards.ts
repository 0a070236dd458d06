import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { API_CLIENTS_ADMITTED, PUBLIC_ROUTE, REQUIRED_PRIVILEGES, SUPER_ADMIN_ONLY } from './access.decorators';
import type { Privilege } from '@cans/domain/identity/privileges';
import { SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';

/** The super admin (spec 002 §6): the administrator and the System Administrator group's members; people only. */
export function isSuperAdmin(user: AuthenticatedUser | undefined): boolean {
  return !!user && user.kind === 'user' && (user.isAdministrator || user.groupId === SYSTEM_ADMINISTRATOR_GROUP_ID);
}

/** Global: every route needs a valid token unless marked @Public(). */
@Injectable()
export class AuthenticationGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]);
    return isPublic ? true : super.canActivate(context);
  }
}

/**
 * Global: routes with @RequirePrivileges(...) need one of those privileges (or, with @AdmitApiClients(), to be an
 * API client); @SuperAdminOnly() routes need the super admin. The server is the authority.
 */
@Injectable()
export class PrivilegesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const user = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>().user;
    if (this.reflector.getAllAndOverride<boolean>(SUPER_ADMIN_ONLY, targets) && !isSuperAdmin(user))
      throw new ForbiddenException('You do not have permission to do this (super admin only: the System Administrator group).');
    const required = this.reflector.getAllAndOverride<Privilege[] | undefined>(REQUIRED_PRIVILEGES, targets);
    if (!required?.length) return true;
    if (user?.kind === 'api-client' && this.reflector.getAllAndOverride<boolean>(API_CLIENTS_ADMITTED, targets)) return true;
    if (user && required.some((privilege) => user.privileges.includes(privilege))) return true;
    throw new ForbiddenException(`You do not have permission to do this (needs ${required.join(' or ')}).`);
  }
}
