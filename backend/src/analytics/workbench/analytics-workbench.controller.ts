import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { PreviewProjectionDto, ProjectionPreviewView, WorkbenchView } from './analytics-workbench.dto';
import { AnalyticsWorkbenchService, workbenchView } from './analytics-workbench.service';

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
}
