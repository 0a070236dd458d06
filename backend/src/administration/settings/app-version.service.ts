import { Inject, Injectable } from '@nestjs/common';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { APP_VERSION_SETTING_ID, AppVersionDocument, SETTINGS_COLLECTION } from '@cans/projections/administration/settings.projection';
import { APP_VERSION } from '../../platform/config/app-version';
import { READ_STORE } from '../../platform/storage/storage-tokens';

/** The App Version the About page and the profile menu show: as saved by an administrator, else the build's. */
@Injectable()
export class AppVersionService {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async current(): Promise<{ version: string }> {
    const saved = await this.readStore.get<AppVersionDocument>(SETTINGS_COLLECTION, APP_VERSION_SETTING_ID);
    return { version: saved?.version || APP_VERSION };
  }
}
