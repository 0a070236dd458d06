import { Inject, Injectable, Logger, BeforeApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { allProjections } from '@cans/projections';
import { ProjectionRunner } from '@cans/projections/engine/projection-runner';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '../storage/storage-tokens';

/** Runs every projection inside the API process, so read models follow the event stream live. */
@Injectable()
export class ProjectionRunnerService extends ProjectionRunner implements OnModuleInit, BeforeApplicationShutdown {
  private static readonly logger = new Logger('Projections');

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(eventStore, readStore, allProjections, {
      leaseTtlMs: config.projectionsLeaseTtlMs,
      logger: {
        log: (message) => ProjectionRunnerService.logger.log(message),
        error: (message, error) => ProjectionRunnerService.logger.error(message, error instanceof Error ? error.stack : String(error)),
      },
    });
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  /**
   * Stops subscriptions after the in-flight batch is stored, so checkpoints are flushed before exit. Runs
   * before storage closes (that happens in onApplicationShutdown, after the HTTP server drained its requests).
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
