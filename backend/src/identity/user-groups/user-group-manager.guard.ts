import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { canManageUserGroups } from '../authentication/me.service';
import { identityError } from '../identity-errors';

/**
 * Spec §6: user-group Add, Edit and Delete are for members of groups 1 (System Administrator) and 153 (State
 * Administrator), and the administrator. Runs after the global token and privilege guards.
 */
@Injectable()
export class UserGroupManagerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>().user;
    if (user && canManageUserGroups(user)) return true;
    throw identityError(403, 'usergroup_manage_forbidden');
  }
}
