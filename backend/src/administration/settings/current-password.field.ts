import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const OWN_PASSWORD_MAX = 200;

/** The `currentPassword` field of a form that changes a destination: optional in shape, required by `confirm`. */
export const CurrentPasswordField =
  (requiredWhen: string): PropertyDecorator =>
  (target, key) =>
    [
      ApiPropertyOptional({
        writeOnly: true,
        maxLength: OWN_PASSWORD_MAX,
        description: `The caller's own password: required when ${requiredWhen}`,
      }),
      IsOptional(),
      IsString({ message: 'Your password must be text.' }),
      MaxLength(OWN_PASSWORD_MAX, { message: `Your password can be at most ${OWN_PASSWORD_MAX} characters.` }),
    ].forEach((decorate) => decorate(target, key));
