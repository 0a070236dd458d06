import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { countFeedMonth, feedAssessments, feedMonthIds } from '@cans/projections/data-feed/data-feed.queries';
import { DATA_FEED_EVENT_TYPES, DATA_FEED_LOG_STREAM, DataFeedEvent, DataFeedEvents } from '@cans/domain/data-feed/data-feed.events';
import { RecordReadsService } from '../audit/record-reads/record-reads.service';
import type { Actor } from '../platform/commands/actor';
import { APPEND_ONLY, EventSourcedCommandHandler, factLog } from '../platform/commands/command-handler';
import { FieldValidationException } from '../platform/http/validation';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { HeavyWorkPool, HeavyWorkSlot } from '../platform/heavy-work/heavy-work-pool';

export const MONTH_NOT_PAST = 'must be a month before the current one';

const dataFeedLog = factLog<DataFeedEvent>(DATA_FEED_EVENT_TYPES);

export interface FeedDownload {
  fileName: string;
  assessmentCount: number;
  stream: Readable;
}

/** yyyy-MM. */
const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The monthly data feed (spec 002 "Data Feed (monthly download)"): the approved assessments whose date of
 * assessment falls in a past month, state-wide (DATA_FEED_SHOW is a state-wide privilege), as a streamed zip of CSVs.
 */
@Injectable()
export class MonthlyFeedService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly handler: EventSourcedCommandHandler,
    private readonly reads: RecordReadsService,
    private readonly heavyWork: HeavyWorkPool,
  ) {}

  /**
   * The month as yyyy-MM, refused (400) unless it ended before the current month began — the current month is
   * still being assessed, so its file would change. UTC, as the stored timestamps; `now` for tests.
   */
  pastMonth(year: number, month: number, now: Date = new Date()): string {
    const key = monthKey(year, month);
    if (key >= monthKey(now.getUTCFullYear(), now.getUTCMonth() + 1)) throw new FieldValidationException({ month: [MONTH_NOT_PAST] });
    return key;
  }

  count(year: number, month: number): Promise<number> {
    return countFeedMonth(this.readStore, this.pastMonth(year, month));
  }

  /**
   * Records the download (who, which month, how many assessments) and answers the zip stream. The record comes
   * first: a file of children's data never leaves unaudited, even when the transfer is cut.
   */
  async download(year: number, month: number, actor: Actor): Promise<FeedDownload> {
    const key = this.pastMonth(year, month);
    // The zip is written in a worker thread: its place is held before anything is recorded (a refusal writes nothing).
    const slot = this.heavyWork.reserve(actor.userId ?? 'system');
    try {
      return await this.recordedDownload(key, year, month, actor, slot);
    } catch (error) {
      slot.release();
      throw error;
    }
  }

  private async recordedDownload(key: string, year: number, month: number, actor: Actor, slot: HeavyWorkSlot): Promise<FeedDownload> {
    const ids = await feedMonthIds(this.readStore, key);
    // No PID or name in the file name (issue 15 "Safety").
    const fileName = `cans-data-feed-${key}.zip`;
    const facts: DataFeedEvent[] = [
      {
        type: DataFeedEvents.MonthDownloaded,
        data: { downloadedBy: actor.userId ?? '', year, month, assessmentCount: ids.length, fileName },
      },
    ];
    await this.handler.handle(DATA_FEED_LOG_STREAM, dataFeedLog, facts, { actor, concurrency: APPEND_ONLY });
    this.reads.record(actor, ids, 'data-feed-zip');
    return {
      fileName,
      assessmentCount: ids.length,
      stream: slot.streamFile('zip', (fields) => feedAssessments(this.readStore, ids, fields)),
    };
  }
}
