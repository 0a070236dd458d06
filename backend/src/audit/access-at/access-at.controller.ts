import { Controller, Get, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { AccessAtQueryDto, AccessAtView, parseMoment } from './access-at.dto';
import { AccessAtService } from './access-at.service';

const uuid = new ParseUUIDPipe();

/** Audit: who could see an assessment at a past moment (the History page). Reads only; writes nothing. */
@ApiTags('Audit')
@ApiCookieAuth()
@Controller('assessments')
export class AccessAtController {
  constructor(private readonly service: AccessAtService) {}

  @Get(':id/access-at')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({
    summary:
      'Who could see this assessment at a moment: owner, shares, supervisor tree, groups and their privileges, temporary access, ' +
      'all as they stood then, judged by the row-access policy. Visible to whoever may view the assessment (404 otherwise)',
  })
  @ApiOkResponse({ type: AccessAtView })
  @ApiBadRequestResponse({ description: 'A missing or invalid `at`, one in the future, or one before the assessment existed (errors.at)' })
  @ApiNotFoundResponse({ description: 'No such assessment, deleted, or not visible to the caller' })
  accessAt(@IdParam('id', uuid) id: string, @Query() query: AccessAtQueryDto, @Auth() { user }: RequestAuth): Promise<AccessAtView> {
    // The DTO has validated `at`, so it parses.
    return this.service.accessAt(user, id, parseMoment(query.at)!);
  }
}
