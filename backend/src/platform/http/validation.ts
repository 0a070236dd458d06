import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

import type { FieldErrors } from '@cans/domain/domain-errors';

export type { FieldErrors };

export class FieldValidationException extends BadRequestException {
  constructor(
    readonly fieldErrors: FieldErrors,
    message = 'Please correct the highlighted fields.',
  ) {
    super({ statusCode: 400, error: 'Bad Request', message, errors: fieldErrors });
  }
}

export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) result[path] = Object.values(error.constraints);
    Object.assign(result, flattenValidationErrors(error.children ?? [], path));
  }
  return result;
}

/** Strict DTO validation: unknown fields are refused, values are transformed to their declared types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new FieldValidationException(flattenValidationErrors(errors)),
  });
}
