import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { UserDocument } from '../../../../projections/src/identity/users.projection';
import type { Actor } from '../../platform/commands/actor';
import { DomainEvent, EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { SMS_SENDER, SmsSender } from '../delivery/sms-sender';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { IdentityDirectory } from '../identity-directory';
import { identityError, recordedAt } from '../identity-errors';
import { IdentityMessages } from '../identity-messages';
import { CHANNEL_EMAIL, CHANNEL_PHONE, displayUsername, SIGN_IN_CHALLENGE_TTL_MS, VerificationChannel } from '../identity-rules';
import { isLiveUser, userAggregate } from '../users/user.aggregate';
import { userStreamId } from '../users/user.events';
import { credentialsAggregate } from './credentials.aggregate';
import { CredentialEvents, credentialsStreamId, SignInFailureReason } from './credentials.events';
import { PasswordHasher } from './password-hasher';
import {
  accountRefusal,
  isLockedOut,
  lockedOutAnswer,
  nextFailure,
  trustedDevice,
  unknownLoginAggregate,
  unknownLoginStreamId,
  wrongPasswordAnswer,
} from './sign-in-lockout';
import { IssuedSession, startSession, withStreamRetry } from './sign-in.commands';
import { maskEmail, maskPhone, SignInTokens } from './sign-in-tokens';

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

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

/**
 * Step 1 of signing in. Wrong passwords count towards the lockout (sign-in-lockout.ts); a login that matches no
 * account is answered the same way, so the answers reveal no account. The account's status is revealed only
 * after a right password. Then: a remembered device with remember-me signs in at once; otherwise a challenge
 * starts and a verification code is required.
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
    if (!user) return withStreamRetry(() => this.unknownLogin(command, login));
    return withStreamRetry(() => this.decide(command, user, login));
  }

  /** Same steps, costs and answers as a wrong password for an account: load, hash, count, lock. */
  private async unknownLogin(command: SignInWithPasswordCommand, login: string): Promise<never> {
    const attempts = await this.repository.load(unknownLoginStreamId(login), unknownLoginAggregate);
    const now = this.clock.now();
    const record = async (extra: Record<string, unknown>) =>
      (
        await this.repository.append(
          attempts.streamId,
          [{ type: CredentialEvents.SignInFailed, data: { userId: null, login: login.slice(0, 200), reason: 'unknown-user', ...extra } }],
          attempts.revision,
          command.actor,
        )
      ).position;
    if (isLockedOut(attempts.state.lockedUntil, now)) {
      throw recordedAt(lockedOutAnswer(attempts.state.lockedUntil, now), await record({}));
    }
    await this.hasher.verify(null, command.password);
    const { failedAttempts, lockedUntil } = nextFailure(attempts.state.consecutiveFailures, now);
    const position = await record({ failedAttempts, ...(lockedUntil ? { lockedUntil } : {}) });
    throw recordedAt(lockedUntil ? lockedOutAnswer(lockedUntil, now) : wrongPasswordAnswer(failedAttempts), position);
  }

  private async decide(command: SignInWithPasswordCommand, user: UserDocument, login: string): Promise<PasswordStepResult> {
    const userId = user.id;
    const credentials = await this.repository.load(credentialsStreamId(userId), credentialsAggregate);
    const state = credentials.state;
    const now = this.clock.now();
    const actor = { ...command.actor, userId };
    const append = (events: DomainEvent[]) => this.repository.append(credentials.streamId, events, credentials.revision, actor);
    const failed = (reason: SignInFailureReason, extra: Record<string, unknown> = {}): DomainEvent => ({
      type: CredentialEvents.SignInFailed,
      data: { userId, login: login.slice(0, 200), reason, ...extra },
    });
    // A remembered device's proof lifts the lockout for its owner (strangers cannot lock them out of it).
    const device = trustedDevice(state, command.deviceId ? this.tokens.deviceHash(command.deviceId) : null, now);

    if (!device && isLockedOut(state.lockedUntil, now)) {
      const recorded = await append([failed('temporarily-locked')]);
      throw recordedAt(lockedOutAnswer(state.lockedUntil, now), recorded.position);
    }

    if (!(await this.hasher.verify(state.passwordHash, command.password))) {
      const reason = state.passwordHash ? 'wrong-password' : 'no-password';
      const { failedAttempts, lockedUntil } = nextFailure(device ? device.failures : state.consecutiveFailures, now);
      const events = [failed(reason, { failedAttempts, ...(device ? { deviceHash: device.deviceHash } : {}) })];
      if (lockedUntil) events.push({ type: CredentialEvents.SignInLockedOut, data: { userId, login: login.slice(0, 200), failedAttempts, lockedUntil } });
      const recorded = await append(events);
      throw recordedAt(lockedUntil ? lockedOutAnswer(lockedUntil, now) : wrongPasswordAnswer(failedAttempts), recorded.position);
    }

    // The user stream is the authority on status and expiry (the read model may trail by a moment).
    const account = await this.repository.load(userStreamId(userId), userAggregate);
    if (!isLiveUser(account.state)) throw identityError(401, 'login_failed');
    const refusal = accountRefusal(account.state, now);
    if (refusal) {
      const recorded = await append([failed(refusal.reason)]);
      throw recordedAt(refusal.error, recorded.position);
    }

    if (command.rememberMe && device) {
      const session = startSession(this.tokens, userId, 'remembered-device', true, now, device.deviceHash);
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
}

/** Email always; phone only with an SMS sender and a phone on file (otherwise disabled, with the reason). */
export function channelOptions(email: string, phone: string | null, sms: SmsSender | null): ChannelOption[] {
  const phoneReason = !sms ? IdentityMessages.phone_channel_unconfigured : !phone ? IdentityMessages.phone_channel_no_phone : null;
  return [
    { channel: CHANNEL_EMAIL, name: 'email', enabled: true, destination: maskEmail(email), reason: null },
    { channel: CHANNEL_PHONE, name: 'phone', enabled: phoneReason === null, destination: phone ? maskPhone(phone) : null, reason: phoneReason },
  ];
}
