import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { findApiUsersByUsername } from '@cans/projections/identity/api-users.queries';
import { ApiUserCommand, apiUserDecider, isLiveApiUser } from '@cans/domain/identity/api-user.decider';
import {
  ApiClientEvent,
  ApiClientEvents,
  ApiClientSignInFailedData,
  apiClientSignInStreamId,
  apiUserStreamId,
} from '@cans/domain/identity/api-user.events';
import { API_CLIENT_TOKEN_TTL_MS } from '@cans/domain/identity/identity-rules';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { APPEND_ONLY, EventSourcedCommandHandler, expectRevisionOf } from '../../platform/commands/command-handler';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { UserManagementService } from '../access/user-management-policy.service';
import { PasswordHasher } from '../authentication/password-hasher';
import { normalizeIp } from '../authentication/principal.service';
import { apiClientSignInLog } from '../authentication/sign-in.commands';
import { SignInTokens } from '../authentication/sign-in-tokens';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { identityError, recordedAt } from '../identity-errors';

export class CreateApiUserCommand {
  constructor(
    readonly actor: Actor,
    readonly username: string,
    readonly password: string,
    readonly allowedIp: string,
    readonly maxRecords: number,
    readonly apiUserId: string = randomUUID(),
  ) {}
}

export class UpdateApiUserCommand {
  constructor(
    readonly actor: Actor,
    readonly apiUserId: string,
    readonly username: string,
    /** Empty or undefined keeps the current password. */
    readonly password: string | undefined,
    readonly allowedIp: string,
    readonly maxRecords: number,
    readonly expectedRevision?: number,
  ) {}
}

export class DeleteApiUserCommand {
  constructor(
    readonly actor: Actor,
    readonly apiUserId: string,
  ) {}
}

export class IssueApiTokenCommand {
  constructor(
    readonly actor: Actor,
    readonly username: string,
    readonly password: string,
  ) {}
}

/** Another API user has this username (case-insensitive). */
async function usernameTaken(readStore: ReadStore, username: string, apiUserId: string): Promise<boolean> {
  return (await findApiUsersByUsername(readStore, username, 2)).some((apiUser) => apiUser.id !== apiUserId);
}

@CommandHandler(CreateApiUserCommand)
export class CreateApiUserHandler implements ICommandHandler<CreateApiUserCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly hasher: PasswordHasher,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute({ actor, apiUserId, username, password, allowedIp, maxRecords }: CreateApiUserCommand): Promise<CommandResult> {
    // An API user reads every record: only someone who may do so themselves hands one out (403, nothing written).
    await this.userManagement.assertMayManageApiUsers(actor);
    const usernameIsTaken = await usernameTaken(this.readStore, username, apiUserId);
    const passwordHash = await this.hasher.hash(password);
    const command: ApiUserCommand = {
      type: 'CreateApiUser',
      apiUserId,
      username,
      passwordHash,
      allowedIp: normalizeIp(allowedIp),
      maxRecords,
      usernameTaken: usernameIsTaken,
    };
    const { revision, position } = await this.handler.handle(apiUserStreamId(apiUserId), apiUserDecider, command, { actor, id: apiUserId });
    return { id: apiUserId, revision, position };
  }
}

@CommandHandler(UpdateApiUserCommand)
export class UpdateApiUserHandler implements ICommandHandler<UpdateApiUserCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly hasher: PasswordHasher,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute({
    actor,
    apiUserId,
    username,
    password,
    allowedIp,
    maxRecords,
    expectedRevision,
  }: UpdateApiUserCommand): Promise<CommandResult> {
    // Re-keying or widening an API user is handing it out again (rule 6 of the user-management policy).
    await this.userManagement.assertMayManageApiUsers(actor);
    const streamId = apiUserStreamId(apiUserId);
    const loaded = await this.handler.load(streamId, apiUserDecider);
    const usernameIsTaken = await usernameTaken(this.readStore, username, apiUserId);
    const passwordHash = password ? await this.hasher.hash(password) : undefined;
    const command: ApiUserCommand = {
      type: 'UpdateApiUser',
      apiUserId,
      username,
      passwordHash,
      allowedIp: normalizeIp(allowedIp),
      maxRecords,
      usernameTaken: usernameIsTaken,
    };
    const concurrency = expectRevisionOf(loaded, expectedRevision);
    const { revision, position } = await this.handler.handle(streamId, apiUserDecider, command, { actor, id: apiUserId, concurrency });
    return { id: apiUserId, revision, position };
  }
}

