import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { DEFAULT_MAX_PAGE_SIZE, ListRules, parseListQuery, SimpleRestListQuery } from './simple-rest-list';

/** The `range` parameter's description, with the page limit the route enforces (checked against docs/api.md). */
export const rangeDescription = (maxPageSize: number = DEFAULT_MAX_PAGE_SIZE): string =>
  `First and last row, zero-based ([0,19]); at most ${maxPageSize} rows a page`;

/**
 * A GET list route of ra-data-simple-rest: documents ?sort, ?range (with the rules' page limit) and ?filter. Pair
 * with @ListParams(rules), the same rules, and return ListPage.of(resource, list, page).
 */
export function ListRoute(
  summary: string,
  examples: { sort: string; filter: string },
  rules: Pick<ListRules, 'maxPageSize'>,
): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary: `${summary} (ra-data-simple-rest: sort, range, filter; total in Content-Range)` }),
    ApiQuery({ name: 'sort', required: false, example: examples.sort }),
    ApiQuery({ name: 'range', required: false, example: '[0,19]', description: rangeDescription(rules.maxPageSize) }),
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
