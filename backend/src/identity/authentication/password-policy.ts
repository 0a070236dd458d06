import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { IdentityMessages } from '../identity-messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cans/domain/identity/identity-rules';

/**
 * Spec §5: at least 8 characters with an upper-case letter, a lower-case letter, a digit and a special
 * character (anything that is not a letter, digit or white space). Returns the message keys it breaks.
 */
export function passwordPolicyViolations(password: string): Array<'new_pass_format' | 'new_pass_too_long'> {
  if (password.length > PASSWORD_MAX_LENGTH) return ['new_pass_too_long'];
  const ok =
    password.length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password);
  return ok ? [] : ['new_pass_format'];
}

/** class-validator: the field must satisfy the password policy (message new_pass_format). */
export function IsStrongPassword(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isStrongPassword',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && passwordPolicyViolations(value).length === 0,
        defaultMessage: (args?: ValidationArguments) =>
          typeof args?.value === 'string' && args.value.length > PASSWORD_MAX_LENGTH
            ? IdentityMessages.new_pass_too_long
            : IdentityMessages.new_pass_format,
      },
    });
}

/** class-validator: the field must equal another field of the same object (message password_not_match). */
export function MatchesField(other: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'matchesField',
      target: target.constructor,
      propertyName,
      constraints: [other],
      options: { message: IdentityMessages.password_not_match, ...options },
      validator: {
        validate: (value: unknown, args: ValidationArguments) => value === (args.object as Record<string, unknown>)[other],
      },
    });
}