@CommandHandler(DeleteApiUserCommand)
export class DeleteApiUserHandler implements ICommandHandler<DeleteApiUserCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute({ actor, apiUserId }: DeleteApiUserCommand): Promise<CommandResult> {
    await this.userManagement.assertMayManageApiUsers(actor);
    const { revision, position } = await this.handler.handle(
      apiUserStreamId(apiUserId),
      apiUserDecider,
      { type: 'DeleteApiUser', apiUserId },
      { actor, id: apiUserId },
    );
    return { id: apiUserId, revision, position };
  }
}

/**
 * Machine sign-in: username and password of an API user, only from its allowed IP. Every attempt is an event
 * (the System Log shows API sign-ins and refusals).
 */
@CommandHandler(IssueApiTokenCommand)
export class IssueApiTokenHandler implements ICommandHandler<IssueApiTokenCommand> {
  constructor(
    private readonly streams: EventSourcedCommandHandler,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SignInTokens,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
  ) {}

  async execute(command: IssueApiTokenCommand) {
    const [doc] = await findApiUsersByUsername(this.readStore, command.username);
    const refuse = async (apiUserId: string | null, reason: ApiClientSignInFailedData['reason']) => {
      const failed: ApiClientEvent = {
        type: ApiClientEvents.SignInFailed,
        data: { apiUserId, username: command.username.slice(0, 200), reason },
      };
      return (await this.recordSignIn(apiUserId, failed, command.actor)).position;
    };
    const apiUser = doc ? await this.streams.load(apiUserStreamId(doc.id), apiUserDecider) : null;
    const live = apiUser && isLiveApiUser(apiUser.state) ? apiUser.state : null;
    if (!(await this.hasher.verify(live?.passwordHash ?? null, command.password)) || !live || !doc) {
      const position = await refuse(live && doc ? doc.id : null, live ? 'wrong-password' : 'unknown-user');
      throw recordedAt(identityError(401, 'login_failed'), position);
    }
    if (normalizeIp(command.actor.ip) !== normalizeIp(live.allowedIp)) {
      const position = await refuse(doc.id, 'ip-not-allowed');
      throw recordedAt(identityError(403, 'api_client_ip_refused'), position);
    }
    const sessionId = this.tokens.newId();
    const expiresAt = new Date(this.clock.now().getTime() + API_CLIENT_TOKEN_TTL_MS).toISOString();
    const signedIn: ApiClientEvent = {
      type: ApiClientEvents.SignedIn,
      data: { apiUserId: doc.id, username: live.username, sessionId, expiresAt },
    };
    const result = await this.recordSignIn(doc.id, signedIn, command.actor);
    return {
      accessToken: this.tokens.accessToken(doc.id, sessionId, 'api-client', API_CLIENT_TOKEN_TTL_MS),
      tokenType: 'Bearer',
      expiresInSeconds: API_CLIENT_TOKEN_TTL_MS / 1000,
      maxRecords: live.maxRecords,
      position: result.position,
    };
  }

  /** Sign-ins are appended to their log without reading it: it only grows. */
  private recordSignIn(apiUserId: string | null, event: ApiClientEvent, actor: Actor) {
    return this.streams.handle(apiClientSignInStreamId(apiUserId), apiClientSignInLog, [event], { actor, concurrency: APPEND_ONLY });
  }
}
