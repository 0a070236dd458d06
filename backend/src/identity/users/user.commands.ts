import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { displayUsername, INITIAL_PASSWORD_LINK_TTL_MS, UserStatusValue } from '@cans/domain/identity/identity-rules';
import { isLiveUser, userDecider, UserInput, usernameAfterEdit, usernameOfNewUser } from '@cans/domain/identity/user.decider';
import { UserAccountFields, userStreamId } from '@cans/domain/identity/user.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler, expectRevisionOf } from '../../platform/commands/command-handler';
import { SignInTokens } from '../authentication/sign-in-tokens';
import { passwordLinkUrl } from '../delivery/identity-mails';
import { TemplatedMailer } from '../../administration/email-templates/templated-mailer';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity-config';
import { IdentityDirectory } from '../identity-directory';
import { UserFactsReader } from './user-facts';

export type { UserInput } from '@cans/domain/identity/user.decider';

export class CreateUserCommand {
  constructor(
    readonly actor: Actor,
    readonly input: UserInput,
    /** Members of groups 1/153 (and the system) create active users; others create users pending approval. */
    readonly actorManagesUsers: boolean,
    readonly options: { userId?: string; status?: UserStatusValue; sendInitialPasswordLink?: boolean; keepUsernameAsTyped?: boolean } = {},
  ) {}
}

export class UpdateUserCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly input: UserInput,
    readonly status: UserStatusValue,
    readonly actorManagesUsers: boolean,
    readonly expectedRevision?: number,
  ) {}
}

export class ApproveUserCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly actorManagesUsers: boolean,
  ) {}
}

export class DeleteUserCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly successorUserId: string | null,
  ) {}
}

export interface CreatedUser extends CommandResult {
  initialPasswordMailed: boolean;
}

/** Adds a user (facts read first, see UserFactsReader) and mails them a link to set their password. */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, CreatedUser> {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly facts: UserFactsReader,
    private readonly tokens: SignInTokens,
    private readonly mailer: TemplatedMailer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ actor, input, actorManagesUsers, options }: CreateUserCommand): Promise<CreatedUser> {
    const userId = options.userId ?? randomUUID();
    const keepUsernameAsTyped = options.keepUsernameAsTyped ?? false;
    const facts = await this.facts.forAccount(actor, userId, input, usernameOfNewUser(input.username, keepUsernameAsTyped), null);
    const command = {
      type: 'CreateUser',
      userId,
      input,
      actorManagesUsers,
      requestedStatus: options.status,
      keepUsernameAsTyped,
      facts,
    } as const;
    const { revision, position, state } = await this.handler.handle(userStreamId(userId), userDecider, command, { actor, id: userId });
    const mailed =
      (options.sendInitialPasswordLink ?? true) && isLiveUser(state) && (await this.mailInitialPasswordLink(userId, state.account));
    return { id: userId, revision, position, initialPasswordMailed: mailed };
  }

  private async mailInitialPasswordLink(userId: string, account: UserAccountFields): Promise<boolean> {
    const token = this.tokens.passwordLinkToken(userId, this.tokens.newId(), 'initial', INITIAL_PASSWORD_LINK_TTL_MS);
    const days = INITIAL_PASSWORD_LINK_TTL_MS / 86_400_000;
    const username = displayUsername(account.username);
    const link = passwordLinkUrl(this.config.publicUrl, { userId, username, email: account.email }, token);
    try {
      await this.mailer.send('CreateUser', account.email, {
        userName: `${account.firstName} ${account.lastName}`,
        username,
        link,
        days: String(days),
      });
      return true;
    } catch (error) {
      this.logger.error(`Initial-password mail for user ${userId} failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}

@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly facts: UserFactsReader,
  ) {}

  async execute({ actor, userId, input, status, actorManagesUsers, expectedRevision }: UpdateUserCommand): Promise<CommandResult> {
    const streamId = userStreamId(userId);
    // The facts depend on the account as it is (its group, its stored username).
    const loaded = await this.handler.load(streamId, userDecider);
    const current = isLiveUser(loaded.state) ? loaded.state.account : null;
    const username = current ? usernameAfterEdit(current.username, input.username) : usernameOfNewUser(input.username, false);
    const facts = await this.facts.forAccount(actor, userId, input, username, current && { groupId: current.userGroupId });
    const command = { type: 'UpdateUser', userId, input, status, actorManagesUsers, facts } as const;
    const concurrency = expectRevisionOf(loaded, expectedRevision);
    const { revision, position } = await this.handler.handle(streamId, userDecider, command, { actor, id: userId, concurrency });
    return { id: userId, revision, position };
  }
}

/** Spec §4: status 3 shows Approve; approving (the review action) makes the user Active. */
@CommandHandler(ApproveUserCommand)
export class ApproveUserHandler implements ICommandHandler<ApproveUserCommand, CommandResult> {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly facts: UserFactsReader,
    private readonly mailer: TemplatedMailer,
  ) {}

  async execute({ actor, userId, actorManagesUsers }: ApproveUserCommand): Promise<CommandResult> {
    const streamId = userStreamId(userId);
    const loaded = await this.handler.load(streamId, userDecider);
    const command = {
      type: 'ApproveUser',
      userId,
      actorManagesUsers,
      policyRefusal: await this.facts.refusalToManage(actor, userId, loaded.state),
    } as const;
    const { revision, position, state } = await this.handler.handle(streamId, userDecider, command, {
      actor,
      id: userId,
      concurrency: expectRevisionOf(loaded),
    });
    if (isLiveUser(state)) await this.mailApproved(userId, state.account);
    return { id: userId, revision, position };
  }

  /** The ReviewUser mail: the account may be used now. Approving does not depend on it (a failure is logged). */
  private async mailApproved(userId: string, account: UserAccountFields): Promise<void> {
    try {
      await this.mailer.send('ReviewUser', account.email, {
        userName: `${account.firstName} ${account.lastName}`,
        username: displayUsername(account.username),
      });
    } catch (error) {
      this.logger.error(`Approval mail for user ${userId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Spec §4: the user's supervisees (and cases) go to the successor; see the user decider. */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly directory: IdentityDirectory,
    private readonly facts: UserFactsReader,
  ) {}

  async execute({ actor, userId, successorUserId }: DeleteUserCommand): Promise<CommandResult> {
    const streamId = userStreamId(userId);
    const loaded = await this.handler.load(streamId, userDecider);
    const command = {
      type: 'DeleteUser',
      userId,
      actorUserId: actor.userId,
      policyRefusal: await this.facts.refusalToManage(actor, userId, loaded.state),
      superviseeIds: (await this.directory.findUsers({ supervisorId: userId })).map((supervisee) => supervisee.id),
      successorUserId,
      successor: successorUserId ? await this.facts.chosenUser(successorUserId) : null,
    } as const;
    const { revision, position } = await this.handler.handle(streamId, userDecider, command, {
      actor,
      id: userId,
      concurrency: expectRevisionOf(loaded),
    });
    return { id: userId, revision, position };
  }
}
