import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../identity/access/access.decorators';
import { ProjectionRunnerService } from '../projections/projection-runner.service';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '../storage/storage-tokens';
import type { AppConfig } from '../config/app-config';
import { APP_VERSION } from '../config/app-version';
import { projectionReadiness } from './projection-readiness';

@ApiTags('Health')
@Controller()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject('STORAGE_DESCRIPTION') private readonly storage: { eventStore: string; readStore: string },
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
  @ApiOperation({
    summary:
      'Readiness: storage reachable and every projection running and caught up within READY_MAX_PROJECTION_DELAY_MS (503 otherwise); a blue/green rebuild under way keeps serving and shows its progress (position, head, events/s, ETA)',
  })
  @ApiOkResponse({ description: 'Ready' })
  @ApiServiceUnavailableResponse({ description: 'Storage unreachable, a projection not running, or one behind by more than the bound' })
  async ready(@Res({ passthrough: true }) response: Response) {
    const checks: Record<string, unknown> = { eventStore: this.storage.eventStore, readStore: this.storage.readStore };
    let problems: string[];
    try {
      checks.headPosition = await this.eventStore.headPosition();
      await this.readStore.listCheckpoints();
      const readiness = await projectionReadiness(
        await this.projections.status(),
        this.eventStore,
        this.config.readinessMaxProjectionDelayMs,
      );
      checks.projections = readiness.projections;
      problems = readiness.problems;
    } catch (error) {
      checks.error = error instanceof Error ? error.message : String(error);
      problems = ['storage unreachable'];
    }
    const ready = problems.length === 0;
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', ...(ready ? {} : { reason: problems.join('; ') }), ...checks };
  }
}
