import { HttpException, Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { agencyAggregate } from '../../administration/agencies/agency.aggregate';
import { agencyStreamId } from '../../administration/agencies/agency.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '../../platform/http/domain-errors';
import { UserManagementService } from '../access/user-management-policy.service';
import { SignInTokens } from '../authentication/sign-in-tokens';
import { initialPasswordMail, passwordLinkUrl } from '../delivery/identity-mails';
import { MAILER, Mailer } from '../delivery/mailer';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity-config';
import { IdentityDirectory } from '../identity-directory';
import { IdentityMessages } from '../identity-messages';
import {
  ADMINISTRATOR_ID,
  displayUsername,
  INITIAL_PASSWORD_LINK_TTL_MS,
  storedUsername,
  SYSTEM_ADMINISTRATOR_GROUP_ID,
  UserStatus,
  UserStatusValue,
} from '../identity-rules';
import { isLiveGroup, userGroupAggregate } from '../user-groups/user-group.aggregate';
import { userGroupStreamId } from '../user-groups/user-group.events';
import { isLiveUser, userAggregate } from './user.aggregate';
import { UserAccountFields, UserEvents, userStreamId } from './user.events';

export const USERNAME_TAKEN = 'This username is already taken.';
export const EMAIL_TAKEN = 'This email is already used by another user.';
export const PHONE_TAKEN = 'This phone number is already used by another user.';
export const GROUP_REQUIRED = 'Please choose a user group.';
export const GROUP_NOT_FOUND = 'The chosen user group does not exist.';
export const SUPERVISOR_REQUIRED = 'Please choose a supervisor.';
export const SUPERVISOR_NOT_FOUND = 'The chosen supervisor does not exist.';
export const SUPERVISOR_CYCLE = 'A user cannot be supervised by themselves or by one of their supervisees.';
export const AGENCY_NOT_FOUND = 'The chosen agency does not exist.';
export const ADMINISTRATOR_FIXED = 'The administrator has no supervisor or expiry date, stays active and stays in the System Administrator group.';
export const ADMINISTRATOR_UNDELETABLE = 'The administrator cannot be deleted.';
export const SELF_UNDELETABLE = 'You cannot delete your own account.';
export const RESTRICTED_FIELDS = 'Only members of the System Administrator or State Administrator groups can change the external id or the expiration date.';
export const APPROVE_FORBIDDEN = 'Only members of the System Administrator or State Administrator groups can approve users.';
export const NOT_PENDING = 'Only users waiting for approval can be approved.';
export const PENDING_STATUS_VIA_APPROVE = 'A pending user becomes active through Approve.';
export const SUCCESSOR_INVALID = 'The new supervisor cannot be this user or one of their supervisees.';

/** What the form sends: the username as typed (the 'eo_' prefix is added), status only on update. */
export interface UserInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string | null;
  userGroupId: string;
  supervisorId: string | null;
  /** Omitted: the supervisor's agency. */
  agencyId: string | null;
  externalId: string | null;
  expirationDate: string | null;
}

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
  constructor(readonly actor: Actor, readonly userId: string, readonly actorManagesUsers: boolean) {}
}

export class DeleteUserCommand {
  constructor(readonly actor: Actor, readonly userId: string, readonly successorUserId: string | null) {}
}

export interface CreatedUser extends CommandResult {
  initialPasswordMailed: boolean;
}

/**
 * Rules every save of an account checks against the other records: unique username, email and phone; an
 * existing group, supervisor (not creating a cycle) and agency. Existence is read from the streams (exact);
 * uniqueness and the tree from the read models.
 */
