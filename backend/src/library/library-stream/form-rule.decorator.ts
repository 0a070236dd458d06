import { ValidateBy, ValidationArguments } from 'class-validator';

/**
 * A DTO property validated by a whole-form rule function (the spec's form validators look at several fields at
 * once: "if only the minimum age is set, the maximum is required"). The rule returns the message for this
 * property or undefined. It runs even when the property is missing, so "required" rules work, and every field's
 * message comes back in the same 400 answer.
 */
export function FormRule<T extends object>(messageFor: (form: T) => string | undefined): PropertyDecorator {
  return ValidateBy({
    name: 'formRule',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => messageFor(args?.object as T) === undefined,
      defaultMessage: (args?: ValidationArguments) => messageFor(args?.object as T) ?? '',
    },
  });
}
