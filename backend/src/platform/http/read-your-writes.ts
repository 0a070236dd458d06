import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, Observable, switchMap } from 'rxjs';
import { ProjectionRunnerService } from '../projections/projection-runner.service';
import { APP_CONFIG } from '../storage/storage-tokens';
import type { AppConfig } from '../config/app-config';
import { EVENT_POSITION_HEADER } from './http-answers';
import { FieldValidationException } from './validation';

/** Request header: "do not answer before the read models reached this position". */
export const WAIT_FOR_POSITION_HEADER = 'x-wait-for-position';

/**
 * Read-your-writes: a GET carrying X-Wait-For-Position waits (bounded) until every projection has processed that
 * position, so a list fetched right after a save already shows it. Past the bound it answers with what it has
 * and says so in X-Read-Model-Stale.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers[WAIT_FOR_POSITION_HEADER];
    if (request.method !== 'GET' || header === undefined) return next.handle();
    const position = Number(header);
    if (!Number.isSafeInteger(position) || position < 0) {
      throw new FieldValidationException({ [WAIT_FOR_POSITION_HEADER]: ['must be a non-negative integer'] });
    }
    return from(this.projections.waitForPosition(position, this.config.readYourWritesTimeoutMs)).pipe(
      switchMap((reached) => {
        if (!reached) context.switchToHttp().getResponse<Response>().setHeader('X-Read-Model-Stale', 'true');
        return next.handle();
      }),
    );
  }
}

/** Sets the position header outside a command route's answer (e.g. a refusal that still recorded an event). */
export function exposeEventPosition(response: Response, position: number): void {
  response.setHeader(EVENT_POSITION_HEADER, String(position));
}
