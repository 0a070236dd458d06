import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { from, mergeMap, Observable } from 'rxjs';
import type { AppConfig } from '../config/app-config';
import { CommandAnswer } from '../http/http-answers';
import { APP_CONFIG } from '../storage/storage-tokens';
import { ProjectionRunnerService } from './projection-runner.service';

/**
 * How far (in events) the live projections may trail a command's own event before its answer waits for them. Below
 * it (every load short of the machine's ceiling) nothing waits; at 400 saves a second it is about a quarter second.
 */
export const MAX_PROJECTION_BACKLOG_EVENTS = 100;

/**
 * Backpressure: a command that has committed answers only once the live projections are within
 * MAX_PROJECTION_BACKLOG_EVENTS of its event (or after the read-your-writes bound; the write is never refused or
 * undone for it). Under more writes than the projections can follow, the answers slow down instead of every user's
 * lists and counts falling ever further behind (issue 32: the projections' lag stays under a second at the ceiling).
 */
@Injectable()
export class ProjectionBackpressureInterceptor implements NestInterceptor {
  constructor(
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        mergeMap((value: unknown) =>
          value instanceof CommandAnswer && value.position > 0
            ? from(
                this.projections
                  .keepUpWith(value.position, MAX_PROJECTION_BACKLOG_EVENTS, this.config.readYourWritesTimeoutMs)
                  .then(() => value),
              )
            : [value],
        ),
      );
  }
}
