import { setDownloadHeaders } from '../../platform/http/http-answers';
import { Controller, Get, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import { HISTORY_KINDS } from '@cans/domain/assessments/history';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { AsOfQueryDto, CompareQueryDto, parseAsOfPoint, parseComparePoints } from './as-of-point';
import { AssessmentAsOfService } from './assessment-as-of.service';
import { AssessmentHistoryService, parseHistoryFilter } from './assessment-history.service';
import { historyCsv, historyCsvFileName } from './history-csv';

/** Assessment ids are UUIDs of any version (as the editor's routes take them). */
const uuid = new ParseUUIDPipe();
const NOT_VISIBLE = 'missing, deleted, or not visible to the caller (row access): the same answer';
const BAD_POINT =
  'errors.revision / errors.at: neither or both given, a revision that is not a whole number or past the last one, an `at` that is not an ISO date-time with zone or before the assessment existed';

export class HistoryQueryDto {
  @ApiPropertyOptional({ description: 'Only the entries of this user (an id of `users`)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  userId?: string;

  @ApiPropertyOptional({
    description: `Only these kinds of change, comma separated: ${HISTORY_KINDS.join(', ')}`,
    example: 'rating,status',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  kind?: string;
}

/**
 * The audit views of one assessment (issue 16): its history (JSON and CSV), the assessment as it was at a past
 * revision or moment, and two points compared. Whoever may open the assessment (Assessment_View and row access) may
 * see them; otherwise 404 as for the editor. The as-of and compare views read the child's record, so they are
 * recorded as reads.
 */
@ApiTags('Assessments')
@ApiCookieAuth()
@Controller('assessments')
export class AssessmentHistoryController {
  constructor(
    private readonly histories: AssessmentHistoryService,
    private readonly asOfViews: AssessmentAsOfService,
    private readonly reads: RecordReadsService,
  ) {}

  @Get(':id/history')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'History: every change with who, when and field-level before → after, and the reads, grouped by session' })
  @ApiOkResponse({ description: 'AssessmentHistory { assessmentId, libraryVersion, lastRevision, sessions, users, kinds }' })
  @ApiBadRequestResponse({ description: "errors.kind: 'Unknown kind of change.'" })
  @ApiNotFoundResponse({ description: NOT_VISIBLE })
  async history(@IdParam('id', uuid) id: string, @Query() query: HistoryQueryDto, @Auth() { user, actor }: RequestAuth) {
    const history = await this.histories.history(user, id, parseHistoryFilter(query));
    this.reads.record(actor, [id], 'history');
    return history;
  }

  @Get(':id/history.csv')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'The history as CSV: one row per field change (Time, User, Group, Kind, Change, Field, Before, After, …)' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv attachment cans-history-<assessmentId>.csv' })
  @ApiBadRequestResponse({ description: "errors.kind: 'Unknown kind of change.'" })
  @ApiNotFoundResponse({ description: NOT_VISIBLE })
  async historyCsv(
    @IdParam('id', uuid) id: string,
    @Query() query: HistoryQueryDto,
    @Auth() { user, actor }: RequestAuth,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const csv = historyCsv(await this.histories.history(user, id, parseHistoryFilter(query)));
    this.reads.record(actor, [id], 'history-csv');
    setDownloadHeaders(response, 'text/csv; charset=utf-8', historyCsvFileName(id));
    return csv;
  }

  @Get(':id/as-of')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({
    summary:
      'The editor view as it was at a revision or a date-time (the library version of that moment), read-only, no actions, with `asOf`',
  })
  @ApiOkResponse({ description: 'AssessmentView & { asOf: { revision, at, libraryVersion } }' })
  @ApiBadRequestResponse({ description: BAD_POINT })
  @ApiNotFoundResponse({ description: NOT_VISIBLE })
  async asOf(@IdParam('id', uuid) id: string, @Query() query: AsOfQueryDto, @Auth() { user, actor }: RequestAuth) {
    const view = await this.asOfViews.asOf(user, id, parseAsOfPoint(query, true));
    this.reads.record(actor, [id], 'as-of');
    return view;
  }

  @Get(':id/compare')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({
    summary: 'Two points side by side: as of `revision` and as of `toRevision` (now when left out), and the changes between',
  })
  @ApiOkResponse({ description: '{ before, after, changes: FieldChange[] }' })
  @ApiBadRequestResponse({
    description: 'errors.revision / errors.toRevision: missing, not a whole number, past the last revision, or toRevision before revision',
  })
  @ApiNotFoundResponse({ description: NOT_VISIBLE })
  async compare(@IdParam('id', uuid) id: string, @Query() query: CompareQueryDto, @Auth() { user, actor }: RequestAuth) {
    const { revision, toRevision } = parseComparePoints(query);
    const comparison = await this.asOfViews.compare(user, id, revision, toRevision);
    this.reads.record(actor, [id], 'compare');
    return comparison;
  }
}
