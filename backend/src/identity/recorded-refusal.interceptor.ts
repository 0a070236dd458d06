import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, Observable, throwError } from 'rxjs';
import { exposeEventPosition } from '../platform/http/read-your-writes';
import { recordedPositionOf } from './identity-errors';

/**
 * A refusal that was recorded as an event (wrong password, rejected code, refused API client) answers with
 * X-Event-Position too, so read-your-writes holds for failures as for successes.
 */
@Injectable()
export class RecordedRefusalInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        const position = recordedPositionOf(error);
        if (position !== undefined) exposeEventPosition(context.switchToHttp().getResponse<Response>(), position);
        return throwError(() => error);
      }),
    );
  }
}
