import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { credentialsDecider } from '@cans/domain/identity/credentials.decider';
import { credentialsStreamId } from '@cans/domain/identity/credentials.events';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { FieldValidationException } from '../../platform/http/validation';
import { IdentityMessages } from '../identity-messages';
import { PasswordHasher } from './password-hasher';
import { RateLimiter } from './rate-limit';

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
    if (!outcome.allowed)
      throw new HttpException(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: IdentityMessages.rate_limited,
          retryAfterSeconds: outcome.retryAfterSeconds,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    const { state } = await this.handler.load(credentialsStreamId(userId), credentialsDecider);
    if (!(await this.hasher.verify(state.passwordHash, password))) throw new FieldValidationException({ [field]: [OWN_PASSWORD_WRONG] });
  }
}
