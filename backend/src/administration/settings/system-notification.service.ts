import { Inject, Injectable } from '@nestjs/common';
import { sanitizeRichText } from '@cans/domain/library/rich-text';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import {
  SETTINGS_COLLECTION,
  SYSTEM_NOTIFICATION_SETTING_ID,
  SystemNotificationDocument,
} from '@cans/projections/administration/settings.projection';

export interface SystemNotification {
  /** Sanitised HTML, or null when there is nothing to show (the home page then shows no dialog). */
  readonly content: string | null;
}

@Injectable()
export class SystemNotificationService {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async current(): Promise<SystemNotification> {
    const document = await this.readStore.get<SystemNotificationDocument>(SETTINGS_COLLECTION, SYSTEM_NOTIFICATION_SETTING_ID);
    // Reduced to basic formatting here too (the page sanitises again): no markup that could run reaches a client.
    const content = typeof document?.content === 'string' ? sanitizeRichText(document.content).trim() : '';
    return { content: content === '' ? null : content };
  }
}
