import { Module } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config';
import { APP_CONFIG } from '../platform/storage/storage-tokens';
import {
  DEFAULT_RECORD_READS_OPTIONS,
  RECORD_READS_OPTIONS,
  RecordReadsOptions,
  RecordReadsService,
} from './record-reads/record-reads.service';

/**
 * Audit of reads (issue 16): RecordReadsService records every read of a child's record. Feature modules whose routes
 * read records import this module; Nest makes one service (one queue) for the whole app.
 */
@Module({
  providers: [
    {
      provide: RECORD_READS_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RecordReadsOptions => ({
        ...DEFAULT_RECORD_READS_OPTIONS,
        flushIntervalMs: config.recordReadsFlushMs,
        flushAtCount: config.recordReadsBatchSize,
      }),
    },
    RecordReadsService,
  ],
  exports: [RecordReadsService],
})
export class AuditModule {}