async function resolveAccount(
  repository: EventSourcedRepository,
  directory: IdentityDirectory,
  userId: string,
  input: UserInput,
  username: string,
  status: UserStatusValue,
): Promise<UserAccountFields> {
  const errors: Record<string, string[]> = {};
  let conflict = false;
  const typedKey = displayUsername(username.toLowerCase());
  const clashes = await directory.findUsers(
    {
      $or: [
        { usernameKey: username.toLowerCase() },
        { usernameKey: typedKey },
        { usernameKey: storedUsername(typedKey).toLowerCase() },
        { emailKey: input.email.toLowerCase() },
        ...(input.phone ? [{ phoneKey: input.phone.replace(/\D/g, '') }] : []),
      ],
    },
    10,
  );
  for (const other of clashes.filter((u) => u.id !== userId)) {
    if (displayUsername(other.usernameKey) === typedKey) (errors.username = [USERNAME_TAKEN]), (conflict = true);
    if (other.emailKey === input.email.toLowerCase()) (errors.email = [EMAIL_TAKEN]), (conflict = true);
    if (input.phone && other.phoneKey === input.phone.replace(/\D/g, '')) (errors.phone = [PHONE_TAKEN]), (conflict = true);
  }

  const isAdministrator = userId === ADMINISTRATOR_ID;
  const group = await repository.load(userGroupStreamId(input.userGroupId), userGroupAggregate);
  if (!isLiveGroup(group.state)) errors.userGroupId = [GROUP_NOT_FOUND];

  let agencyId = input.agencyId;
  if (isAdministrator) {
    if (input.supervisorId || input.expirationDate || input.userGroupId !== SYSTEM_ADMINISTRATOR_GROUP_ID || status !== UserStatus.Active) {
      throw new DomainRuleViolation(ADMINISTRATOR_FIXED, { supervisorId: [ADMINISTRATOR_FIXED] });
    }
  } else if (!input.supervisorId) {
    errors.supervisorId = [SUPERVISOR_REQUIRED];
  } else {
    const supervisor = await repository.load(userStreamId(input.supervisorId), userAggregate);
    if (!isLiveUser(supervisor.state)) {
      errors.supervisorId = [SUPERVISOR_NOT_FOUND];
    } else {
      if (await isSelfOrBelow(directory, input.supervisorId, userId)) errors.supervisorId = [SUPERVISOR_CYCLE];
      agencyId ??= supervisor.state.account.agencyId;
    }
  }
  if (agencyId) {
    const agency = await repository.load(agencyStreamId(agencyId), agencyAggregate);
    if (!agency.state.exists || agency.state.deleted) errors.agencyId = [AGENCY_NOT_FOUND];
  }
  if (Object.keys(errors).length) {
    throw new DomainRuleViolation(Object.values(errors)[0][0], errors, conflict && Object.keys(errors).every((f) => ['username', 'email', 'phone'].includes(f)));
  }
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    username,
    email: input.email,
    phone: input.phone,
    status,
    userGroupId: input.userGroupId,
    supervisorId: isAdministrator ? null : input.supervisorId,
    agencyId: agencyId ?? null,
    externalId: input.externalId,
    expirationDate: isAdministrator ? null : input.expirationDate,
  };
}

/** True when `candidate` is `userId` or somewhere below it in the supervisor tree (walks up from candidate). */
export async function isSelfOrBelow(directory: IdentityDirectory, candidate: string, userId: string): Promise<boolean> {
  const seen = new Set<string>();
  for (let current: string | null = candidate; current && !seen.has(current); ) {
    if (current === userId) return true;
    seen.add(current);
    current = (await directory.getUser(current))?.supervisorId ?? null;
  }
  return false;
}

