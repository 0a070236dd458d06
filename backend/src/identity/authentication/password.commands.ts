import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../platform/commands/actor';
import { APPEND_ONLY, EventSourcedCommandHandler, LoadedStream } from '../../platform/commands/command-handler';
import { NotFoundError } from '@cans/domain/domain-errors';
import { FieldValidationException } from '../../platform/http/validation';
import { UserManagementService } from '../access/user-management-policy.service';
import { TemplatedMailer } from '../../administration/email-templates/templated-mailer';
import { passwordLinkUrl } from '../delivery/identity-mails';
import { MailAfterAnswer } from '../delivery/mail-after-answer';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity-config';
import { IdentityDirectory } from '../identity-directory';
import { identityError } from '../identity-errors';
import { IdentityMessages } from '../identity-messages';
import { displayUsername, RESET_PASSWORD_LINK_TTL_MS } from '@cans/domain/identity/identity-rules';
import { isLiveUser, userDecider } from '@cans/domain/identity/user.decider';
import { userStreamId } from '@cans/domain/identity/user.events';
import { credentialsDecider, CredentialsState } from '@cans/domain/identity/credentials.decider';
import { credentialsStreamId, PasswordLinkPurpose } from '@cans/domain/identity/credentials.events';
import { PasswordHasher } from './password-hasher';
import { passwordPolicyViolations } from './password-policy';
import { CredentialsStep, decideOnCheckedState, IssuedSession, RETRY_ON_RACE, startSession } from './sign-in.commands';
import { SignInTokens } from './sign-in-tokens';

/** Spec: the link check answers 1 (show the form) or 2 (show the invalid-link message); 0 is the UI's "checking". */
export const LINK_STATE_VALID = 1;
export const LINK_STATE_INVALID = 2;

export class RequestPasswordResetCommand {
  constructor(
    readonly actor: Actor,
    readonly username: string,
    readonly email: string,
  ) {}
}

export class SendPasswordResetLinkCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
  ) {}
}

export class GetPasswordLinkStateQuery {
  constructor(readonly token: string) {}
}

export class SetPasswordWithLinkCommand {
  constructor(
    readonly actor: Actor,
    readonly token: string,
    readonly password: string,
  ) {}
}

export class ChangePasswordCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly oldPassword: string,
    readonly newPassword: string,
    /** The current session's remember-me, carried over to the session that replaces it. */
    readonly rememberMe: boolean,
  ) {}
}

/** The system sets a password (seed, test support): no link, no old password. Not reachable over HTTP. */
export class AssignPasswordCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly password: string,
  ) {}
}

function assertPolicy(password: string, field: string): void {
  const violations = passwordPolicyViolations(password);
  if (violations.length) throw new FieldValidationException({ [field]: violations.map((key) => IdentityMessages[key]) });
}

/** Records a reset link and mails it. Only the latest reset link works, once, for 24 hours. */
async function issueResetLink(
  handler: EventSourcedCommandHandler,
  tokens: SignInTokens,
  mailer: TemplatedMailer,
  config: IdentityConfig,
  clock: IdentityClock,
  actor: Actor,
  userId: string,
  requestedBy: 'user' | 'administrator',
): Promise<{ position: number }> {
  const account = await handler.load(userStreamId(userId), userDecider);
  if (!isLiveUser(account.state)) throw new NotFoundError(IdentityMessages.user_not_exist);
  const linkId = tokens.newId();
  const expiresAt = new Date(clock.now().getTime() + RESET_PASSWORD_LINK_TTL_MS).toISOString();
  // The latest request wins whatever the stream holds: nothing to read, nothing to race.
  const result = await handler.handle(
    credentialsStreamId(userId),
    credentialsDecider,
    { type: 'RequestPasswordReset', request: { userId, linkId, expiresAt, requestedBy } },
    { actor, concurrency: APPEND_ONLY },
  );
  const { email, firstName, lastName, username } = account.state.account;
  const link = passwordLinkUrl(
    config.publicUrl,
    { userId, username: displayUsername(username), email },
    tokens.passwordLinkToken(userId, linkId, 'reset', RESET_PASSWORD_LINK_TTL_MS),
  );
  await mailer.send('ResetPassword', email, {
    userName: `${firstName} ${lastName}`,
    username: displayUsername(username),
    link,
    hours: String(RESET_PASSWORD_LINK_TTL_MS / 3_600_000),
  });
  return { position: result.position };
}

