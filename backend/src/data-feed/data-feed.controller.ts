import { setDownloadHeaders } from '../platform/http/http-answers';
import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, RequestAuth, RequirePrivileges } from '../identity/access/access.decorators';
import { FeedMonthDto } from './monthly-feed.dto';
import { MONTH_NOT_PAST, MonthlyFeedService } from './monthly-feed.service';
import { ApiHeavyWorkResponses } from '../platform/heavy-work/heavy-work-responses';

const BAD_MONTH = `year or month invalid, or the month is not past (errors.month: "${MONTH_NOT_PAST}")`;

/** The monthly data feed (spec 002 §2 "Data Feed (monthly download)", §7 downloadZipCsvCount / downloadZipCsv); docs/data-feed.md. */
@ApiTags('Data feed')
@ApiCookieAuth()
@Controller('data-feed/monthly')
export class DataFeedController {
  constructor(private readonly feed: MonthlyFeedService) {}

  @Get('count')
  @RequirePrivileges('DATA_FEED_SHOW')
  @ApiOperation({ summary: 'How many approved assessments have their date of assessment in a past month (the download asks first)' })
  @ApiOkResponse({ description: '{ year, month, count }' })
  @ApiBadRequestResponse({ description: BAD_MONTH })
  async count(@Query() { year, month }: FeedMonthDto) {
    return { year, month, count: await this.feed.count(year, month) };
  }

  @Get('download')
  @ApiHeavyWorkResponses()
  @RequirePrivileges('DATA_FEED_SHOW')
  @ApiOperation({
    summary:
      'The zip of a past month’s approved assessments: children, caregivers, ratings, comments, narratives CSVs and the data dictionary; streamed; recorded in the System Log',
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'application/zip, attachment cans-data-feed-yyyy-MM.zip' })
  @ApiBadRequestResponse({ description: BAD_MONTH })
  async download(@Query() { year, month }: FeedMonthDto, @Auth() { actor }: RequestAuth, @Res({ passthrough: true }) response: Response) {
    const { fileName, assessmentCount, stream } = await this.feed.download(year, month, actor);
    setDownloadHeaders(response, null, fileName);
    response.setHeader('X-Assessment-Count', String(assessmentCount));
    return new StreamableFile(stream, { type: 'application/zip' });
  }
}
