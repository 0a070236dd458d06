import { HttpException, Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { TemplatedMailer } from '../../administration/email-templates/templated-mailer';
import { MailAfterAnswer } from '../delivery/mail-after-answer';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { identityError, recordedAt } from '../identity-errors';
import {
  CODE_MAX_ATTEMPTS,
  displayUsername,
  LOCKOUT_DURATION_MS,
  LOCKOUT_THRESHOLD,
  MINUTE,
  REMEMBERED_DEVICE_TTL_MS,
} from '@cans/domain/identity/identity-rules';
import type { UserState } from '@cans/domain/identity/user.decider';
import type { UserAccountFields } from '@cans/domain/identity/user.events';
import { CredentialsCommand, credentialsDecider, CredentialsState } from '@cans/domain/identity/credentials.decider';
import { credentialsStreamId, DeviceRememberedData } from '@cans/domain/identity/credentials.events';
import { lockedOutAnswer, nextFailure } from './sign-in-lockout';
import {
  barredSignIn,
  challengedUser,
  CredentialsStep,
  IssuedSession,
  pendingChallenge,
  refusedStep,
  RETRY_ON_RACE,
  startSession,
} from './sign-in.commands';
import { SignInTokens } from './sign-in-tokens';

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

export class VerifySignInCodeCommand {
  constructor(
    readonly actor: Actor,
    readonly challengeToken: string | undefined,
    readonly code: string,
    readonly rememberMe: boolean | undefined,
    readonly deviceId: string | null,
  ) {}
}

export interface VerifiedSignIn {
  session: IssuedSession;
  /** Set when this browser is now remembered: the value of the new device cookie. */
  newDeviceId: string | null;
  phoneMissing: boolean;
}

/**
 * Step 2: the code. A correct one completes the challenge (single use) and starts the session; with remember-me
 * the browser is remembered for 30 days. Expired codes are refused. Wrong codes are counted twice: per code (5,
 * then a new code is needed) and per account across challenges, since whoever has the password can start as many
 * challenges as they like: the account's fifth wrong code in a row locks sign-in for 15 minutes, like five wrong
 * passwords (sign-in-lockout.ts), and the user is mailed (AccountLockedOut) after the answer.
 */
@CommandHandler(VerifySignInCodeCommand)
export class VerifySignInCodeHandler implements ICommandHandler<VerifySignInCodeCommand, VerifiedSignIn> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly tokens: SignInTokens,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
    private readonly mailer: TemplatedMailer,
    private readonly afterAnswer: MailAfterAnswer,
  ) {}

  async execute(command: VerifySignInCodeCommand): Promise<VerifiedSignIn> {
    const { userId, challengeId, account } = await challengedUser(this.handler, this.tokens, command.challengeToken);
    return this.handler.handlePlanned(
      credentialsStreamId(userId),
      credentialsDecider,
      ({ state }) => this.plan(command, userId, challengeId, account, state),
      { actor: { ...command.actor, userId }, concurrency: RETRY_ON_RACE },
    );
  }

  private plan(
    command: VerifySignInCodeCommand,
    userId: string,
    challengeId: string,
    account: UserState,
    state: CredentialsState,
  ): CredentialsStep<VerifiedSignIn> {
    const now = this.clock.now();
    const challenge = pendingChallenge(state, challengeId, now);
    const barred = barredSignIn(this.tokens, account, state, userId, command.deviceId, now);
    if (barred.refused) return barred.refused;
    const code = challenge.code;
    if (!code) throw identityError(400, 'code_not_requested', { field: 'code' });
    if (code.void)
      throw identityError(400, code.attempts >= CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_expired', { field: 'code' });
    const login = displayUsername(barred.account.username);
    const rejection = { userId, challengeId: challenge.challengeId };
    if (code.expiresAt <= now.toISOString()) {
      return refusedStep(
        { type: 'RejectVerificationCode', login, rejection: { ...rejection, reason: 'expired', attempts: code.attempts } },
        identityError(400, 'code_expired', { field: 'code' }),
      );
    }
    if (!this.tokens.codeMatches(challenge.challengeId, command.code, code.codeHash)) {
      const attempts = code.attempts + 1;
      const { failedAttempts: wrongCodesInARow, lockedUntil } = nextFailure(state.wrongCodesInARow, now);
      const rejected = {
        type: 'RejectVerificationCode' as const,
        login,
        lockedUntil,
        rejection: { ...rejection, reason: 'wrong-code' as const, attempts, wrongCodesInARow },
      };
      if (lockedUntil) return this.lockedByWrongCodes(rejected, barred.account, lockedOutAnswer(lockedUntil, now));
      const attemptsLeft = Math.max(0, Math.min(CODE_MAX_ATTEMPTS - attempts, LOCKOUT_THRESHOLD - wrongCodesInARow));
      return refusedStep(
        rejected,
        identityError(400, attempts >= CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_invalid', {
          field: 'code',
          extra: { attemptsLeft },
        }),
      );
    }

    const rememberMe = command.rememberMe ?? challenge.rememberMe;
    // A sign-in through a remembered device starts its wrong-password count again.
    const session = startSession(this.tokens, userId, 'verification-code', rememberMe, now, barred.device?.deviceHash);
    let newDeviceId: string | null = null;
    let rememberDevice: DeviceRememberedData | undefined;
    if (rememberMe) {
      const deviceId = command.deviceId ?? this.tokens.newDeviceId();
      if (!command.deviceId) newDeviceId = deviceId;
      rememberDevice = { userId, deviceHash: this.tokens.deviceHash(deviceId), until: addMs(now, REMEMBERED_DEVICE_TTL_MS) };
    }
    return {
      command: { type: 'RecordSignIn', session: session.event.data, rememberDevice },
      answer: (position) => ({ session: { userId, ...session, position }, newDeviceId, phoneMissing: !barred.account.phone }),
    };
  }

  /**
   * The wrong code that locks the account: recorded with the lockout, answered 423, and the user is told by mail
   * once it is recorded (whoever typed the codes had the password). The answer does not wait for the mail.
   */
  private lockedByWrongCodes(command: CredentialsCommand, account: UserAccountFields, refusal: HttpException): CredentialsStep<never> {
    return {
      command,
      answer: (position) => {
        this.afterAnswer.run(`Lockout mail to ${displayUsername(account.username)}`, () =>
          this.mailer.send('AccountLockedOut', account.email, {
            userName: `${account.firstName} ${account.lastName}`,
            username: displayUsername(account.username),
            minutes: String(LOCKOUT_DURATION_MS / MINUTE),
          }),
        );
        throw recordedAt(refusal, position);
      },
    };
  }
}
