import { HttpException, Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { UserDocument } from '../../../../projections/src/identity/users.projection';
import type { Actor } from '../../platform/commands/actor';
import { DomainEvent, EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { MAILER, Mailer } from '../delivery/mailer';
import { verificationCodeMail, verificationCodeSms } from '../delivery/identity-mails';
import { SMS_SENDER, SmsSender } from '../delivery/sms-sender';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { IdentityDirectory } from '../identity-directory';
import { identityError, recordedAt } from '../identity-errors';
import { IdentityMessageKey, IdentityMessages } from '../identity-messages';
import {
  BROWSER_SESSION_TTL_MS,
  CHANNEL_EMAIL,
  CHANNEL_PHONE,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_INTERVAL_MS,
  CODE_TTL_MS,
  displayUsername,
  hasExpired,
  LOCKOUT_DURATION_MS,
  LOCKOUT_THRESHOLD,
  MINUTE,
  REMEMBERED_DEVICE_TTL_MS,
  REMEMBERED_SESSION_TTL_MS,
  SIGN_IN_CHALLENGE_TTL_MS,
  UserStatus,
  VerificationChannel,
} from '../identity-rules';
import { apiClientSignInStreamId } from '../api-users/api-user.events';
import { isLiveUser, userAggregate } from '../users/user.aggregate';
import { userStreamId } from '../users/user.events';
import { credentialsAggregate } from './credentials.aggregate';
import {
  CredentialEvents,
  credentialsStreamId,
  SignInFailureReason,
  SignInMethod,
  UNKNOWN_SIGN_IN_STREAM,
} from './credentials.events';
import { PasswordHasher } from './password-hasher';
import { maskEmail, maskPhone, SignInTokens } from './sign-in-tokens';

/** A started session: the token to put in the cookie and how long the cookie should persist. */
export interface IssuedSession {
  userId: string;
  sessionId: string;
  token: string;
  expiresAt: string;
  /** Cookie lifetime: 7 days with remember-me, null for a browser-session cookie. */
  persistentForMs: number | null;
  position: number;
}

export interface ChannelOption {
  channel: VerificationChannel;
  name: 'email' | 'phone';
  enabled: boolean;
  /** Masked address the code would go to. */
  destination: string | null;
  /** Why the channel is disabled. */
  reason: string | null;
}

export type PasswordStepResult =
  | { kind: 'signed-in'; session: IssuedSession }
  | {
      kind: 'verification-required';
      challengeToken: string;
      channels: ChannelOption[];
      expiresInSeconds: number;
      reason: 'remember-me-off' | 'device-not-remembered';
      position: number;
    };

export class SignInWithPasswordCommand {
  constructor(
    readonly actor: Actor,
    readonly login: string,
    readonly password: string,
    readonly rememberMe: boolean,
    /** The device cookie, if the browser has one. */
    readonly deviceId: string | null,
  ) {}
}

export class SendVerificationCodeCommand {
  constructor(readonly actor: Actor, readonly challengeToken: string | undefined, readonly channel: VerificationChannel) {}
}

export class VerifySignInCodeCommand {
  constructor(
    readonly actor: Actor,
    readonly challengeToken: string | undefined,
    readonly code: string,
    readonly rememberMe: boolean | undefined,
    readonly deviceId: string | null,
  ) {}
}

export class EndSessionCommand {
  constructor(readonly actor: Actor, readonly userId: string, readonly sessionId: string, readonly kind: 'user' | 'api-client' = 'user') {}
}

/** Retries a decide-and-append on a concurrent write to the same stream (a double click, parallel attempts). */
export async function withStreamRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attempts) throw error;
    }
  }
}

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

/** Builds the SignInSucceeded event and the token for a new session. */
export function startSession(
  tokens: SignInTokens,
  userId: string,
  method: SignInMethod,
  rememberMe: boolean,
  now: Date,
): { event: DomainEvent; sessionId: string; token: string; expiresAt: string; persistentForMs: number | null } {
  const sessionId = tokens.newId();
  const ttl = rememberMe ? REMEMBERED_SESSION_TTL_MS : BROWSER_SESSION_TTL_MS;
  const expiresAt = addMs(now, ttl);
  return {
    event: { type: CredentialEvents.SignInSucceeded, data: { userId, sessionId, method, rememberMe, expiresAt } },
    sessionId,
    token: tokens.accessToken(userId, sessionId, 'user', ttl),
    expiresAt,
    persistentForMs: rememberMe ? REMEMBERED_SESSION_TTL_MS : null,
  };
}

