import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor } from '../../platform/commands/actor';
import type { Privilege } from './privileges';
import type { AuthenticatedUser } from '../authentication/authenticated-user';

export const PUBLIC_ROUTE = 'cans:public';
export const REQUIRED_PRIVILEGES = 'cans:privileges';

/** Reachable without signing in (health, readiness, login). Every other route requires a valid token. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The route is refused with 403 unless the user holds at least one of these privileges. */
export const RequirePrivileges = (...privileges: Privilege[]) => SetMetadata(REQUIRED_PRIVILEGES, privileges);

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser => {
  return context.switchToHttp().getRequest<Request & { user: AuthenticatedUser }>().user;
});

/** The acting user, IP and correlation id of this request, for the events a command appends. */
export const RequestActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser; id?: unknown }>();
  return {
    userId: request.user?.id ?? null,
    ip: request.ip ?? null,
    correlationId: String(request.id ?? request.headers['x-request-id'] ?? ''),
  };
});
