import { HttpException } from '@nestjs/common';
import { IdentityMessageKey, IdentityMessages } from './identity-messages';

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  423: 'Locked',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * An answer with the catalogue's key and sentence: `{ statusCode, error, messageKey, message, errors?, ... }`.
 * `field` puts the message beside a form field (errors: { field: [message] }), like validation failures.
 */
export function identityError(
  status: number,
  key: IdentityMessageKey,
  options: { field?: string; extra?: Record<string, unknown> } = {},
): HttpException {
  const message = IdentityMessages[key];
  return new HttpException(
    {
      statusCode: status,
      error: ERROR_NAMES[status] ?? 'Error',
      messageKey: key,
      message,
      ...(options.field ? { errors: { [options.field]: [message] } } : {}),
      ...options.extra,
    },
    status,
  );
}

const RECORDED_AT = Symbol('recordedAtPosition');

/**
 * Marks a refusal whose fact was recorded before answering (a failed sign-in, a rejected code): the answer then
 * carries X-Event-Position like any command, so a client can read its own write (e.g. the system log row).
 */
export function recordedAt<E extends HttpException>(error: E, position: number): E {
  (error as unknown as Record<symbol, number>)[RECORDED_AT] = position;
  return error;
}

/** The position a refusal was recorded at, if it was. */
export function recordedPositionOf(error: unknown): number | undefined {
  if (!(error instanceof HttpException)) return undefined;
  const position = (error as unknown as Record<symbol, unknown>)[RECORDED_AT];
  return typeof position === 'number' ? position : undefined;
}
