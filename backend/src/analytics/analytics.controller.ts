import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { RequirePrivileges } from '../identity/access/access.decorators';
import { CsvRecords } from '../platform/http/csv-answer';
import { ListPage, setDownloadHeaders } from '../platform/http/http-answers';
import { ListRoute } from '../platform/http/list-route';
import { AnalyticsProjectionView, AnalyticsRowView } from './analytics.dto';
import { AnalyticsCatalogueQuery, AnalyticsCsvQuery, AnalyticsPageQuery, ServedAnalyticsProjectionQuery } from './analytics.queries';
import {
  ANALYTICS_MAX_PAGE_SIZE,
  analyticsCsvFileName,
  AnalyticsQuery,
  analyticsTarget,
  BAD_UNTIL,
  NO_REPLAY,
  UNKNOWN_COLLECTION,
  UNKNOWN_PROJECTION,
} from './analytics-request';

const UNTIL = {
  name: 'until',
  required: false,
  example: '2026-03-31',
  description:
    'Read the collection as an administrator replayed it until that day (yyyy-MM-dd, its end in UTC) or ISO date-time (the ' +
    "catalogue's replays); empty: the live collection",
} as const;
const BAD_READ = `errors.sort / range / filter: malformed, or a field the collection does not declare; errors.until: "${BAD_UNTIL}" or "${NO_REPLAY}"`;
const NOT_FOUND = `"${UNKNOWN_PROJECTION}" or "${UNKNOWN_COLLECTION}"`;

/**
 * The analysts' projections (projections/src/analytics/, and those published from the browser), read-only: the catalogue, one page of a published
 * collection (ra-data-simple-rest), the whole of one as CSV; live, or as replayed until a past date. The figures are
 * state-wide aggregates with no child in them (state collections are never served; counts below the minimum cell size
 * are suppressed, analytics-small-cells.ts), so Report_Assessment is the whole rule — there is no row to check
 * access to (docs/permissions.md).
 */
@ApiTags('Analytics')
@ApiCookieAuth()
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  private served(name: string) {
    return this.queries.execute(new ServedAnalyticsProjectionQuery(name));
  }

  @Get()
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'The analytics projections: name, label, version, description, published collections with their labelled fields, replays',
  })
  @ApiOkResponse({ type: [AnalyticsProjectionView] })
  catalogue() {
    return this.queries.execute(new AnalyticsCatalogueQuery());
  }

  // Before the list route: `x.csv` would otherwise be taken for a collection name.
  @Get(':projection/:collection.csv')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'A published analytics collection as CSV (declared fields as columns; sort and filter as the list)' })
  @ApiQuery({ name: 'sort', required: false, example: '["id","ASC"]' })
  @ApiQuery({ name: 'filter', required: false, example: '{}' })
  @ApiQuery(UNTIL)
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'text/csv attachment cans-analytics-<projection>-<collection>[-until-<date>].csv; small counts and the figures derived ' +
      'from them read "< 5"; an API client gets at most maxRecords rows (Content-Range then says of how many)',
  })
  @ApiBadRequestResponse({ description: BAD_READ })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async csv(
    @Param('projection') projection: string,
    @Param('collection') collection: string,
    @Query() query: AnalyticsQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CsvRecords> {
    const target = analyticsTarget(await this.served(projection), collection, { ...query, range: undefined });
    const csv: CsvRecords = await this.queries.execute(new AnalyticsCsvQuery(target));
    setDownloadHeaders(response, 'text/csv; charset=utf-8', analyticsCsvFileName(target));
    return csv;
  }

  @Get(':projection/:collection')
  @RequirePrivileges('Report_Assessment')
  @ListRoute(
    'One page of a published analytics collection',
    { sort: '["id","ASC"]', filter: '{}' },
    { maxPageSize: ANALYTICS_MAX_PAGE_SIZE },
  )
  @ApiQuery(UNTIL)
  @ApiOkResponse({
    type: [AnalyticsRowView],
    description:
      'The documents of the page: their fields as the catalogue declares them, plus suppressedFields (the small counts and ' +
      'the figures derived from them, answered null) and names (the current names of item codes and agency ids)',
  })
  @ApiBadRequestResponse({ description: BAD_READ })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async list(@Param('projection') projection: string, @Param('collection') collection: string, @Query() query: AnalyticsQuery) {
    const target = analyticsTarget(await this.served(projection), collection, query);
    // Content-Range names the collection: a range unit is one token (no slash).
    return ListPage.of(target.collection.name, target.list, await this.queries.execute(new AnalyticsPageQuery(target)));
  }
}
