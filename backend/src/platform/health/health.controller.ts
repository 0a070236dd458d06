import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../identity/access/access.decorators';
import { ProjectionRunnerService } from '../projections/projection-runner.service';
import type { EventStore } from '../../storage/event-store/event-store.port';
import type { ReadStore } from '../../storage/read-store/read-store.port';
import { EVENT_STORE, READ_STORE } from '../storage/storage-tokens';
import { APP_VERSION } from '../config/app-version';

@ApiTags('Health')
@Controller()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject('STORAGE_DESCRIPTION') private readonly storage: { eventStore: string; readStore: string },
    private readonly projections: ProjectionRunnerService,
  ) {}

  @Public()
  @Get('health')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  health() {
    return { status: 'ok', version: APP_VERSION, uptimeSeconds: Math.round(process.uptime()) };
  }

  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: storage reachable and every projection caught up (503 otherwise)' })
  @ApiOkResponse({ description: 'Ready' })
  @ApiServiceUnavailableResponse({ description: 'Storage unreachable or projections behind' })
  async ready(@Res({ passthrough: true }) response: Response) {
    const checks: Record<string, unknown> = { eventStore: this.storage.eventStore, readStore: this.storage.readStore };
    let ready = true;
    try {
      checks.headPosition = await this.eventStore.headPosition();
      await this.readStore.listCheckpoints();
      const statuses = await this.projections.status();
      checks.projections = statuses.map(({ name, state, position, lag }) => ({ name, state, position, lag }));
      ready = statuses.every((status) => status.state === 'live' && status.lag === 0);
    } catch (error) {
      ready = false;
      checks.error = error instanceof Error ? error.message : String(error);
    }
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', ...checks };
  }
}
