import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { PUBLIC_ROUTE, REQUIRED_PRIVILEGES } from './access.decorators';
import type { Privilege } from '@cans/domain/identity/privileges';

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

/** Global: routes with @RequirePrivileges(...) need one of those privileges; the server is the authority. */
@Injectable()
export class PrivilegesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<Privilege[] | undefined>(REQUIRED_PRIVILEGES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required?.length) return true;
    const user = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>().user;
    if (user && required.some((privilege) => user.privileges.includes(privilege))) return true;
    throw new ForbiddenException(`You do not have permission to do this (needs ${required.join(' or ')}).`);
  }
}
