import { Body, Controller, Get, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { setDownloadHeaders } from '../../platform/http/http-answers';
import { AnalystEventsRangeDto, PreviewProjectionDto, ProjectionPreviewView, WorkbenchView } from './analytics-workbench.dto';
import { AnalyticsWorkbenchService, workbenchView } from './analytics-workbench.service';

/** Parquet's media type (IANA, 2024). */
const PARQUET = 'application/vnd.apache.parquet';
const BAD_RANGE = 'errors.from / errors.to: a day yyyy-MM-dd is missing or invalid, or the last is before the first';

/**
 * The analysts' workbench (issue 30): projections written in the browser and run in a sandbox over the analyst's
 * view of the events. Analytics_Author only: an author reads the pseudonymised, row-level view (no name, PID, address
 * or free text), which is more than the published aggregates Report_Assessment reads (docs/security.md).
 */
@ApiTags('Analytics')
@ApiCookieAuth()
@Controller('analytics-workbench')
export class AnalyticsWorkbenchController {
  constructor(private readonly workbench: AnalyticsWorkbenchService) {}

  @Get()
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({ summary: 'The analyst’s view of the events (types and fields), the templates and the sandbox’s limits' })
  @ApiOkResponse({ type: WorkbenchView })
  view(): WorkbenchView {
    return workbenchView();
  }

  @Post('previews')
  @HttpCode(200)
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({
    summary: 'Runs a projection in the sandbox over the first events of the analyst’s view and answers its rows (nothing is recorded)',
  })
  @ApiOkResponse({ type: ProjectionPreviewView })
  @ApiBadRequestResponse({
    description:
      'errors.code: what is wrong with the code (syntax, a thrown error, too long, too much memory, rows that do not match the ' +
      'declared collections), with `sandbox: { failure, line, column, event }`',
  })
  @ApiTooManyRequestsResponse({ description: 'The caller already has heavy jobs running (Retry-After)' })
  @ApiServiceUnavailableResponse({ description: 'Every worker is busy (Retry-After)' })
  preview(@Body() body: PreviewProjectionDto, @Auth() { user }: RequestAuth): Promise<ProjectionPreviewView> {
    return this.workbench.preview(user.id, body.code, body.events);
  }

  @Get('events.csv')
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({
    summary:
      'The analyst’s view of the events recorded in a range of days (UTC), as CSV for R, Python or DuckDB; recorded in the data feeds’ log first',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'text/csv attachment cans-analyst-events-<from>-to-<to>.csv: one row per event, one column per field of the view',
  })
  @ApiBadRequestResponse({ description: BAD_RANGE })
  @ApiTooManyRequestsResponse({ description: 'The caller already has heavy jobs running (Retry-After)' })
  @ApiServiceUnavailableResponse({ description: 'Every worker is busy (Retry-After)' })
  eventsCsv(@Query() range: AnalystEventsRangeDto, @Auth() auth: RequestAuth, @Res({ passthrough: true }) response: Response) {
    return this.exportEvents(range, auth, response, 'csv');
  }

  @Get('events.parquet')
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({
    summary:
      'The same view as Parquet (typed columns: numbers as DOUBLE, the rest as UTF-8; row groups of 10,000 events); recorded in the data feeds’ log first',
  })
  @ApiProduces(PARQUET)
  @ApiOkResponse({ description: `${PARQUET} attachment cans-analyst-events-<from>-to-<to>.parquet: the CSV's rows and columns` })
  @ApiBadRequestResponse({ description: BAD_RANGE })
  @ApiTooManyRequestsResponse({ description: 'The caller already has heavy jobs running (Retry-After)' })
  @ApiServiceUnavailableResponse({ description: 'Every worker is busy (Retry-After)' })
  eventsParquet(@Query() range: AnalystEventsRangeDto, @Auth() auth: RequestAuth, @Res({ passthrough: true }) response: Response) {
    return this.exportEvents(range, auth, response, 'parquet');
  }

  private async exportEvents(range: AnalystEventsRangeDto, { user, actor }: RequestAuth, response: Response, format: 'csv' | 'parquet') {
    const { fileName, stream } = await this.workbench.exportEvents(user.id, actor, range.from, range.to, format);
    setDownloadHeaders(response, null, fileName);
    return new StreamableFile(stream, { type: format === 'csv' ? 'text/csv; charset=utf-8' : PARQUET });
  }
}
