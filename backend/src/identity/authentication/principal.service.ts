import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { API_USERS_COLLECTION, ApiUserDocument } from '@cans/projections/identity/api-users.projection';
import { SESSIONS_COLLECTION, SessionDocument } from '@cans/projections/identity/sessions.projection';
import { USER_GROUPS_COLLECTION, UserGroupDocument } from '@cans/projections/identity/user-groups.projection';
import { USERS_COLLECTION, UserDocument } from '@cans/projections/identity/users.projection';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { Privilege, privilegesOfUser } from '@cans/domain/identity/privileges';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { IdentityMessages } from '../identity-messages';
import { ADMINISTRATOR_ID, displayUsername, hasExpired, UserStatus } from '@cans/domain/identity/identity-rules';
import type { AccessTokenClaims, AuthenticatedUser } from './authenticated-user';

/** What API clients may do: read assessment data and reports (the data feed). They never edit. */
export const API_CLIENT_PRIVILEGES: Privilege[] = ['Assessment_View', 'Report_Assessment'];

/** Same address written two ways (IPv4-mapped IPv6) compares equal. */
export const normalizeIp = (ip: string | null | undefined): string => (ip ?? '').replace(/^::ffff:/i, '').trim();

/**
 * Turns a verified token into the principal, reading the session, the user and the group read models
 * (three key lookups, the first two side by side). Answers null when the token no longer stands for an active session and user.
 */
@Injectable()
export class PrincipalService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
  ) {}

  async principalFor(claims: AccessTokenClaims, clientIp: string | null): Promise<AuthenticatedUser | null> {
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return null;
    // The session and the account the token names are read side by side (one round trip, not two, on every
    // request); nothing of the account is used unless the session stands and names that same account.
    const [session, account] = await Promise.all([
      this.readStore.get<SessionDocument>(SESSIONS_COLLECTION, claims.jti),
      claims.kind === 'api-client'
        ? this.readStore.get<ApiUserDocument>(API_USERS_COLLECTION, claims.sub)
        : this.readStore.get<UserDocument>(USERS_COLLECTION, claims.sub),
    ]);
    const now = this.clock.now().toISOString();
    if (!session || session.endedAt || session.expiresAt <= now || session.userId !== claims.sub || session.kind !== claims.kind)
      return null;
    return session.kind === 'api-client'
      ? this.apiClient(session, account as ApiUserDocument | null, clientIp)
      : this.person(session, account as UserDocument | null);
  }

  private async person(session: SessionDocument, user: UserDocument | null): Promise<AuthenticatedUser | null> {
    if (!user || !this.canAct(user)) return null;
    // A replaced password voids the sessions started before it.
    if (user.passwordSetAt && session.startedAt < user.passwordSetAt) return null;
    const group = await this.readStore.get<UserGroupDocument>(USER_GROUPS_COLLECTION, user.userGroupId);
    const privileges = privilegesOfUser(user.id, group?.privileges);
    return {
      id: user.id,
      username: displayUsername(user.username),
      fullName: user.fullName,
      privileges,
      kind: 'user',
      sessionId: session.id,
      isAdministrator: user.id === ADMINISTRATOR_ID,
      groupId: user.userGroupId,
      agencyId: user.agencyId,
      maxRecords: null,
    };
  }

  private apiClient(session: SessionDocument, apiUser: ApiUserDocument | null, clientIp: string | null): AuthenticatedUser | null {
    if (!apiUser) return null;
    if (normalizeIp(clientIp) !== normalizeIp(apiUser.allowedIp)) throw new ForbiddenException(IdentityMessages.api_client_ip_refused);
    return {
      id: apiUser.id,
      username: apiUser.username,
      fullName: apiUser.username,
      privileges: [...API_CLIENT_PRIVILEGES],
      kind: 'api-client',
      sessionId: session.id,
      isAdministrator: false,
      groupId: null,
      agencyId: null,
      maxRecords: apiUser.maxRecords,
    };
  }

  /** Active, not expired: the only users whose tokens work and who may sign in. */
  canAct(user: Pick<UserDocument, 'status' | 'expirationDate'>): boolean {
    return user.status === UserStatus.Active && !hasExpired(user.expirationDate, this.clock.now());
  }
}
