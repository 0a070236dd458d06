import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '@cans/domain/domain-errors';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../storage/storage-tokens';
import { ProjectionRunnerService } from './projection-runner.service';

/**
 * Lets a command answer with the record exactly as GET will show it: waits (bounded, like X-Wait-For-Position)
 * until the read models include the command's position. Returns false when the bound was hit.
 */
@Injectable()
export class ReadAfterWrite {
  constructor(
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  reached(position: number): Promise<boolean> {
    return this.projections.waitForPosition(position, this.config.readYourWritesTimeoutMs);
  }

  /**
   * The record as GET shows it once the read models caught up; past the bound, as the library state has it, and
   * stale (answered as X-Read-Model-Stale).
   */
  async shown<TView>(
    position: number,
    fromReadModel: () => Promise<TView | null>,
    fromState: () => Promise<TView | null>,
    notFoundMessage: string,
  ): Promise<{ view: TView; stale: boolean }> {
    if (await this.reached(position)) {
      const view = await fromReadModel();
      if (view) return { view, stale: false };
    }
    const view = await fromState();
    if (!view) throw new NotFoundError(notFoundMessage);
    return { view, stale: true };
  }
}
