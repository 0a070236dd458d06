import { Injectable } from '@nestjs/common';
import { principalManagesApiUsers } from '../access/user-management-policy.service';
import { IdentityDirectory } from '../identity-directory';
import { ADMINISTRATOR_ID, USER_GROUP_MANAGER_GROUP_IDS } from '@cans/domain/identity/identity-rules';
import type { AuthenticatedUser } from './authenticated-user';
import type { MeView } from './auth.dto';

/** Spec §6: members of groups 153 and 1 (and the administrator) may add, edit and delete user groups. */
export function canManageUserGroups(user: Pick<AuthenticatedUser, 'isAdministrator' | 'groupId' | 'kind'>): boolean {
  return user.kind === 'user' && (user.isAdministrator || (user.groupId !== null && USER_GROUP_MANAGER_GROUP_IDS.includes(user.groupId)));
}

/** GET /api/auth/me: who is signed in, what they may do and where they land (spec §4). */
@Injectable()
export class MeService {
  constructor(private readonly directory: IdentityDirectory) {}

  async meFor(user: AuthenticatedUser): Promise<MeView> {
    const doc = user.kind === 'user' ? await this.directory.getUser(user.id) : null;
    const group = user.groupId ? await this.directory.getGroup(user.groupId) : null;
    return {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      email: doc?.email ?? null,
      phone: doc?.phone ?? null,
      privileges: user.privileges,
      groupId: user.groupId,
      groupName: group?.name ?? null,
      agencyId: user.agencyId,
      isAdministrator: user.isAdministrator,
      canManageUserGroups: canManageUserGroups(user),
      canManageApiUsers: user.privileges.includes('Setting') && principalManagesApiUsers(user),
      landingPath: user.id === ADMINISTRATOR_ID && user.kind === 'user' ? '/library' : '/',
      phoneMissing: user.kind === 'user' && !doc?.phone,
      kind: user.kind,
    };
  }
}
