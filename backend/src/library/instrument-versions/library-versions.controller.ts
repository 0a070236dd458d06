import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequirePrivileges } from '../../identity/access/access.decorators';
import { NotFoundError } from '@cans/domain/domain-errors';
import { fieldRefusal } from '@cans/domain/library/library-messages';
import { ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { INSTRUMENT_READERS } from '../library.privileges';
import type { LibraryInstrument } from '@cans/domain/library/library-instrument';
import { LibraryStateService } from '../library-stream/library-state.service';
import { LibraryEvaluation, LibraryEvaluationService } from './library-evaluation.service';
import { EvaluateLibraryDto, LibraryEvaluationView, LibraryVersionSummaryView, LibraryVersionView } from './library-version.dto';
import { libraryVersionListRules, ListLibraryVersionsQuery } from './library-version.queries';

function parseVersion(text: string): number {
  const version = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(version) || version < 1) {
    throw fieldRefusal({ version: ['version must be a whole number of at least 1, or "current".'] });
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
  @ListRoute(
    'Version history: one row per change, newest first',
    { sort: '["version","DESC"]', filter: '{"itemId":"…"}' },
    libraryVersionListRules,
  )
  @ApiOkResponse({ type: [LibraryVersionSummaryView] })
  async list(@ListParams(libraryVersionListRules) list: ListRequest) {
    return ListPage.of('library/versions', list, await this.queries.execute(new ListLibraryVersionsQuery(list)));
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
  // A version never changes once written.
  @Header('Cache-Control', 'private, max-age=86400, immutable')
  async version(@Param('version') versionText: string): Promise<LibraryInstrument> {
    const version = parseVersion(versionText);
    const library = await this.library.instrumentAt(version);
    if (!library) throw new NotFoundError(`Library version ${version} does not exist.`);
    return library;
  }

  @Post('evaluate')
  @HttpCode(200)
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOperation({
    summary: 'Which modules and questions an assessment shows for its answers (question rules, visibility, age), on a library version',
  })
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
