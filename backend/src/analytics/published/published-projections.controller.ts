import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { NotFoundError } from '@cans/domain/domain-errors';
import { NOT_PUBLISHED } from '@cans/domain/analytics/published-projection.decider';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { answerCommand } from '../../platform/http/http-answers';
import { ReadAfterWrite } from '../../platform/projections/read-after-write';
import { PUBLISHED_NAME, PublishedProjectionDetailView, PublishedProjectionView, PublishProjectionDto } from './published-projections.dto';
import { NAME_TAKEN, PublishedProjectionsService, TOO_MANY_PUBLISHED, UNKNOWN_PUBLISHED } from './published-projections.service';

/** A path's name that no projection can have is a projection that does not exist. */
const knownShape = (name: string) => {
  if (!PUBLISHED_NAME.test(name)) throw new NotFoundError(UNKNOWN_PUBLISHED);
  return name;
};

/**
 * Analysts' projections published from the browser (issue 30 item 5), Analytics_Author only: publish a version
 * (recorded as an event with its code; the System Log shows it), follow its build, unpublish. Their figures are read
 * like every analytics projection's, through /api/analytics (Report_Assessment), under the same small cells.
 */
@ApiTags('Analytics')
@ApiCookieAuth()
@Controller('analytics-workbench/projections')
export class PublishedProjectionsController {
  constructor(
    private readonly published: PublishedProjectionsService,
    private readonly readAfterWrite: ReadAfterWrite,
  ) {}

  @Get()
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({ summary: 'Every projection analysts have published, with where its build is' })
  @ApiOkResponse({ type: [PublishedProjectionView] })
  list(@Auth() { user }: RequestAuth): Promise<PublishedProjectionView[]> {
    return this.published.list(user.id);
  }

  @Get(':name')
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({ summary: 'One published projection: its code, and its build’s progress (events done of total, events/s, time left)' })
  @ApiOkResponse({ type: PublishedProjectionDetailView })
  @ApiNotFoundResponse({ description: `"${UNKNOWN_PUBLISHED}"` })
  get(@Param('name') name: string, @Auth() { user }: RequestAuth): Promise<PublishedProjectionDetailView> {
    return this.published.get(knownShape(name), user.id);
  }

  @Post()
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({
    summary: 'Publish a projection (its next version when the name was published before)',
    description:
      'The code is first run over the first events of the analyst’s view, as a preview; then the version is recorded and the ' +
      'app builds it from event zero while the previous version (if any) stays served. Publishing the same code, label and ' +
      'description again records nothing (200).',
  })
  @ApiCreatedResponse({ type: PublishedProjectionView, description: 'Published; follow its build with GET' })
  @ApiOkResponse({ type: PublishedProjectionView, description: 'Already published as it is: nothing recorded' })
  @ApiBadRequestResponse({
    description: `errors.name / label / description / code; errors.name: "${NAME_TAKEN}"; errors.code with \`sandbox\` when the code fails its preview`,
  })
  @ApiConflictResponse({ description: `"${TOO_MANY_PUBLISHED}"` })
  async publish(@Body() body: PublishProjectionDto, @Auth() { user, actor }: RequestAuth, @Res({ passthrough: true }) response: Response) {
    const outcome = await this.published.publish(body, user.id, actor);
    if (!outcome.changed) response.status(200);
    await this.readAfterWrite.reached(outcome.position);
    return answerCommand(outcome, await this.published.get(body.name, user.id));
  }

  @Delete(':name')
  @HttpCode(200)
  @RequirePrivileges('Analytics_Author')
  @ApiOperation({ summary: 'Unpublish a projection: no longer built nor served; its rows and replays are dropped (its events stay)' })
  @ApiOkResponse({ description: '{ name }' })
  @ApiNotFoundResponse({ description: `"${UNKNOWN_PUBLISHED}"` })
  @ApiConflictResponse({ description: `"${NOT_PUBLISHED}"` })
  async unpublish(@Param('name') name: string, @Auth() { user, actor }: RequestAuth) {
    return answerCommand(await this.published.unpublish(knownShape(name), user.id, actor), { name });
  }
}
