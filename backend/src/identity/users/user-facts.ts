import { Injectable } from '@nestjs/common';
import { agencyDecider } from '@cans/domain/administration/agency.decider';
import { agencyStreamId } from '@cans/domain/administration/agency.events';
import { displayUsername, storedUsername } from '@cans/domain/identity/identity-rules';
import { isLiveGroup, userGroupDecider } from '@cans/domain/identity/user-group.decider';
import { userGroupStreamId } from '@cans/domain/identity/user-group.events';
import {
  AccountFacts,
  AccountKeys,
  ChosenUser,
  isLiveUser,
  phoneKeyOf,
  userDecider,
  UserInput,
  UserState,
} from '@cans/domain/identity/user.decider';
import { userStreamId } from '@cans/domain/identity/user.events';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { UserManagementService } from '../access/user-management-policy.service';
import { IdentityDirectory } from '../identity-directory';

/**
 * Reads what the user decider needs from other records before it decides: existence from the streams (exact), the
 * accounts that may clash and the supervisor tree from the read models.
 */
@Injectable()
export class UserFactsReader {
  constructor(
    private readonly streams: EventSourcedCommandHandler,
    private readonly directory: IdentityDirectory,
    private readonly userManagement: UserManagementService,
  ) {}

  /** For saving `input` as the account of `userId` (`current`: its group today, null for a new user). */
  async forAccount(
    actor: Actor,
    userId: string,
    input: UserInput,
    username: string,
    current: { groupId: string } | null,
  ): Promise<AccountFacts> {
    const policyRefusal = await this.userManagement.refusalToChangeUser(actor, current && { id: userId, ...current }, input.userGroupId);
    const typedKey = displayUsername(username.toLowerCase());
    const otherAccounts = await this.accountsWithKeys(
      [{ usernameKey: username.toLowerCase() }, { usernameKey: typedKey }, { usernameKey: storedUsername(typedKey).toLowerCase() }],
      input,
    );
    const group = await this.streams.load(userGroupStreamId(input.userGroupId), userGroupDecider);
    const supervisor = input.supervisorId ? await this.chosenUser(input.supervisorId) : null;
    const agencyIds = [input.agencyId, supervisor?.agencyId].filter((id): id is string => Boolean(id));
    return {
      policyRefusal,
      otherAccounts,
      groupExists: isLiveGroup(group.state),
      supervisor,
      existingAgencyIds: await this.existingAgencies(agencyIds),
    };
  }

  /** The user-management policy's refusal to manage the user in `state`; null when allowed or not a live user (404 then). */
  refusalToManage(actor: Actor, userId: string, state: UserState): Promise<string | null> {
    if (!isLiveUser(state)) return Promise.resolve(null);
    return this.userManagement.refusalToManageUser(actor, { id: userId, groupId: state.account.userGroupId });
  }

  /** Accounts with this email or phone (My Account). */
  otherAccountsFor(contact: { email: string; phone: string | null }): Promise<AccountKeys[]> {
    return this.accountsWithKeys([], contact);
  }

  /** A live user chosen as supervisor or successor, with the supervisors above them; null when not a live user. */
  async chosenUser(userId: string): Promise<ChosenUser | null> {
    const chosen = await this.streams.load(userStreamId(userId), userDecider);
    if (!isLiveUser(chosen.state)) return null;
    return { agencyId: chosen.state.account.agencyId, chainUpwards: await this.supervisorChain(userId) };
  }

  /** `userId`, their supervisor, theirs, … (read model), stopping at the top or at a repeat. */
  private async supervisorChain(userId: string): Promise<string[]> {
    const chain: string[] = [];
    for (let current: string | null = userId; current && !chain.includes(current);) {
      chain.push(current);
      current = (await this.directory.getUser(current))?.supervisorId ?? null;
    }
    return chain;
  }

  private async accountsWithKeys(
    usernameKeys: { usernameKey: string }[],
    contact: { email: string; phone: string | null },
  ): Promise<AccountKeys[]> {
    const phoneKey = phoneKeyOf(contact.phone);
    const found = await this.directory.findUsers(
      { $or: [...usernameKeys, { emailKey: contact.email.toLowerCase() }, ...(phoneKey ? [{ phoneKey }] : [])] },
      10,
    );
    return found.map(({ id, usernameKey, emailKey, phoneKey: otherPhoneKey }) => ({ id, usernameKey, emailKey, phoneKey: otherPhoneKey }));
  }

  private async existingAgencies(agencyIds: string[]): Promise<string[]> {
    const existing: string[] = [];
    for (const agencyId of agencyIds) {
      const agency = await this.streams.load(agencyStreamId(agencyId), agencyDecider);
      if (agency.state.exists && !agency.state.deleted) existing.push(agencyId);
    }
    return existing;
  }
}
