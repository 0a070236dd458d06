import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from './storage-tokens';
import { openStorage, Storage } from './storage.factory';
import type { AppConfig } from '../config/app-config';

const STORAGE = Symbol('STORAGE');

@Global()
@Module({
  providers: [
    { provide: STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => openStorage(config) },
    { provide: EVENT_STORE, inject: [STORAGE], useFactory: (storage: Storage) => storage.eventStore },
    { provide: READ_STORE, inject: [STORAGE], useFactory: (storage: Storage) => storage.readStore },
    { provide: 'STORAGE_DESCRIPTION', inject: [STORAGE], useFactory: (storage: Storage) => storage.description },
  ],
  exports: [EVENT_STORE, READ_STORE, 'STORAGE_DESCRIPTION'],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  // Nest calls this after every beforeApplicationShutdown hook and after the HTTP server has drained.
  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
