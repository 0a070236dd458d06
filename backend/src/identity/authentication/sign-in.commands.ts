import { HttpException, Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../platform/commands/actor';
import { DomainEvent, EventSourcedRepository, LoadedAggregate } from '../../platform/commands/event-sourced-repository';
import { WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { MAILER, Mailer } from '../delivery/mailer';
import { verificationCodeMail, verificationCodeSms } from '../delivery/identity-mails';
import { SMS_SENDER, SmsSender } from '../delivery/sms-sender';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { identityError, recordedAt } from '../identity-errors';
import {
  BROWSER_SESSION_TTL_MS,
  CHANNEL_PHONE,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_INTERVAL_MS,
  CODE_TTL_MS,
  displayUsername,
  MINUTE,
  REMEMBERED_DEVICE_TTL_MS,
  REMEMBERED_SESSION_TTL_MS,
  VerificationChannel,
} from '../identity-rules';
import { apiClientSignInStreamId } from '../api-users/api-user.events';
import { isLiveUser, userAggregate } from '../users/user.aggregate';
import { userStreamId } from '../users/user.events';
import { credentialsAggregate, CredentialsState } from './credentials.aggregate';
import { CredentialEvents, credentialsStreamId, SignInMethod } from './credentials.events';
import { accountRefusal, isLockedOut, lockedOutAnswer, trustedDevice } from './sign-in-lockout';
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

export class SendVerificationCodeCommand {
  constructor(
    readonly actor: Actor,
    readonly challengeToken: string | undefined,
    readonly channel: VerificationChannel,
    /** The device cookie, if the browser has one (it lifts the lockout for its owner). */
    readonly deviceId: string | null = null,
  ) {}
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
  deviceHash?: string,
): { event: DomainEvent; sessionId: string; token: string; expiresAt: string; persistentForMs: number | null } {
  const sessionId = tokens.newId();
  const ttl = rememberMe ? REMEMBERED_SESSION_TTL_MS : BROWSER_SESSION_TTL_MS;
  const expiresAt = addMs(now, ttl);
  return {
    event: { type: CredentialEvents.SignInSucceeded, data: { userId, sessionId, method, rememberMe, expiresAt, ...(deviceHash ? { deviceHash } : {}) } },
    sessionId,
    token: tokens.accessToken(userId, sessionId, 'user', ttl),
    expiresAt,
    persistentForMs: rememberMe ? REMEMBERED_SESSION_TTL_MS : null,
  };
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

/**
 * The code step asks again what the password step asked: the account may still sign in (status, expiry) and is
 * not locked out for this browser. A sign-in begun before a lock or a deactivation stops here.
 */
async function refuseBarredSignIn(
  repository: EventSourcedRepository,
  tokens: SignInTokens,
  credentials: LoadedAggregate<CredentialsState>,
  userId: string,
  deviceId: string | null,
  now: Date,
  actor: Actor,
) {
  const account = await repository.load(userStreamId(userId), userAggregate);
  if (!isLiveUser(account.state)) throw identityError(401, 'sign_in_expired');
  const device = trustedDevice(credentials.state, deviceId ? tokens.deviceHash(deviceId) : null, now);
  const lockedUntil = credentials.state.lockedUntil;
  const refusal =
    accountRefusal(account.state, now) ??
    (!device && isLockedOut(lockedUntil, now) ? { reason: 'temporarily-locked' as const, error: lockedOutAnswer(lockedUntil, now) } : null);
  if (!refusal) return { account: account.state.account, device };
  const failed = { type: CredentialEvents.SignInFailed, data: { userId, login: displayUsername(account.state.account.username), reason: refusal.reason } };
  const recorded = await repository.append(credentials.streamId, [failed], credentials.revision, actor);
  throw recordedAt(refusal.error, recorded.position);
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
    const { account } = await refuseBarredSignIn(this.repository, this.tokens, credentials, userId, command.deviceId, now, { ...command.actor, userId });
    if (challenge.code) {
      const waitMs = Date.parse(challenge.code.sentAt) + CODE_RESEND_INTERVAL_MS - now.getTime();
      if (waitMs > 0) throw identityError(429, 'code_has_sent', { extra: { retryAfterSeconds: Math.ceil(waitMs / 1000) } });
    }
    const { email, phone, firstName, lastName } = account;

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
    const { account, device } = await refuseBarredSignIn(this.repository, this.tokens, credentials, userId, command.deviceId, now, actor);
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
    // A sign-in through a remembered device starts its wrong-password count again.
    const session = startSession(this.tokens, userId, 'verification-code', rememberMe, now, device?.deviceHash);
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
    return {
      session: { userId, ...session, position: result.position },
      newDeviceId,
      phoneMissing: !account.phone,
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