const STATUS_REFUSALS: Record<number, { reason: SignInFailureReason; key: IdentityMessageKey }> = {
  [UserStatus.Inactive]: { reason: 'inactive', key: 'account_inactive' },
  [UserStatus.Locked]: { reason: 'locked', key: 'account_locked' },
  [UserStatus.PendingApproval]: { reason: 'pending-approval', key: 'account_pending' },
};

/**
 * Step 1 of signing in. A wrong password counts towards the lockout (5 in a row lock sign-in for 15 minutes);
 * the account's status is revealed only after a correct password. Then: a remembered device with remember-me
 * signs in at once; otherwise a challenge starts and a verification code is required.
 */
@CommandHandler(SignInWithPasswordCommand)
export class SignInWithPasswordHandler implements ICommandHandler<SignInWithPasswordCommand, PasswordStepResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: IdentityDirectory,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SignInTokens,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
    @Inject(SMS_SENDER) private readonly sms: SmsSender | null,
  ) {}

  async execute(command: SignInWithPasswordCommand): Promise<PasswordStepResult> {
    const login = command.login.trim();
    const candidates = await this.directory.findUsersByLogin(login);
    // A username match wins; an email or phone shared by several accounts identifies none of them.
    const typed = displayUsername(login.toLowerCase());
    const user = candidates.find((c) => displayUsername(c.usernameKey) === typed) ?? (candidates.length === 1 ? candidates[0] : null);
    if (!user) {
      await this.hasher.verify(null, command.password);
      const recorded = await this.repository.append(
        UNKNOWN_SIGN_IN_STREAM,
        [{ type: CredentialEvents.SignInFailed, data: { userId: null, login: login.slice(0, 200), reason: 'unknown-user' } }],
        'any',
        command.actor,
      );
      throw recordedAt(identityError(401, 'login_failed'), recorded.position);
    }
    return withStreamRetry(() => this.decide(command, user, login));
  }

  private async decide(command: SignInWithPasswordCommand, user: UserDocument, login: string): Promise<PasswordStepResult> {
    const userId = user.id;
    const credentials = await this.repository.load(credentialsStreamId(userId), credentialsAggregate);
    const state = credentials.state;
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const actor = { ...command.actor, userId };
    const append = (events: DomainEvent[]) => this.repository.append(credentials.streamId, events, credentials.revision, actor);
    const failed = (reason: SignInFailureReason, extra: Record<string, unknown> = {}): DomainEvent => ({
      type: CredentialEvents.SignInFailed,
      data: { userId, login: login.slice(0, 200), reason, ...extra },
    });

    if (state.lockedUntil && state.lockedUntil > nowIso) {
      const recorded = await append([failed('temporarily-locked')]);
      throw recordedAt(this.lockedOut(state.lockedUntil, now), recorded.position);
    }

    const passwordOk = await this.hasher.verify(state.passwordHash, command.password);
    if (!passwordOk) {
      if (!state.passwordHash) {
        const recorded = await append([failed('no-password')]);
        throw recordedAt(identityError(401, 'login_failed'), recorded.position);
      }
      const failedAttempts = state.consecutiveFailures + 1;
      const events = [failed('wrong-password', { failedAttempts })];
      if (failedAttempts >= LOCKOUT_THRESHOLD) {
        const lockedUntil = new Date(now.getTime() + LOCKOUT_DURATION_MS).toISOString();
        events.push({ type: CredentialEvents.SignInLockedOut, data: { userId, login: login.slice(0, 200), failedAttempts, lockedUntil } });
        const recorded = await append(events);
        throw recordedAt(this.lockedOut(lockedUntil, now), recorded.position);
      }
      const recorded = await append(events);
      throw recordedAt(identityError(401, 'login_failed', { extra: { attemptsLeft: LOCKOUT_THRESHOLD - failedAttempts } }), recorded.position);
    }

    // The user stream is the authority on status and expiry (the read model may trail by a moment).
    const account = await this.repository.load(userStreamId(userId), userAggregate);
    if (!isLiveUser(account.state)) throw identityError(401, 'login_failed');
    const refusal = STATUS_REFUSALS[account.state.account.status];
    if (refusal) {
      const recorded = await append([failed(refusal.reason)]);
      throw recordedAt(identityError(403, refusal.key), recorded.position);
    }
    if (hasExpired(account.state.account.expirationDate, now)) {
      const recorded = await append([failed('expired')]);
      throw recordedAt(identityError(403, 'account_expired'), recorded.position);
    }

    const deviceHash = command.deviceId ? this.tokens.deviceHash(command.deviceId) : null;
    const deviceRemembered = !!deviceHash && state.rememberedDevices.some((d) => d.deviceHash === deviceHash && d.until > nowIso);
    if (command.rememberMe && deviceRemembered) {
      const session = startSession(this.tokens, userId, 'remembered-device', true, now);
      const result = await append([session.event]);
      return { kind: 'signed-in', session: { userId, ...session, position: result.position } };
    }

    const challengeId = this.tokens.newId();
    const reason = command.rememberMe ? 'device-not-remembered' : 'remember-me-off';
    const result = await append([
      {
        type: CredentialEvents.SignInChallengeStarted,
        data: { userId, challengeId, rememberMe: command.rememberMe, reason, expiresAt: addMs(now, SIGN_IN_CHALLENGE_TTL_MS) },
      },
    ]);
    return {
      kind: 'verification-required',
      challengeToken: this.tokens.challengeToken(userId, challengeId, SIGN_IN_CHALLENGE_TTL_MS),
      channels: channelOptions(account.state.account.email, account.state.account.phone, this.sms),
      expiresInSeconds: SIGN_IN_CHALLENGE_TTL_MS / 1000,
      reason,
      position: result.position,
    };
  }

  private lockedOut(lockedUntil: string, now: Date) {
    const minutesLeft = Math.max(1, Math.ceil((Date.parse(lockedUntil) - now.getTime()) / MINUTE));
    return identityError(423, 'account_temporarily_locked', { extra: { lockedUntil, minutesLeft } });
  }
}