@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, CreatedUser> {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: IdentityDirectory,
    private readonly tokens: SignInTokens,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute(command: CreateUserCommand): Promise<CreatedUser> {
    await this.userManagement.assertMayChangeUser(command.actor, null, command.input.userGroupId);
    const userId = command.options.userId ?? randomUUID();
    const username = command.options.keepUsernameAsTyped ? command.input.username : storedUsername(command.input.username);
    const status = command.actorManagesUsers ? (command.options.status ?? UserStatus.Active) : UserStatus.PendingApproval;
    const account = await resolveAccount(this.repository, this.directory, userId, command.input, username, status);
    const result = await this.repository.append(userStreamId(userId), [{ type: UserEvents.Created, data: { userId, ...account } }], 'no_stream', command.actor);

    let mailed = false;
    if (command.options.sendInitialPasswordLink ?? true) {
      const token = this.tokens.passwordLinkToken(userId, this.tokens.newId(), 'initial', INITIAL_PASSWORD_LINK_TTL_MS);
      const days = INITIAL_PASSWORD_LINK_TTL_MS / 86_400_000;
      try {
        await this.mailer.send(initialPasswordMail(account.email, `${account.firstName} ${account.lastName}`, displayUsername(username), passwordLinkUrl(this.config.publicUrl, { userId, username: displayUsername(username), email: account.email }, token), days));
        mailed = true;
      } catch (error) {
        this.logger.error(`Initial-password mail for user ${userId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { ...result, id: userId, initialPasswordMailed: mailed };
  }
}

@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand, CommandResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: IdentityDirectory,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute(command: UpdateUserCommand): Promise<CommandResult> {
    const user = await this.repository.load(userStreamId(command.userId), userAggregate);
    if (!isLiveUser(user.state)) throw new NotFoundError(IdentityMessages.user_not_exist);
    const current = user.state.account;
    await this.userManagement.assertMayChangeUser(command.actor, { id: command.userId, groupId: current.userGroupId }, command.input.userGroupId);
    if (
      !command.actorManagesUsers &&
      ((command.input.externalId ?? null) !== current.externalId || (command.input.expirationDate ?? null) !== current.expirationDate)
    ) {
      throw new DomainRuleViolation(RESTRICTED_FIELDS, { externalId: [RESTRICTED_FIELDS], expirationDate: [RESTRICTED_FIELDS] });
    }
    // A pending user keeps status 3 until approved; no one else can be put into it.
    let status = command.status;
    if (current.status === UserStatus.PendingApproval) status = UserStatus.PendingApproval;
    else if (status === UserStatus.PendingApproval) throw new DomainRuleViolation(PENDING_STATUS_VIA_APPROVE, { status: [PENDING_STATUS_VIA_APPROVE] });
    // Usernames keep their stored form; an edit that only adds or drops the prefix changes nothing.
    const username = displayUsername(command.input.username.toLowerCase()) === displayUsername(current.username.toLowerCase())
      ? current.username
      : storedUsername(command.input.username);
    const account = await resolveAccount(this.repository, this.directory, command.userId, command.input, username, status);
    const result = await this.repository.append(
      user.streamId,
      [{ type: UserEvents.Updated, data: { userId: command.userId, ...account } }],
      command.expectedRevision ?? user.revision,
      command.actor,
    );
    return { ...result, id: command.userId };
  }
}

/** Spec §4: status 3 shows Approve; approving (the review action) makes the user Active. */
@CommandHandler(ApproveUserCommand)
export class ApproveUserHandler implements ICommandHandler<ApproveUserCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository, private readonly userManagement: UserManagementService) {}

  async execute(command: ApproveUserCommand): Promise<CommandResult> {
    if (!command.actorManagesUsers) throw new AccessDeniedError(APPROVE_FORBIDDEN);
    const user = await this.repository.load(userStreamId(command.userId), userAggregate);
    if (!isLiveUser(user.state)) throw new NotFoundError(IdentityMessages.user_not_exist);
    await this.userManagement.assertMayManageUser(command.actor, { id: command.userId, groupId: user.state.account.userGroupId });
    if (user.state.account.status !== UserStatus.PendingApproval) throw new DomainRuleViolation(NOT_PENDING, {}, true);
    const result = await this.repository.append(user.streamId, [{ type: UserEvents.Approved, data: { userId: command.userId } }], user.revision, command.actor);
    return { ...result, id: command.userId };
  }
}

/**
 * Spec §4: a user with supervisees cannot be deleted until a new supervisor is chosen; the supervisees (and the
 * user's cases, through UserDeleted) go to that successor. Without supervisees the cases go to the chosen
 * successor or, by default, to the user's own supervisor.
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand, CommandResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: IdentityDirectory,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute(command: DeleteUserCommand): Promise<CommandResult> {
    if (command.userId === ADMINISTRATOR_ID) throw new DomainRuleViolation(ADMINISTRATOR_UNDELETABLE, {}, true);
    if (command.userId === command.actor.userId) throw new DomainRuleViolation(SELF_UNDELETABLE, {}, true);
    const user = await this.repository.load(userStreamId(command.userId), userAggregate);
    if (!isLiveUser(user.state)) throw new NotFoundError(IdentityMessages.user_not_exist);
    await this.userManagement.assertMayManageUser(command.actor, { id: command.userId, groupId: user.state.account.userGroupId });
    const supervisees = await this.directory.findUsers({ supervisorId: command.userId });
    if (supervisees.length > 0 && !command.successorUserId) {
      throw new HttpException(
        {
          statusCode: 409,
          error: 'Conflict',
          messageKey: 'user_delete_error',
          message: IdentityMessages.user_delete_error,
          superviseeCount: supervisees.length,
          errors: { successorUserId: [IdentityMessages.user_delete_choose_supervisor] },
        },
        409,
      );
    }
    let successor = command.successorUserId ?? user.state.account.supervisorId;
    if (command.successorUserId) {
      const chosen = await this.repository.load(userStreamId(command.successorUserId), userAggregate);
      if (!isLiveUser(chosen.state)) throw new DomainRuleViolation(SUPERVISOR_NOT_FOUND, { successorUserId: [SUPERVISOR_NOT_FOUND] });
      if (await isSelfOrBelow(this.directory, command.successorUserId, command.userId)) {
        throw new DomainRuleViolation(SUCCESSOR_INVALID, { successorUserId: [SUCCESSOR_INVALID] });
      }
      successor = command.successorUserId;
    }
    const result = await this.repository.append(
      user.streamId,
      [{ type: UserEvents.Deleted, data: { userId: command.userId, successorUserId: successor ?? null, reassignedSuperviseeIds: supervisees.map((s) => s.id) } }],
      user.revision,
      command.actor,
    );
    return { ...result, id: command.userId };
  }
}
