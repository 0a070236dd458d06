import { Inject, Injectable } from '@nestjs/common';
import { sanitizeRichText } from '@cans/domain/library/rich-text';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';

/**
 * Where the system notification is read from: one document of a read model. The administration issue (14) adds
 * the editor (spec 002 "Notification editor", saveSystemNotification) and the projection that writes this
 * collection from its events; until then nothing writes it and every read answers "no notification".
 */
export const SYSTEM_NOTIFICATION_COLLECTION = 'system_notification';
export const SYSTEM_NOTIFICATION_ID = 'current';

export interface SystemNotificationDocument extends Document {
  /** Rich text (HTML) as saved by the editor; empty: no notification. */
  content: string | null;
}

export interface SystemNotification {
  /** Sanitised HTML, or null when there is nothing to show (the home page then shows no dialog). */
  readonly content: string | null;
}

@Injectable()
export class SystemNotificationService {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async current(): Promise<SystemNotification> {
    const document = await this.readStore.get<SystemNotificationDocument>(SYSTEM_NOTIFICATION_COLLECTION, SYSTEM_NOTIFICATION_ID);
    // Reduced to basic formatting here too (the page sanitises again): no markup that could run reaches a client.
    const content = typeof document?.content === 'string' ? sanitizeRichText(document.content).trim() : '';
    return { content: content === '' ? null : content };
  }
}
