import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { answerCommand } from '../../platform/http/http-answers';
import { SaveReportQueryRequest } from './saved-report-query.commands';
import { pdfPathOf, printPathOf, SavedReportQueryLinks, SaveReportQueryDto, validatedReportQuery } from './saved-report-query.dto';
import { SavedReportQueryService } from './saved-report-query.service';

/**
 * Saved report queries: a report's parameters under a short stable id, the address of its print view and PDF
 * (docs/api.md "Reports"). Anyone who may run reports may open one; its figures use the viewer's row access.
 */
@ApiTags('Reports')
@ApiCookieAuth()
@Controller('reports/saved-queries')
export class SavedReportQueriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly savedQueries: SavedReportQueryService,
  ) {}

  @Post()
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary:
      'Save a report query (the report GET route’s parameters, and the comparison’s for Many Children One CANS): answers its stable id, print path and PDF path; the same query always has the same id',
  })
  @ApiCreatedResponse({ description: '{ id, report, printPath, pdfPath }' })
  async save(@Body() body: SaveReportQueryDto, @Auth() { user, actor }: RequestAuth) {
    const content = await validatedReportQuery(body);
    const result: CommandResult = await this.commands.execute(new SaveReportQueryRequest(actor, user.id, content));
    return answerCommand(result, {
      id: result.id,
      report: content.report,
      printPath: printPathOf(result.id),
      pdfPath: pdfPathOf(result.id),
    } satisfies SavedReportQueryLinks);
  }

  @Get(':id')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'A saved report query: { id, report, query, comparison, savedAt }; 404 when unknown' })
  @ApiOkResponse({ description: '{ id, report, query, comparison, savedAt }' })
  async get(@Param('id') id: string) {
    const { report, query, comparison, savedAt } = await this.savedQueries.get(id);
    return { id, report, query, comparison, savedAt };
  }
}