/**
 * Reset Password page: username and email must both match an account. The answer is the same whether or not
 * they do, so the page cannot be used to discover accounts: the same status, body and headers, after the same
 * work (one directory lookup). Recording the link and mailing it happen after the answer (MailAfterAnswer), so
 * neither the mail server's delay nor its failure shows in it; a failure is logged for the operators.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly directory: IdentityDirectory,
    private readonly tokens: SignInTokens,
    private readonly mailer: TemplatedMailer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
    private readonly afterAnswer: MailAfterAnswer,
  ) {}

  async execute(command: RequestPasswordResetCommand): Promise<void> {
    const typed = displayUsername(command.username.trim().toLowerCase());
    const email = command.email.trim().toLowerCase();
    const candidates = await this.directory.findUsersByLogin(command.username);
    const user = candidates.find((c) => displayUsername(c.usernameKey) === typed && c.emailKey === email);
    if (!user) return;
    this.afterAnswer.run(`Password reset for user ${user.id}`, () =>
      issueResetLink(this.handler, this.tokens, this.mailer, this.config, this.clock, command.actor, user.id, 'user'),
    );
  }
}

/**
 * "Reset Password" in the user dialog: a user manager sends the user a reset link. Only for users the caller may
 * manage (the user-management policy): whoever sends the link can, with a changed email, take the account over.
 */
@CommandHandler(SendPasswordResetLinkCommand)
export class SendPasswordResetLinkHandler implements ICommandHandler<SendPasswordResetLinkCommand, { position: number }> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly tokens: SignInTokens,
    private readonly mailer: TemplatedMailer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
    private readonly userManagement: UserManagementService,
  ) {}

  async execute(command: SendPasswordResetLinkCommand): Promise<{ position: number }> {
    const account = await this.handler.load(userStreamId(command.userId), userDecider);
    if (!isLiveUser(account.state)) throw new NotFoundError(IdentityMessages.user_not_exist);
    await this.userManagement.assertMayManageUser(command.actor, { id: command.userId, groupId: account.state.account.userGroupId });
    try {
      return await issueResetLink(
        this.handler,
        this.tokens,
        this.mailer,
        this.config,
        this.clock,
        command.actor,
        command.userId,
        'administrator',
      );
    } catch (error) {
      if (error instanceof NotFoundError) throw error;
      throw identityError(503, 'delivery_failed');
    }
  }
}

interface ValidLink {
  userId: string;
  linkId: string;
  purpose: PasswordLinkPurpose;
  username: string;
  /** The credentials the link was checked on: setting the password is decided on them. */
  credentials: LoadedStream<CredentialsState>;
}

/** A link is valid while its user exists and it is unused: initial links until a password exists, reset links while they are the latest. */
async function validLink(handler: EventSourcedCommandHandler, tokens: SignInTokens, token: string): Promise<ValidLink | null> {
  const claims = tokens.readPasswordLinkToken(token);
  if (!claims) return null;
  const account = await handler.load(userStreamId(claims.userId), userDecider);
  if (!isLiveUser(account.state)) return null;
  const credentials = await handler.load(credentialsStreamId(claims.userId), credentialsDecider);
  const state = credentials.state;
  if (state.usedLinkIds.includes(claims.linkId)) return null;
  const usable = claims.purpose === 'initial' ? state.passwordHash === null : state.activeResetLinkId === claims.linkId;
  if (!usable) return null;
  return { ...claims, username: displayUsername(account.state.account.username), credentials };
}

