import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { WrongExpectedRevisionError } from '@cans/storage/event-store/event-store.port';
import { InvalidFilterError } from '@cans/storage/read-store/read-store.port';
import { isStoreUnavailable } from '@cans/storage/sql/store-unavailable';
import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '@cans/domain/domain-errors';

/** A lost optimistic-concurrency race, in the user's words (the stream and revisions go to the log only). */
export const STALE_RECORD_MESSAGE = 'This record was changed by someone else in the meantime. Reload it and try again.';

/** The database did not answer (restarting, a dropped connection): nothing to fix in the request, try again soon. */
export const STORE_UNAVAILABLE_MESSAGE = 'The database is not answering right now. Please try again in a few seconds.';
const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * Maps errors to HTTP answers: domain and validation errors to 4xx with a message the UI can show, optimistic
 * concurrency conflicts to 409, a database that does not answer to 503 with Retry-After, anything unexpected to 500
 * without internals (logged with its stack).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toAnswer(exception);
    if (status === 503 && isStoreUnavailable(exception)) this.logger.warn(`Database unavailable: ${(exception as Error).message}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    else if (exception instanceof WrongExpectedRevisionError) this.logger.warn(exception.message);
    // A refusal that says when to come back (rate limits, a full queue of heavy work) says it in the header too.
    if ((status === 429 || status === 503) && typeof body.retryAfterSeconds === 'number') {
      response.setHeader('Retry-After', String(body.retryAfterSeconds));
    }
    response.status(status).json(body);
  }

  private toAnswer(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof HttpException) {
      const answer = exception.getResponse();
      const body =
        typeof answer === 'string' ? { statusCode: exception.getStatus(), message: answer } : (answer as Record<string, unknown>);
      return { status: exception.getStatus(), body };
    }
    if (exception instanceof WrongExpectedRevisionError) {
      return { status: HttpStatus.CONFLICT, body: { statusCode: 409, error: 'Conflict', message: STALE_RECORD_MESSAGE } };
    }
    if (exception instanceof InvalidFilterError) {
      return {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: exception.message, errors: { filter: [exception.message] } },
      };
    }
    if (exception instanceof NotFoundError) {
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: exception.message } };
    }
    if (exception instanceof AccessDeniedError) {
      return { status: 403, body: { statusCode: 403, error: 'Forbidden', message: exception.message } };
    }
    if (exception instanceof DomainRuleViolation) {
      const status = exception.conflict ? 409 : 400;
      const error = status === 409 ? 'Conflict' : 'Bad Request';
      return {
        status,
        body: { statusCode: status, error, ...exception.details, message: exception.message, errors: exception.fieldErrors },
      };
    }
    if (isStoreUnavailable(exception)) {
      return {
        status: 503,
        body: {
          statusCode: 503,
          error: 'Service Unavailable',
          messageKey: 'store_unavailable',
          message: STORE_UNAVAILABLE_MESSAGE,
          retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
        },
      };
    }
    return {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. It has been logged.' },
    };
  }
}