/** Email always; phone only with an SMS sender and a phone on file (otherwise disabled, with the reason). */
export function channelOptions(email: string, phone: string | null, sms: SmsSender | null): ChannelOption[] {
  const phoneReason = !sms ? IdentityMessages.phone_channel_unconfigured : !phone ? IdentityMessages.phone_channel_no_phone : null;
  return [
    { channel: CHANNEL_EMAIL, name: 'email', enabled: true, destination: maskEmail(email), reason: null },
    { channel: CHANNEL_PHONE, name: 'phone', enabled: phoneReason === null, destination: phone ? maskPhone(phone) : null, reason: phoneReason },
  ];
}

/** Loads the pending challenge named by the challenge cookie, or answers 401 "sign in again". */
async function loadChallenge(repository: EventSourcedRepository, tokens: SignInTokens, token: string | undefined, now: Date) {
  const claims = tokens.readChallengeToken(token);
  if (!claims) throw identityError(401, 'sign_in_expired');
  const credentials = await repository.load(credentialsStreamId(claims.userId), credentialsAggregate);
  const challenge = credentials.state.challenge;
  if (!challenge || challenge.challengeId !== claims.challengeId || challenge.completed || challenge.expiresAt <= now.toISOString()) {
    throw identityError(401, 'sign_in_expired');
  }
  return { userId: claims.userId, credentials, challenge };
}

export interface CodeSent {
  channel: VerificationChannel;
  destination: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
  position: number;
}

/**
 * Sends a 6-digit code by email (1) or text message (2). The server enforces the 60-second countdown
 * ('The code has already been sent.'). The message goes out before the fact is recorded, so a delivery
 * failure leaves no code behind and the user may retry at once.
 */
@CommandHandler(SendVerificationCodeCommand)
export class SendVerificationCodeHandler implements ICommandHandler<SendVerificationCodeCommand, CodeSent> {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly tokens: SignInTokens,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(SMS_SENDER) private readonly sms: SmsSender | null,
  ) {}

  async execute(command: SendVerificationCodeCommand): Promise<CodeSent> {
    const now = this.clock.now();
    const { userId, credentials, challenge } = await loadChallenge(this.repository, this.tokens, command.challengeToken, now);
    if (challenge.code) {
      const waitMs = Date.parse(challenge.code.sentAt) + CODE_RESEND_INTERVAL_MS - now.getTime();
      if (waitMs > 0) throw identityError(429, 'code_has_sent', { extra: { retryAfterSeconds: Math.ceil(waitMs / 1000) } });
    }
    const account = await this.repository.load(userStreamId(userId), userAggregate);
    if (!isLiveUser(account.state)) throw identityError(401, 'sign_in_expired');
    const { email, phone, firstName, lastName } = account.state.account;

    const code = this.tokens.verificationCode();
    const minutes = CODE_TTL_MS / MINUTE;
    let destination: string;
    try {
      if (command.channel === CHANNEL_PHONE) {
        if (!this.sms) throw identityError(400, 'phone_channel_unconfigured', { field: 'channel' });
        if (!phone) throw identityError(400, 'phone_channel_no_phone', { field: 'channel' });
        destination = maskPhone(phone);
        await this.sms.send(phone, verificationCodeSms(code, minutes));
      } else {
        destination = maskEmail(email);
        await this.mailer.send(verificationCodeMail(email, `${firstName} ${lastName}`, code, minutes));
      }
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.logger.error(`Verification code for user ${userId} could not be delivered: ${error instanceof Error ? error.message : String(error)}`);
      throw identityError(503, 'delivery_failed');
    }

    const result = await this.repository.append(
      credentials.streamId,
      [
        {
          type: CredentialEvents.VerificationCodeSent,
          data: {
            userId,
            challengeId: challenge.challengeId,
            channel: command.channel,
            destination,
            codeHash: this.tokens.codeHash(challenge.challengeId, code),
            sentAt: now.toISOString(),
            expiresAt: addMs(now, CODE_TTL_MS),
          },
        },
      ],
      credentials.revision,
      { ...command.actor, userId },
    );
    return {
      channel: command.channel,
      destination,
      expiresInSeconds: CODE_TTL_MS / 1000,
      resendAfterSeconds: CODE_RESEND_INTERVAL_MS / 1000,
      position: result.position,
    };
  }
}

