import { Body, Controller, Get, HttpCode, Post, Res, Inject } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { NotFoundError } from '@cans/domain/domain-errors';
import { servedAnalyticsProjectionNamed } from '@cans/projections/analytics/analytics.queries';
import { parseReplayMoment } from '@cans/projections/analytics/analytics-replay';
import { getReplayJob, listReplayJobs, requestReplay } from '@cans/projections/analytics/analytics-replay-jobs';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { FieldValidationException } from '../../platform/http/validation';
import { UNKNOWN_PROJECTION } from '../analytics-request';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import {
  REPLAY_QUEUE_FULL,
  REPLAY_USER_BUSY,
  replayJobView,
  replayRefused,
  TOO_MANY_REPLAYS,
  UNKNOWN_REPLAY_JOB,
} from './analytics-replay-answers';
import { ReplayJobView, RequestReplayDto } from './analytics-replay.dto';

/**
 * In-app replays of the analytics projections as of a past moment (issue 29 item 2): asked for here by an analyst
 * (the Analytics page, or `npm run projections -- replay` when an app runs), run by the instance that runs the
 * projections (analytics-replay-runner.service.ts), read through `?until=` of the analytics routes once done. The
 * same privilege as reading them: a replay publishes the same aggregates, under the same small-cell rule.
 */
@ApiTags('Analytics')
@ApiCookieAuth()
@Controller('analytics-replays')
export class AnalyticsReplaysController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  @Get()
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'The latest replays asked for (50, newest first), with their progress' })
  @ApiOkResponse({ type: [ReplayJobView] })
  async list(@Auth() { user }: RequestAuth) {
    return (await listReplayJobs(this.readStore)).map((job) => replayJobView(job, user.id));
  }

  @Get(':id')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({ summary: 'One replay and its progress' })
  @ApiOkResponse({ type: ReplayJobView })
  @ApiNotFoundResponse({ description: `"${UNKNOWN_REPLAY_JOB}"` })
  async get(@IdParam() id: string, @Auth() { user }: RequestAuth) {
    const job = await getReplayJob(this.readStore, id);
    if (!job) throw new NotFoundError(UNKNOWN_REPLAY_JOB);
    return replayJobView(job, user.id);
  }

  @Post()
  @HttpCode(202)
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'Ask for an analytics projection replayed until a moment',
    description:
      'Queued, then built by the instance that runs the projections while the app keeps serving; poll the job. The same ' +
      'projection and moment already waiting or running answers 200 with that job instead of a second one.',
  })
  @ApiAcceptedResponse({ type: ReplayJobView, description: 'Queued' })
  @ApiOkResponse({ type: ReplayJobView, description: 'Already waiting or running: that job' })
  @ApiBadRequestResponse({ description: 'errors.projection: no such analytics projection; errors.until: not a date' })
  @ApiConflictResponse({ description: `"${TOO_MANY_REPLAYS}"` })
  @ApiResponse({ status: 429, description: `"${REPLAY_USER_BUSY}" (Retry-After)` })
  @ApiResponse({ status: 503, description: `"${REPLAY_QUEUE_FULL}" (Retry-After)` })
  async request(@Body() body: RequestReplayDto, @Auth() { user }: RequestAuth, @Res({ passthrough: true }) response: Response) {
    const projection = await servedAnalyticsProjectionNamed(this.readStore, body.projection);
    if (!projection) throw new FieldValidationException({ projection: [UNKNOWN_PROJECTION] });
    const outcome = await requestReplay(this.readStore, {
      projection,
      moment: parseReplayMoment(body.until)!,
      requestedBy: user.id,
    });
    if (outcome.kind === 'queued') return replayJobView(outcome.job, user.id);
    if (outcome.kind === 'existing') {
      response.status(200);
      return replayJobView(outcome.job, user.id);
    }
    throw replayRefused(outcome.kind);
  }
}
