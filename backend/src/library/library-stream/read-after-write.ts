import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { APP_CONFIG } from '../../platform/storage/storage-tokens';

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
}
