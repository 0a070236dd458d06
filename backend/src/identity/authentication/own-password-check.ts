import { Injectable } from '@nestjs/common';
import { credentialsDecider } from '@cans/domain/identity/credentials.decider';
import { credentialsStreamId } from '@cans/domain/identity/credentials.events';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { FieldValidationException } from '../../platform/http/validation';
import { PasswordHasher } from './password-hasher';
import { RateLimiter, rateLimitedAnswer } from './rate-limit';

export const OWN_PASSWORD_WRONG = 'Your password is not correct.';
export const OWN_PASSWORD_REQUIRED = 'Enter your own password to confirm this change.';

/**
 * "Enter your password again" before a change that decides where secrets or children's data go (the mail and SFTP
 * servers): a session left open, or stolen, is not enough to redirect them. Wrong answers are limited per user (the
 * sign-in bucket), so the check cannot be used to guess the password.
 */
@Injectable()
export class OwnPasswordCheck {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
  ) {}

  /** 400 on the field when missing or wrong, 429 when too many tries; resolves when it is the user's password. */
  async confirm(userId: string, password: string | undefined, field = 'currentPassword'): Promise<void> {
    if (!password) throw new FieldValidationException({ [field]: [OWN_PASSWORD_REQUIRED] });
    const outcome = this.limiter.take('signIn', `own-password:${userId}`);
    if (!outcome.allowed) throw rateLimitedAnswer(outcome.retryAfterSeconds);
    const { state } = await this.handler.load(credentialsStreamId(userId), credentialsDecider);
    if (!(await this.hasher.verify(state.passwordHash, password))) throw new FieldValidationException({ [field]: [OWN_PASSWORD_WRONG] });
  }
}
