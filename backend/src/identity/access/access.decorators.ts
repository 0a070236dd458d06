import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor } from '../../platform/commands/actor';
import type { Privilege } from '@cans/domain/identity/privileges';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { stagesOf } from '../../platform/http/server-timing';

export const PUBLIC_ROUTE = 'cans:public';
export const REQUIRED_PRIVILEGES = 'cans:privileges';
export const API_CLIENTS_ADMITTED = 'cans:api-clients';
export const SUPER_ADMIN_ONLY = 'cans:super-admin';

/** Reachable without signing in (health, readiness, login). Every other route requires a valid token. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The route is refused with 403 unless the user holds at least one of these privileges. */
export const RequirePrivileges = (...privileges: Privilege[]) => SetMetadata(REQUIRED_PRIVILEGES, privileges);

/**
 * API clients pass the route's @RequirePrivileges too (they hold only Assessment_View and Report_Assessment, which
 * would open the route to every case worker if it named those instead): the data exports they may fetch.
 */
export const AdmitApiClients = () => SetMetadata(API_CLIENTS_ADMITTED, true);

/**
 * Only the super admin (spec 002 §6): the administrator and the other members of the System Administrator group;
 * no privilege names them (any privilege can be granted to other groups), never an API client.
 */
export const SuperAdminOnly = () => SetMetadata(SUPER_ADMIN_ONLY, true);

/** Who is calling: the signed-in user (privileges, row-access facts) and the actor their events record. */
export interface RequestAuth {
  readonly user: AuthenticatedUser;
  readonly actor: Actor;
}

/**
 * The one parameter a route takes to know its caller. The actor (user, IP, correlation id) goes into the metadata of
 * every event the route's command appends.
 */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): RequestAuth => {
  const request = context.switchToHttp().getRequest<Request & { user: AuthenticatedUser; id?: unknown }>();
  return { user: request.user, actor: actorOf(request) };
});

function actorOf(request: Request & { user?: AuthenticatedUser; id?: unknown }): Actor {
  return {
    userId: request.user?.id ?? null,
    ip: request.ip ?? null,
    correlationId: String(request.id ?? request.headers['x-request-id'] ?? ''),
    stages: stagesOf(request),
  };
}
