import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { UserDocument } from '@cans/projections/identity/users.projection';
import type { Decider } from '@cans/domain/decider';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler, LoadedStream, PlannedCommand } from '../../platform/commands/command-handler';
import { SMS_SENDER, SmsSender } from '../delivery/sms-sender';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { IdentityDirectory } from '../identity-directory';
import { identityError } from '../identity-errors';
import { IdentityMessages } from '../identity-messages';
import {
  CHANNEL_EMAIL,
  CHANNEL_PHONE,
  displayUsername,
  SIGN_IN_CHALLENGE_TTL_MS,
  VerificationChannel,
} from '@cans/domain/identity/identity-rules';
import { isLiveUser, userDecider, UserState } from '@cans/domain/identity/user.decider';
import { userStreamId } from '@cans/domain/identity/user.events';
import { CountedFailure, CredentialsCommand, credentialsDecider, CredentialsState } from '@cans/domain/identity/credentials.decider';
import { CredentialEvents, CredentialsEvent, credentialsStreamId, SignInFailureReason } from '@cans/domain/identity/credentials.events';
import { PasswordHasher } from './password-hasher';
import {
  accountRefusal,
  isLockedOut,
  lockedOutAnswer,
  nextFailure,
  trustedDevice,
  unknownLoginAttempts,
  UnknownLoginState,
  unknownLoginStreamId,
  wrongPasswordAnswer,
} from './sign-in-lockout';
import { CredentialsStep, IssuedSession, refusedStep, RETRY_ON_RACE, startSession } from './sign-in.commands';
import { maskEmail, maskPhone, SignInTokens } from './sign-in-tokens';

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

/** An attempt with a login that matches no account, counted (and locked) as a wrong password would be. */
type UnknownLoginFailure = { type: 'RecordUnknownLoginFailure'; login: string; counted: Omit<CountedFailure, 'deviceHash'> | null };

/** The attempts of one unknown login: each failure is one SignInFailed that carries the count and the lock. */
const unknownLoginDecider: Decider<UnknownLoginState, UnknownLoginFailure, CredentialsEvent> = {
  ...unknownLoginAttempts,
  decide: ({ login, counted }) => [
    {
      type: CredentialEvents.SignInFailed,
      data: {
        userId: null,
        login,
        reason: 'unknown-user',
        ...(counted
          ? { failedAttempts: counted.failedAttempts, ...(counted.lockedUntil ? { lockedUntil: counted.lockedUntil } : {}) }
          : {}),
      },
    },
  ],
};

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
    private readonly handler: EventSourcedCommandHandler,
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
    if (!user) return this.unknownLogin(command, login);
    // The user stream is the authority on status and expiry (the read model may trail by a moment).
    const account = await this.handler.load(userStreamId(user.id), userDecider);
    return this.handler.handlePlanned(
      credentialsStreamId(user.id),
      credentialsDecider,
      ({ state }) => this.plan(command, user, login, account.state, state),
      { actor: { ...command.actor, userId: user.id }, concurrency: RETRY_ON_RACE },
    );
  }

  /** Same steps, costs and answers as a wrong password for an account: load, hash, count, lock. */
  private unknownLogin(command: SignInWithPasswordCommand, login: string): Promise<never> {
    const plan = async ({ state }: LoadedStream<UnknownLoginState>): Promise<PlannedCommand<UnknownLoginFailure, never>> => {
      const now = this.clock.now();
      const typed = login.slice(0, 200);
      if (isLockedOut(state.lockedUntil, now)) {
        return refusedStep({ type: 'RecordUnknownLoginFailure', login: typed, counted: null }, lockedOutAnswer(state.lockedUntil, now));
      }
      await this.hasher.verify(null, command.password);
      const counted = nextFailure(state.consecutiveFailures, now);
      return refusedStep(
        { type: 'RecordUnknownLoginFailure', login: typed, counted },
        counted.lockedUntil ? lockedOutAnswer(counted.lockedUntil, now) : wrongPasswordAnswer(counted.failedAttempts),
      );
    };
    return this.handler.handlePlanned(unknownLoginStreamId(login), unknownLoginDecider, plan, {
      actor: command.actor,
      concurrency: RETRY_ON_RACE,
    });
  }

  private async plan(
    command: SignInWithPasswordCommand,
    user: UserDocument,
    login: string,
    account: UserState,
    state: CredentialsState,
  ): Promise<CredentialsStep<PasswordStepResult>> {
    const userId = user.id;
    const now = this.clock.now();
    const failed = (reason: SignInFailureReason, counted?: CountedFailure): CredentialsCommand => ({
      type: 'RecordSignInFailure',
      userId,
      login: login.slice(0, 200),
      reason,
      counted,
    });
    // A remembered device's proof lifts the lockout for its owner (strangers cannot lock them out of it).
    const device = trustedDevice(state, command.deviceId ? this.tokens.deviceHash(command.deviceId) : null, now);

    if (!device && isLockedOut(state.lockedUntil, now)) {
      return refusedStep(failed('temporarily-locked'), lockedOutAnswer(state.lockedUntil, now));
    }

    if (!(await this.hasher.verify(state.passwordHash, command.password))) {
      const reason = state.passwordHash ? 'wrong-password' : 'no-password';
      const { failedAttempts, lockedUntil } = nextFailure(device ? device.failures : state.consecutiveFailures, now);
      return refusedStep(
        failed(reason, { failedAttempts, ...(device ? { deviceHash: device.deviceHash } : {}), lockedUntil }),
        lockedUntil ? lockedOutAnswer(lockedUntil, now) : wrongPasswordAnswer(failedAttempts),
      );
    }

    if (!isLiveUser(account)) throw identityError(401, 'login_failed');
    const refusal = accountRefusal(account, now);
    if (refusal) return refusedStep(failed(refusal.reason), refusal.error);

    if (command.rememberMe && device) {
      const session = startSession(this.tokens, userId, 'remembered-device', true, now, device.deviceHash);
      return {
        command: { type: 'RecordSignIn', session: session.event.data },
        answer: (position) => ({ kind: 'signed-in', session: { userId, ...session, position } }),
      };
    }

    const challengeId = this.tokens.newId();
    const reason = command.rememberMe ? 'device-not-remembered' : 'remember-me-off';
    const { email, phone } = account.account;
    return {
      command: {
        type: 'StartSignInChallenge',
        challenge: { userId, challengeId, rememberMe: command.rememberMe, reason, expiresAt: addMs(now, SIGN_IN_CHALLENGE_TTL_MS) },
      },
      answer: (position) => ({
        kind: 'verification-required',
        challengeToken: this.tokens.challengeToken(userId, challengeId, SIGN_IN_CHALLENGE_TTL_MS),
        channels: channelOptions(email, phone, this.sms),
        expiresInSeconds: SIGN_IN_CHALLENGE_TTL_MS / 1000,
        reason,
        position,
      }),
    };
  }
}

/** Email always; phone only with an SMS sender and a phone on file (otherwise disabled, with the reason). */
export function channelOptions(email: string, phone: string | null, sms: SmsSender | null): ChannelOption[] {
  const phoneReason = !sms ? IdentityMessages.phone_channel_unconfigured : !phone ? IdentityMessages.phone_channel_no_phone : null;
  return [
    { channel: CHANNEL_EMAIL, name: 'email', enabled: true, destination: maskEmail(email), reason: null },
    {
      channel: CHANNEL_PHONE,
      name: 'phone',
      enabled: phoneReason === null,
      destination: phone ? maskPhone(phone) : null,
      reason: phoneReason,
    },
  ];
}
