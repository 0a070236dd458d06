import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { API_USERS_COLLECTION, ApiUserDocument } from '../../../../projections/src/identity/api-users.projection';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { DomainRuleViolation, NotFoundError } from '../../platform/http/domain-errors';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '../../storage/read-store/read-store.port';
import { PasswordHasher } from '../authentication/password-hasher';
import { normalizeIp } from '../authentication/principal.service';
import { SignInTokens } from '../authentication/sign-in-tokens';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { identityError, recordedAt } from '../identity-errors';
import { API_CLIENT_TOKEN_TTL_MS } from '../identity-rules';
import { apiUserAggregate } from './api-user.aggregate';
import { ApiClientEvents, apiClientSignInStreamId, ApiUserEvents, apiUserStreamId } from './api-user.events';

export const API_USER_NOT_FOUND = 'The API user does not exist.';
export const API_USERNAME_TAKEN = 'An API user with this username already exists.';

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
  constructor(readonly actor: Actor, readonly apiUserId: string) {}
}

export class IssueApiTokenCommand {
  constructor(readonly actor: Actor, readonly username: string, readonly password: string) {}
}

async function assertUsernameFree(readStore: ReadStore, username: string, exceptId?: string): Promise<void> {
  const clash = await readStore.find<ApiUserDocument>(API_USERS_COLLECTION, { usernameKey: username.toLowerCase() }, { limit: 2 });
  if (clash.some((doc) => doc.id !== exceptId)) throw new DomainRuleViolation(API_USERNAME_TAKEN, { username: [API_USERNAME_TAKEN] }, true);
}

@CommandHandler(CreateApiUserCommand)
export class CreateApiUserHandler implements ICommandHandler<CreateApiUserCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository, private readonly hasher: PasswordHasher, @Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(command: CreateApiUserCommand): Promise<CommandResult> {
    await assertUsernameFree(this.readStore, command.username);
    const passwordHash = await this.hasher.hash(command.password);
    const result = await this.repository.append(
      apiUserStreamId(command.apiUserId),
      [
        {
          type: ApiUserEvents.Created,
          data: { apiUserId: command.apiUserId, username: command.username, passwordHash, allowedIp: normalizeIp(command.allowedIp), maxRecords: command.maxRecords },
        },
      ],
      'no_stream',
      command.actor,
    );
    return { ...result, id: command.apiUserId };
  }
}

@CommandHandler(UpdateApiUserCommand)
export class UpdateApiUserHandler implements ICommandHandler<UpdateApiUserCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository, private readonly hasher: PasswordHasher, @Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(command: UpdateApiUserCommand): Promise<CommandResult> {
    const apiUser = await this.repository.load(apiUserStreamId(command.apiUserId), apiUserAggregate);
    if (!apiUser.state.exists || apiUser.state.deleted) throw new NotFoundError(API_USER_NOT_FOUND);
    await assertUsernameFree(this.readStore, command.username, command.apiUserId);
    const passwordHash = command.password ? await this.hasher.hash(command.password) : undefined;
    const result = await this.repository.append(
      apiUser.streamId,
      [
        {
          type: ApiUserEvents.Updated,
          data: {
            apiUserId: command.apiUserId,
            username: command.username,
            allowedIp: normalizeIp(command.allowedIp),
            maxRecords: command.maxRecords,
            ...(passwordHash ? { passwordHash } : {}),
          },
        },
      ],
      command.expectedRevision ?? apiUser.revision,
      command.actor,
    );
    return { ...result, id: command.apiUserId };
  }
}

@CommandHandler(DeleteApiUserCommand)
export class DeleteApiUserHandler implements ICommandHandler<DeleteApiUserCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute(command: DeleteApiUserCommand): Promise<CommandResult> {
    const apiUser = await this.repository.load(apiUserStreamId(command.apiUserId), apiUserAggregate);
    if (!apiUser.state.exists || apiUser.state.deleted) throw new NotFoundError(API_USER_NOT_FOUND);
    const result = await this.repository.append(apiUser.streamId, [{ type: ApiUserEvents.Deleted, data: { apiUserId: command.apiUserId } }], apiUser.revision, command.actor);
    return { ...result, id: command.apiUserId };
  }
}

/**
 * Machine sign-in: username and password of an API user, only from its allowed IP. Every attempt is an event
 * (the System Log shows API sign-ins and refusals).
 */
@CommandHandler(IssueApiTokenCommand)
export class IssueApiTokenHandler implements ICommandHandler<IssueApiTokenCommand> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SignInTokens,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
  ) {}

  async execute(command: IssueApiTokenCommand) {
    const [doc] = await this.readStore.find<ApiUserDocument>(API_USERS_COLLECTION, { usernameKey: command.username.toLowerCase() }, { limit: 1 });
    const refuse = async (apiUserId: string | null, reason: 'unknown-user' | 'wrong-password' | 'ip-not-allowed') =>
      (await this.repository.append(
        apiClientSignInStreamId(apiUserId),
        [{ type: ApiClientEvents.SignInFailed, data: { apiUserId, username: command.username.slice(0, 200), reason } }],
        'any',
        command.actor,
      )).position;
    const apiUser = doc ? await this.repository.load(apiUserStreamId(doc.id), apiUserAggregate) : null;
    const live = apiUser && apiUser.state.exists && !apiUser.state.deleted ? apiUser.state : null;
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
    const result = await this.repository.append(
      apiClientSignInStreamId(doc.id),
      [{ type: ApiClientEvents.SignedIn, data: { apiUserId: doc.id, username: live.username, sessionId, expiresAt } }],
      'any',
      command.actor,
    );
    return {
      accessToken: this.tokens.accessToken(doc.id, sessionId, 'api-client', API_CLIENT_TOKEN_TTL_MS),
      tokenType: 'Bearer',
      expiresInSeconds: API_CLIENT_TOKEN_TTL_MS / 1000,
      maxRecords: live.maxRecords,
      position: result.position,
    };
  }
}
