import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { ListRules, parseListQuery, SimpleRestListQuery } from './simple-rest-list';

/**
 * A GET list route of ra-data-simple-rest: documents ?sort, ?range and ?filter. Pair with @ListParams(rules) and
 * return ListPage.of(resource, list, page).
 */
export function ListRoute(summary: string, examples: { sort: string; filter: string }): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary: `${summary} (ra-data-simple-rest: sort, range, filter; total in Content-Range)` }),
    ApiQuery({ name: 'sort', required: false, example: examples.sort }),
    ApiQuery({ name: 'range', required: false, example: '[0,19]' }),
    ApiQuery({ name: 'filter', required: false, example: examples.filter }),
  );
}

/** The parsed and checked list parameters (a malformed one is a 400 naming it). */
export const ListParams = createParamDecorator((rules: ListRules, context: ExecutionContext) => {
  const query = context.switchToHttp().getRequest<Request>().query as SimpleRestListQuery;
  return parseListQuery(
    { sort: textOrUndefined(query.sort), range: textOrUndefined(query.range), filter: textOrUndefined(query.filter) },
    rules,
  );
});

// A repeated parameter (?sort=a&sort=b) arrives as an array: treated as malformed text, hence a 400, not a crash.
const textOrUndefined = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
