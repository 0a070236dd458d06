import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { CsvRecords } from './csv-answer';
import type { ListRequest } from './simple-rest-list';

/** Response header on every command: the global position its events reached (clients echo it as X-Wait-For-Position). */
export const EVENT_POSITION_HEADER = 'X-Event-Position';

/** A command's answer: the body, plus the event position the interceptor puts in X-Event-Position. */
export class CommandAnswer<TBody> {
  constructor(
    readonly position: number,
    readonly body: TBody,
    readonly readModelStale = false,
  ) {}
}

/**
 * What a command route returns: `return answerCommand(result, { id: result.id, ... })`. readModelStale: the body was
 * built from the aggregate because the read model did not catch up in time (answered as X-Read-Model-Stale).
 */
export const answerCommand = <TBody>(
  result: { readonly position: number },
  body: TBody,
  options: { readonly readModelStale?: boolean } = {},
): CommandAnswer<TBody> => new CommandAnswer(result.position, body, options.readModelStale ?? false);

/** One page of an ra-data-simple-rest list; the interceptor answers the rows and the total in Content-Range. */
export class ListPage<TRow> {
  constructor(
    readonly resource: string,
    readonly skip: number,
    readonly rows: TRow[],
    readonly total: number,
  ) {}

  static of<TRow>(resource: string, list: Pick<ListRequest, 'skip'>, page: { rows: TRow[]; total: number }): ListPage<TRow> {
    return new ListPage(resource, list.skip, page.rows, page.total);
  }

  /** The same page with fewer rows (an API user's record limit); the total stays the list's. */
  withRows(rows: TRow[]): ListPage<TRow> {
    return new ListPage(this.resource, this.skip, rows, this.total);
  }
}

/**
 * Turns what controllers return into HTTP: a CommandAnswer sets X-Event-Position and answers its body, a ListPage
 * sets Content-Range and answers its rows, CsvRecords answer their text. Controllers therefore never take the
 * response object (but to name a download).
 */
@Injectable()
export class HttpAnswerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(map((value: unknown) => writeAnswer(response, value)));
  }
}

function writeAnswer(response: Response, value: unknown): unknown {
  if (value instanceof CommandAnswer) {
    response.setHeader(EVENT_POSITION_HEADER, String(value.position));
    if (value.readModelStale) response.setHeader('X-Read-Model-Stale', 'true');
    return value.body;
  }
  if (value instanceof ListPage) {
    const last = value.rows.length ? value.skip + value.rows.length - 1 : value.skip;
    response.setHeader('Content-Range', `${value.resource} ${value.skip}-${last}/${value.total}`);
    response.setHeader('Access-Control-Expose-Headers', `Content-Range, ${EVENT_POSITION_HEADER}`);
    return value.rows;
  }
  if (value instanceof CsvRecords) return value.text();
  return value;
}

/**
 * The headers of a file handed over as a download: its type, an attachment name (callers build names without PIDs
 * or children's names), and no caching anywhere (children's data must not stay in shared caches).
 */
export function setDownloadHeaders(response: Response, contentType: string | null, fileName: string): void {
  if (contentType) response.setHeader('Content-Type', contentType);
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.setHeader('Cache-Control', 'private, no-store');
}