export interface PasswordLinkState {
  state: typeof LINK_STATE_VALID | typeof LINK_STATE_INVALID;
  purpose: PasswordLinkPurpose | null;
  username: string | null;
  message: string | null;
}

@QueryHandler(GetPasswordLinkStateQuery)
export class GetPasswordLinkStateHandler implements IQueryHandler<GetPasswordLinkStateQuery, PasswordLinkState> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly tokens: SignInTokens,
  ) {}

  async execute({ token }: GetPasswordLinkStateQuery): Promise<PasswordLinkState> {
    const link = await validLink(this.handler, this.tokens, token);
    return link
      ? { state: LINK_STATE_VALID, purpose: link.purpose, username: link.username, message: null }
      : { state: LINK_STATE_INVALID, purpose: null, username: null, message: IdentityMessages.link_invalid };
  }
}

/** Sets the password from an initial or reset link; the link is spent and older sessions stop working. */
@CommandHandler(SetPasswordWithLinkCommand)
export class SetPasswordWithLinkHandler implements ICommandHandler<SetPasswordWithLinkCommand, { position: number }> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly tokens: SignInTokens,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: SetPasswordWithLinkCommand): Promise<{ position: number }> {
    assertPolicy(command.password, 'password');
    const link = await validLink(this.handler, this.tokens, command.token);
    if (!link) throw identityError(400, 'link_invalid', { extra: { state: LINK_STATE_INVALID } });
    const passwordHash = await this.hasher.hash(command.password);
    const result = await this.handler.handle(
      credentialsStreamId(link.userId),
      credentialsDecider,
      { type: 'SetPasswordWithLink', link: { userId: link.userId, linkId: link.linkId, purpose: link.purpose, passwordHash } },
      decideOnCheckedState({ ...command.actor, userId: link.userId }, link.credentials),
    );
    return { position: result.position };
  }
}

/**
 * My Account → Change password: the old password must be right. The new password voids every earlier session;
 * the caller gets a fresh one in the same append so they stay signed in.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, IssuedSession> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SignInTokens,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<IssuedSession> {
    assertPolicy(command.newPassword, 'newPassword');
    const { userId } = command;
    const plan = async ({ state }: LoadedStream<CredentialsState>): Promise<CredentialsStep<IssuedSession>> => {
      if (!(await this.hasher.verify(state.passwordHash, command.oldPassword))) {
        throw identityError(400, 'old_password_wrong', { field: 'oldPassword' });
      }
      if (command.oldPassword === command.newPassword) throw identityError(400, 'new_pass_same_as_old', { field: 'newPassword' });
      const passwordHash = await this.hasher.hash(command.newPassword);
      const session = startSession(this.tokens, userId, 'password-change', command.rememberMe, this.clock.now());
      const { sessionId, token, expiresAt, persistentForMs } = session;
      return {
        command: { type: 'ChangePassword', userId, passwordHash, session: session.event.data },
        answer: (position) => ({ userId, sessionId, token, expiresAt, persistentForMs, position }),
      };
    };
    return this.handler.handlePlanned(credentialsStreamId(userId), credentialsDecider, plan, {
      actor: command.actor,
      concurrency: RETRY_ON_RACE,
    });
  }
}

@CommandHandler(AssignPasswordCommand)
export class AssignPasswordHandler implements ICommandHandler<AssignPasswordCommand, { position: number }> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: AssignPasswordCommand): Promise<{ position: number }> {
    assertPolicy(command.password, 'password');
    const account = await this.handler.load(userStreamId(command.userId), userDecider);
    if (!isLiveUser(account.state)) throw new NotFoundError(IdentityMessages.user_not_exist);
    const passwordHash = await this.hasher.hash(command.password);
    // The system's password replaces whatever the stream holds: nothing to read, nothing to race.
    const result = await this.handler.handle(
      credentialsStreamId(command.userId),
      credentialsDecider,
      { type: 'AssignPassword', userId: command.userId, passwordHash },
      { actor: command.actor, concurrency: APPEND_ONLY },
    );
    return { position: result.position };
  }
}
