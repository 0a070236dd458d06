import { HttpException, Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../platform/commands/actor';
import {
  APPEND_ONLY,
  ConcurrencyPolicy,
  EventSourcedCommandHandler,
  factLog,
  LoadedStream,
  PlannedCommand,
  REJECT_ON_CONFLICT,
} from '../../platform/commands/command-handler';
import { verificationCodeSms } from '../delivery/identity-mails';
import { TemplatedMailer } from '../../administration/email-templates/templated-mailer';
import { SMS_SENDER, SmsSender } from '../delivery/sms-sender';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { identityError, recordedAt } from '../identity-errors';
import {
  BROWSER_SESSION_TTL_MS,
  CHANNEL_PHONE,
  CODE_RESEND_INTERVAL_MS,
  CODE_TTL_MS,
  displayUsername,
  MINUTE,
  REMEMBERED_SESSION_TTL_MS,
  VerificationChannel,
} from '@cans/domain/identity/identity-rules';
import { ApiClientEvent, ApiClientEvents, apiClientSignInStreamId } from '@cans/domain/identity/api-user.events';
import { isLiveUser, userDecider, UserState } from '@cans/domain/identity/user.decider';
import { userStreamId } from '@cans/domain/identity/user.events';
import { ChallengeState, CredentialsCommand, credentialsDecider, CredentialsState } from '@cans/domain/identity/credentials.decider';
import { CredentialEvents, CredentialsEvent, credentialsStreamId, SignInMethod } from '@cans/domain/identity/credentials.events';
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

export class EndSessionCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly sessionId: string,
    readonly kind: 'user' | 'api-client' = 'user',
  ) {}
}

/** A sign-in step that lost a race on its stream (a double click, parallel attempts) is decided again, up to 3 times. */
export const RETRY_ON_RACE: ConcurrencyPolicy = { kind: 'merge', maxAttempts: 3 };

/** A step of signing in, planned on the loaded credentials: the command to record, then its answer. */
export type CredentialsStep<TResult> = PlannedCommand<CredentialsCommand, TResult>;

/** A refusal whose fact is recorded first (a failed sign-in, a rejected code): the answer carries its position. */
export const refusedStep = <const TCommand>(command: TCommand, refusal: HttpException): PlannedCommand<TCommand, never> => ({
  command,
  answer: (position) => {
    throw recordedAt(refusal, position);
  },
});

/**
 * For a step with a side effect done after its checks (a code sent, a link spent): decide on the state checked,
 * once; a write in between answers 409.
 */
export const decideOnCheckedState = (actor: Actor, checked: LoadedStream<CredentialsState>) => ({
  actor,
  concurrency: REJECT_ON_CONFLICT,
  load: () => Promise.resolve(checked),
});

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

type SessionStarted = Extract<CredentialsEvent, { type: typeof CredentialEvents.SignInSucceeded }>;
type SessionEnded = Extract<CredentialsEvent, { type: typeof CredentialEvents.SessionEnded }>;

/** Builds the SignInSucceeded event and the token for a new session. */
export function startSession(
  tokens: SignInTokens,
  userId: string,
  method: SignInMethod,
  rememberMe: boolean,
  now: Date,
  deviceHash?: string,
): { event: SessionStarted; sessionId: string; token: string; expiresAt: string; persistentForMs: number | null } {
  const sessionId = tokens.newId();
  const ttl = rememberMe ? REMEMBERED_SESSION_TTL_MS : BROWSER_SESSION_TTL_MS;
  const expiresAt = addMs(now, ttl);
  return {
    event: {
      type: CredentialEvents.SignInSucceeded,
      data: { userId, sessionId, method, rememberMe, expiresAt, ...(deviceHash ? { deviceHash } : {}) },
    },
    sessionId,
    token: tokens.accessToken(userId, sessionId, 'user', ttl),
    expiresAt,
    persistentForMs: rememberMe ? REMEMBERED_SESSION_TTL_MS : null,
  };
}

/** Who the challenge cookie names, and their account (the user stream is the authority), or 401 "sign in again". */
export async function challengedUser(handler: EventSourcedCommandHandler, tokens: SignInTokens, token: string | undefined) {
  const claims = tokens.readChallengeToken(token);
  if (!claims) throw identityError(401, 'sign_in_expired');
  const account = await handler.load(userStreamId(claims.userId), userDecider);
  return { ...claims, account: account.state };
}

/** The pending challenge the cookie names, or 401 "sign in again". */
export function pendingChallenge(state: CredentialsState, challengeId: string, now: Date): ChallengeState {
  const challenge = state.challenge;
  if (!challenge || challenge.challengeId !== challengeId || challenge.completed || challenge.expiresAt <= now.toISOString()) {
    throw identityError(401, 'sign_in_expired');
  }
  return challenge;
}

/**
 * The code step asks again what the password step asked: the account may still sign in (status, expiry) and is
 * not locked out for this browser. A sign-in begun before a lock or a deactivation stops here: its failure is the
 * step to record.
 */
export function barredSignIn(
  tokens: SignInTokens,
  account: UserState,
  state: CredentialsState,
  userId: string,
  deviceId: string | null,
  now: Date,
) {
  if (!isLiveUser(account)) throw identityError(401, 'sign_in_expired');
  const device = trustedDevice(state, deviceId ? tokens.deviceHash(deviceId) : null, now);
  const lockedUntil = state.lockedUntil;
  const refusal =
    accountRefusal(account, now) ??
    (!device && isLockedOut(lockedUntil, now) ? { reason: 'temporarily-locked' as const, error: lockedOutAnswer(lockedUntil, now) } : null);
  const refused = refusal
    ? refusedStep(
        { type: 'RecordSignInFailure', userId, login: displayUsername(account.account.username), reason: refusal.reason },
        refusal.error,
      )
    : null;
  return { account: account.account, device, refused };
}

