import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { ListPage } from '../../platform/http/http-answers';
import type { AuthenticatedUser } from '../authentication/authenticated-user';

const RECORD_LISTS_KEY = 'cans:record-lists';

/**
 * Names the properties of an object answer that are lists of records (e.g. `familyCaregivers`), so an API
 * client's maxRecords caps them too. An answer that is itself an array is always a list and needs no marking.
 */
export const RecordLists = (...properties: string[]) => SetMetadata(RECORD_LISTS_KEY, properties);

const CONTENT_RANGE = /^(\S+) (\d+)-(\d+)\/(\d+|\*)$/;

/**
 * Enforces an API user's maxRecords (the most records one request may return) on every answer of every route,
 * in one place: an array answer keeps its first maxRecords rows and its Content-Range is narrowed to the rows
 * sent (`assessments 0-2/20`: the total stays true, so a client pages on with the next range); the lists named
 * by @RecordLists are cut the same way. People (maxRecords null) are not limited here.
 */
@Injectable()
export class ApiClientRecordLimitInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    const maxRecords = request.user?.kind === 'api-client' ? request.user.maxRecords : null;
    if (maxRecords === null || maxRecords === undefined) return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const recordLists =
      this.reflector.getAllAndOverride<string[] | undefined>(RECORD_LISTS_KEY, [context.getHandler(), context.getClass()]) ?? [];
    return next.handle().pipe(map((body: unknown) => capRecords(body, maxRecords, recordLists, response)));
  }
}

function capRecords(body: unknown, maxRecords: number, recordLists: string[], response: Response): unknown {
  // A list page not yet written to the response (HttpAnswerInterceptor runs after this one): cap its rows.
  if (body instanceof ListPage) return body.rows.length <= maxRecords ? body : body.withRows(body.rows.slice(0, maxRecords));
  if (Array.isArray(body)) {
    if (body.length <= maxRecords) return body;
    narrowContentRange(response, maxRecords);
    return body.slice(0, maxRecords);
  }
  if (body === null || typeof body !== 'object' || recordLists.length === 0) return body;
  const capped: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const property of recordLists) {
    const list = capped[property];
    if (Array.isArray(list) && list.length > maxRecords) capped[property] = list.slice(0, maxRecords);
  }
  return capped;
}

/** `resource first-last/total` → `resource first-(first+kept-1)/total`. */
function narrowContentRange(response: Response, kept: number): void {
  const header = response.getHeader('Content-Range');
  const match = typeof header === 'string' ? CONTENT_RANGE.exec(header) : null;
  if (!match) return;
  const first = Number(match[2]);
  response.setHeader('Content-Range', `${match[1]} ${first}-${first + kept - 1}/${match[4]}`);
}
