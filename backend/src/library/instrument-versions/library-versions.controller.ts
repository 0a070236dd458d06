import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequirePrivileges } from '../../identity/access/access.decorators';
import { NotFoundError } from '../../platform/http/domain-errors';
import { parseListQuery, sendListPage, SimpleRestListQuery } from '../../platform/http/simple-rest-list';
import { FieldValidationException } from '../../platform/http/validation';
import { INSTRUMENT_READERS } from '../library.privileges';
import type { LibraryInstrument } from '../library-stream/library-instrument';
import { LibraryStateService } from '../library-stream/library-state.service';
import { LibraryEvaluation, LibraryEvaluationService } from './library-evaluation.service';
import { EvaluateLibraryDto, LibraryEvaluationView, LibraryVersionSummaryView, LibraryVersionView } from './library-version.dto';
import { libraryVersionListRules, ListLibraryVersionsQuery } from './library-version.queries';

function parseVersion(text: string): number {
  const version = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(version) || version < 1) {
    throw new FieldValidationException({ version: ['version must be a whole number of at least 1, or "current".'] });
  }
  return version;
}

/**
 * Library versions. Every change to the library (items or rules) makes a new version: version N is the library
 * after its first N changes (events). An assessment records the version it was started on and keeps rendering
 * with GET /library/versions/{N}; reports compare items across versions by their stable codes.
 */
@ApiTags('Library')
@ApiCookieAuth()
@ApiBearerAuth()
@Controller('library')
export class LibraryVersionsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly library: LibraryStateService,
    private readonly evaluation: LibraryEvaluationService,
  ) {}

  @Get('versions')
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOperation({ summary: 'Version history (ra-data-simple-rest): one row per change, newest first' })
  @ApiQuery({ name: 'sort', required: false, example: '["version","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,19]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"itemId":"…"}' })
  @ApiOkResponse({ type: [LibraryVersionSummaryView] })
  async list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, libraryVersionListRules);
    const { rows, total } = await this.queries.execute(new ListLibraryVersionsQuery(list));
    return sendListPage(response, 'library/versions', list.skip, rows, total);
  }

  @Get('versions/current')
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOperation({ summary: 'The current instrument tree and rules, with its version number (what a new assessment records)' })
  @ApiOkResponse({ type: LibraryVersionView })
  async current(): Promise<LibraryInstrument> {
    return this.library.currentInstrument();
  }

  @Get('versions/:version')
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOperation({ summary: 'The instrument tree and rules exactly as of a version (immutable; cached by the browser and the server)' })
  @ApiParam({ name: 'version', type: Number })
  @ApiOkResponse({ type: LibraryVersionView })
  async version(@Param('version') versionText: string, @Res({ passthrough: true }) response: Response): Promise<LibraryInstrument> {
    const version = parseVersion(versionText);
    const library = await this.library.instrumentAt(version);
    if (!library) throw new NotFoundError(`Library version ${version} does not exist.`);
    // A version never changes once written.
    response.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    return library;
  }

  @Post('evaluate')
  @HttpCode(200)
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOperation({ summary: 'Which modules and questions an assessment shows for its answers (question rules, visibility, age), on a library version' })
  @ApiOkResponse({ type: LibraryEvaluationView })
  evaluate(@Body() body: EvaluateLibraryDto): Promise<LibraryEvaluation> {
    return this.evaluation.evaluate({
      answers: body.answers,
      childAgeYears: body.childAgeYears,
      ...(body.version === undefined ? {} : { version: body.version }),
      ...(body.caregiverCount === undefined ? {} : { caregiverCount: body.caregiverCount }),
    });
  }
}
