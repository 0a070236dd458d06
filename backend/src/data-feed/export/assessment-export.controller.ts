import { setDownloadHeaders } from '../../platform/http/http-answers';
import { Body, Controller, Get, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { AdmitApiClients, Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { AssessmentExportService, XLSX_CONTENT_TYPE } from './assessment-export.service';
import { ExportMailDto, ExportRangeDto } from './export.dto';
import { ApiHeavyWorkResponses } from '../../platform/heavy-work/heavy-work-responses';

const BAD_RANGE = 'a date missing or not yyyy-MM-dd, or from after to (errors.from / errors.to)';
const NO_FILE = `${BAD_RANGE}; or the range holds no approved assessment ('There are no assessments to export.'), more than 5000 ('The file cannot be generated as there are more than 5000 assessments, please narrow the date range.') or, for an API user, more than its maxRecords`;

/** Export of approved assessments (spec 002 §2 Library screen, §4, §7 assessmentExcel/*); docs/data-feed.md. */
@ApiTags('Data feed')
@ApiCookieAuth()
@Controller('data-feed/export')
export class AssessmentExportController {
  constructor(private readonly exports: AssessmentExportService) {}

  @Get('count')
  @RequirePrivileges('DATA_FEED_SHOW')
  @AdmitApiClients()
  @ApiOperation({
    summary:
      'How many approved assessments have their date of assessment in [from, to], and the most one file may hold for the caller (the UI asks first). DATA_FEED_SHOW or an API user',
  })
  @ApiOkResponse({ description: '{ from, to, count, limit }' })
  @ApiBadRequestResponse({ description: BAD_RANGE })
  count(@Query() range: ExportRangeDto, @Auth() { user }: RequestAuth) {
    return this.exports.count(range, user);
  }

  @Get('download')
  @ApiHeavyWorkResponses()
  @RequirePrivileges('DATA_FEED_SHOW')
  @AdmitApiClients()
  @ApiOperation({
    summary:
      'The XLSX of the approved assessments whose date of assessment is in [from, to]: one sheet per feed table and the data dictionary; streamed; recorded in the System Log. DATA_FEED_SHOW or an API user (capped by maxRecords)',
  })
  @ApiProduces(XLSX_CONTENT_TYPE)
  @ApiOkResponse({ description: `${XLSX_CONTENT_TYPE}, attachment cans-approved-assessments-<from>-to-<to>.xlsx` })
  @ApiBadRequestResponse({ description: NO_FILE })
  async download(@Query() range: ExportRangeDto, @Auth() { user, actor }: RequestAuth, @Res({ passthrough: true }) response: Response) {
    const { fileName, assessmentCount, stream } = await this.exports.download(range, user, actor);
    setDownloadHeaders(response, null, fileName);
    response.setHeader('X-Assessment-Count', String(assessmentCount));
    return new StreamableFile(stream, { type: XLSX_CONTENT_TYPE });
  }

  @Post('mail')
  @ApiHeavyWorkResponses()
  @HttpCode(200)
  @RequirePrivileges('DATA_FEED_SHOW')
  @ApiOperation({
    summary:
      'Mails the same XLSX to an address as an attachment, through the configured mail server; recorded in the System Log. DATA_FEED_SHOW (not API users)',
  })
  @ApiOkResponse({ description: '{ assessmentCount, email }' })
  @ApiBadRequestResponse({ description: `${NO_FILE}; or email missing or not an address (errors.email)` })
  @ApiBadGatewayResponse({ description: 'the mail server refused the mail' })
  mail(@Body() { from, to, email }: ExportMailDto, @Auth() { user, actor }: RequestAuth) {
    return this.exports.mail({ from, to }, email, user, actor);
  }
}