export interface VerifiedSignIn {
  session: IssuedSession;
  /** Set when this browser is now remembered: the value of the new device cookie. */
  newDeviceId: string | null;
  phoneMissing: boolean;
}

/**
 * Step 2: the code. Wrong codes are counted (5 per code), expired codes refused; a correct one completes the
 * challenge (single use) and starts the session. With remember-me the browser is remembered for 30 days.
 */
@CommandHandler(VerifySignInCodeCommand)
export class VerifySignInCodeHandler implements ICommandHandler<VerifySignInCodeCommand, VerifiedSignIn> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly tokens: SignInTokens,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
  ) {}

  execute(command: VerifySignInCodeCommand): Promise<VerifiedSignIn> {
    return withStreamRetry(() => this.decide(command));
  }

  private async decide(command: VerifySignInCodeCommand): Promise<VerifiedSignIn> {
    const now = this.clock.now();
    const { userId, credentials, challenge } = await loadChallenge(this.repository, this.tokens, command.challengeToken, now);
    const actor = { ...command.actor, userId };
    const code = challenge.code;
    if (!code) throw identityError(400, 'code_not_requested', { field: 'code' });
    if (code.void) throw identityError(400, code.attempts >= CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_expired', { field: 'code' });
    const reject = async (reason: 'wrong-code' | 'expired', attempts: number) =>
      (await this.repository.append(
        credentials.streamId,
        [{ type: CredentialEvents.VerificationCodeRejected, data: { userId, challengeId: challenge.challengeId, reason, attempts } }],
        credentials.revision,
        actor,
      )).position;
    if (code.expiresAt <= now.toISOString()) {
      const position = await reject('expired', code.attempts);
      throw recordedAt(identityError(400, 'code_expired', { field: 'code' }), position);
    }
    if (!this.tokens.codeMatches(challenge.challengeId, command.code, code.codeHash)) {
      const attempts = code.attempts + 1;
      const position = await reject('wrong-code', attempts);
      throw recordedAt(
        identityError(400, attempts >= CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_invalid', {
          field: 'code',
          extra: { attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - attempts) },
        }),
        position,
      );
    }

    const rememberMe = command.rememberMe ?? challenge.rememberMe;
    const session = startSession(this.tokens, userId, 'verification-code', rememberMe, now);
    const events: DomainEvent[] = [session.event];
    let newDeviceId: string | null = null;
    if (rememberMe) {
      const deviceId = command.deviceId ?? this.tokens.newDeviceId();
      if (!command.deviceId) newDeviceId = deviceId;
      events.push({
        type: CredentialEvents.DeviceRemembered,
        data: { userId, deviceHash: this.tokens.deviceHash(deviceId), until: addMs(now, REMEMBERED_DEVICE_TTL_MS) },
      });
    }
    const result = await this.repository.append(credentials.streamId, events, credentials.revision, actor);
    const account = await this.repository.load(userStreamId(userId), userAggregate);
    return {
      session: { userId, ...session, position: result.position },
      newDeviceId,
      phoneMissing: !account.state.account?.phone,
    };
  }
}

/** Logout: the session is ended server-side; its token stops working on the next request. */
@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand, { position: number } | null> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute(command: EndSessionCommand): Promise<{ position: number } | null> {
    const ended = { type: CredentialEvents.SessionEnded, data: { userId: command.userId, sessionId: command.sessionId, reason: 'logout' } };
    if (command.kind === 'api-client') {
      return { position: (await this.repository.append(apiClientSignInStreamId(command.userId), [ended], 'any', command.actor)).position };
    }
    return withStreamRetry(async () => {
      const credentials = await this.repository.load(credentialsStreamId(command.userId), credentialsAggregate);
      if (credentials.state.endedSessionIds.includes(command.sessionId)) return null;
      const result = await this.repository.append(
        credentials.streamId,
        [ended],
        credentials.revision,
        command.actor,
      );
      return { position: result.position };
    });
  }
}