export interface CodeSent {
  channel: VerificationChannel;
  destination: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
  position: number;
}

/**
 * Sends a 6-digit code by email (1) or text message (2, through the SMS_SENDER port). The server enforces the
 * 60-second countdown ('The code has already been sent.'). The message goes out before the fact is recorded, so a delivery
 * failure leaves no code behind and the user may retry at once. The fact is decided on the state checked before
 * sending (a concurrent write answers 409 rather than sending a second code).
 */
@CommandHandler(SendVerificationCodeCommand)
export class SendVerificationCodeHandler implements ICommandHandler<SendVerificationCodeCommand, CodeSent> {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly tokens: SignInTokens,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
    private readonly mailer: TemplatedMailer,
    @Inject(SMS_SENDER) private readonly sms: SmsSender | null,
  ) {}

  async execute(command: SendVerificationCodeCommand): Promise<CodeSent> {
    const now = this.clock.now();
    const { userId, challengeId, account } = await challengedUser(this.handler, this.tokens, command.challengeToken);
    const actor = { ...command.actor, userId };
    const streamId = credentialsStreamId(userId);
    const credentials = await this.handler.load(streamId, credentialsDecider);
    const onChecked = decideOnCheckedState(actor, credentials);
    const challenge = pendingChallenge(credentials.state, challengeId, now);
    const barred = barredSignIn(this.tokens, account, credentials.state, userId, command.deviceId, now);
    const refused = barred.refused;
    if (refused) return this.handler.handlePlanned(streamId, credentialsDecider, () => refused, onChecked);
    if (challenge.code) {
      const waitMs = Date.parse(challenge.code.sentAt) + CODE_RESEND_INTERVAL_MS - now.getTime();
      if (waitMs > 0) throw identityError(429, 'code_has_sent', { extra: { retryAfterSeconds: Math.ceil(waitMs / 1000) } });
    }
    const { email, phone, firstName, lastName } = barred.account;

    const code = this.tokens.verificationCode();
    const minutes = CODE_TTL_MS / MINUTE;
    let destination: string;
    try {
      if (command.channel === CHANNEL_PHONE) {
        if (!this.sms) throw identityError(400, 'phone_channel_unconfigured', { field: 'channel' });
        if (!phone) throw identityError(400, 'phone_channel_no_phone', { field: 'channel' });
        destination = maskPhone(phone);
        await this.sendText(this.sms, userId, phone, verificationCodeSms(code, minutes));
      } else {
        destination = maskEmail(email);
        await this.mailer.send('LoginEmailVerification', email, { userName: `${firstName} ${lastName}`, code, minutes: String(minutes) });
      }
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.logger.error(
        `Verification code for user ${userId} could not be delivered: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw identityError(503, 'delivery_failed');
    }

    const sent: CredentialsCommand = {
      type: 'SendVerificationCode',
      code: {
        userId,
        challengeId: challenge.challengeId,
        channel: command.channel,
        destination,
        codeHash: this.tokens.codeHash(challenge.challengeId, code),
        sentAt: now.toISOString(),
        expiresAt: addMs(now, CODE_TTL_MS),
      },
    };
    const answer = (position: number): CodeSent => ({
      channel: command.channel,
      destination,
      expiresInSeconds: CODE_TTL_MS / 1000,
      resendAfterSeconds: CODE_RESEND_INTERVAL_MS / 1000,
      position,
    });
    return this.handler.handlePlanned(streamId, credentialsDecider, () => ({ command: sent, answer }), onChecked);
  }

  /**
   * A text the gateway did not take is answered 502 with a plain message that points to email (which the user
   * can choose at once: nothing is recorded, so no countdown runs). The log line names the user, not the number.
   */
  private async sendText(sms: SmsSender, userId: string, phone: string, text: string): Promise<void> {
    try {
      await sms.send(phone, text);
    } catch (error) {
      this.logger.error(
        `Verification code by text for user ${userId} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw identityError(502, 'text_message_failed', { field: 'channel' });
    }
  }
}

/** Sign-ins of API clients: a log per API user that nothing is decided on (the facts are recorded as they are). */
export const apiClientSignInLog = factLog<ApiClientEvent | SessionEnded>([
  ApiClientEvents.SignedIn,
  ApiClientEvents.SignInFailed,
  CredentialEvents.SessionEnded,
]);

/** Logout: the session is ended server-side; its token stops working on the next request. Ending it twice records nothing. */
@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand, { position: number } | null> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, userId, sessionId, kind }: EndSessionCommand): Promise<{ position: number } | null> {
    if (kind === 'api-client') {
      const ended: SessionEnded = { type: CredentialEvents.SessionEnded, data: { userId, sessionId, reason: 'logout' } };
      const recorded = await this.handler.handle(apiClientSignInStreamId(userId), apiClientSignInLog, [ended], {
        actor,
        concurrency: APPEND_ONLY,
      });
      return { position: recorded.position };
    }
    const outcome = await this.handler.handle(
      credentialsStreamId(userId),
      credentialsDecider,
      { type: 'EndSession', userId, sessionId },
      { actor, concurrency: RETRY_ON_RACE },
    );
    return outcome.changed ? { position: outcome.position } : null;
  }
}
