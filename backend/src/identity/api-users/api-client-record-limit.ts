import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { CsvRecords } from '../../platform/http/csv-answer';
import { ListPage } from '../../platform/http/http-answers';
import { FieldValidationException } from '../../platform/http/validation';
import type { AuthenticatedUser } from '../authentication/authenticated-user';

const RECORD_LISTS_KEY = 'cans:record-lists';

/**
 * Names the properties of an object answer that are lists of records (e.g. `familyCaregivers`), so an API
 * client's maxRecords caps them too. An answer that is itself an array is always a list and needs no marking.
 */
export const RecordLists = (...properties: string[]) => SetMetadata(RECORD_LISTS_KEY, properties);

/** Who is asking, as far as the record limit cares: people (and principals without a limit) have none. */
type Principal = { readonly kind: string } & Partial<Pick<AuthenticatedUser, 'maxRecords'>>;

/** The most records `principal` may get in one answer; null: no limit (a person). */
export const recordLimitOf = (principal: Principal | undefined): number | null =>
  principal?.kind === 'api-client' ? (principal.maxRecords ?? null) : null;

export const recordLimitMessage = (asked: number, maxRecords: number): string =>
  `asks for ${asked} records, more than the ${maxRecords} this API user may fetch in one request; choose fewer`;

/**
 * For answers whose records the caller names up front (One Child Many CANS: `assessments=a,b,c`): asking for more
 * than the API client's maxRecords is a 400 on that field, before anything is read — cutting such an answer would
 * silently report on other assessments than the ones asked for.
 */
export function assertWithinRecordLimit(principal: Principal | undefined, asked: number, field: string): void {
  const limit = recordLimitOf(principal);
  if (limit !== null && asked > limit) throw new FieldValidationException({ [field]: [recordLimitMessage(asked, limit)] });
}

const CONTENT_RANGE = /^(\S+) (\d+)-(\d+)\/(\d+|\*)$/;

/** How many rows of a page starting at `first` fit within the first maxRecords records of the list. */
const roomFrom = (first: number, maxRecords: number): number => Math.max(0, maxRecords - first);

/**
 * The rows of a list page the caller is served: for an API client those within the first maxRecords records of the
 * list, for a person all. The interceptor cuts with it; a route recording what it served (a read of children's
 * records) records these.
 */
export function servedRows<T>(principal: Principal | undefined, page: ListPage<T>): T[] {
  const limit = recordLimitOf(principal);
  return limit === null ? page.rows : page.rows.slice(0, roomFrom(page.skip, limit));
}

/**
 * Enforces an API user's maxRecords on every answer of every route, in one place. A list answers at most the
 * first maxRecords records of its order, across pages too: a page's rows beyond position maxRecords are cut (a
 * range starting at or past maxRecords answers none), so paging cannot add up to more than one answer may hold.
 * Content-Range stays truthful (`assessments 1-2/20`: these rows, of the list's real total); a client that needs
 * other records narrows its filter. The lists named by @RecordLists, plain array answers and CSV downloads of
 * records (CsvRecords) are cut to maxRecords the same way. People (maxRecords null) are not limited here.
 * Answers built from records the caller names (assertWithinRecordLimit) refuse instead of cutting.
 */
@Injectable()
export class ApiClientRecordLimitInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    const maxRecords = recordLimitOf(request.user);
    if (maxRecords === null) return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const recordLists =
      this.reflector.getAllAndOverride<string[] | undefined>(RECORD_LISTS_KEY, [context.getHandler(), context.getClass()]) ?? [];
    return next.handle().pipe(map((body: unknown) => capRecords(body, maxRecords, recordLists, response)));
  }
}

function capRecords(body: unknown, maxRecords: number, recordLists: string[], response: Response): unknown {
  // A list page not yet written to the response (HttpAnswerInterceptor runs after this one): cap its rows.
  if (body instanceof ListPage) {
    const served = servedRows({ kind: 'api-client', maxRecords }, body);
    return served.length === body.rows.length ? body : body.withRows(served);
  }
  if (body instanceof CsvRecords) {
    if (body.rows.length <= maxRecords) return body;
    response.setHeader('Content-Range', `${body.resource} 0-${maxRecords - 1}/${body.rows.length}`);
    return body.withRows(body.rows.slice(0, maxRecords));
  }
  if (Array.isArray(body)) return capArray(body, maxRecords, response);
  if (body === null || typeof body !== 'object' || recordLists.length === 0) return body;
  const capped: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const property of recordLists) {
    const list = capped[property];
    if (Array.isArray(list) && list.length > maxRecords) capped[property] = list.slice(0, maxRecords);
  }
  return capped;
}

/** An array answer; with a Content-Range already set (`resource first-last/total`), the same rule as a ListPage. */
function capArray(body: unknown[], maxRecords: number, response: Response): unknown[] {
  const header = response.getHeader('Content-Range');
  const range = typeof header === 'string' ? CONTENT_RANGE.exec(header) : null;
  const first = range ? Number(range[2]) : 0;
  const room = roomFrom(first, maxRecords);
  if (body.length <= room) return body;
  if (range) response.setHeader('Content-Range', `${range[1]} ${first}-${first + Math.max(room, 1) - 1}/${range[4]}`);
  return body.slice(0, room);
}
