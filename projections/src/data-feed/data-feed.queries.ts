/** Queries of the data feed's read model (data-feed.projection.ts), for every feed and export that reads it. */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { DATA_FEED_ASSESSMENTS_COLLECTION, FeedAssessmentDocument } from './data-feed.projection';

export type { FeedAssessmentDocument, FeedComment, FeedRating } from './data-feed.projection';

/** How many feed documents one read holds in memory: a month of any size is read a chunk at a time. */
export const FEED_CHUNK_SIZE = 200;

/** Approved assessments whose date of assessment falls in the month (yyyy-MM). */
export function countFeedMonth(readStore: ReadStore, month: string): Promise<number> {
  return readStore.count(DATA_FEED_ASSESSMENTS_COLLECTION, { month });
}

/** The ids of the month's assessments, by date of assessment then id: a stable order for a reproducible file. */
export async function feedMonthIds(readStore: ReadStore, month: string): Promise<string[]> {
  const rows = await readStore.find(
    DATA_FEED_ASSESSMENTS_COLLECTION,
    { month },
    { sort: [{ field: 'dateOfAssessment', direction: 'asc' }], fields: { dateOfAssessment: 'string' } },
  );
  return rows.map((row) => row.id);
}

/** Top-level fields of a feed document (a file that needs only the ratings reads only those). */
export type FeedField = Exclude<keyof FeedAssessmentDocument, 'id'>;

/**
 * The feed documents of these ids, in the ids' order, FEED_CHUNK_SIZE at a time (never the whole list at once);
 * with `fields`, only those fields (and id) are read — the caller must read no other. The next chunk is read while
 * the caller writes this one, so the file's formatting and the database overlap.
 */
export async function* feedAssessments(
  readStore: ReadStore,
  ids: readonly string[],
  fields?: readonly FeedField[],
): AsyncGenerator<FeedAssessmentDocument> {
  const chosen = fields && Object.fromEntries(fields.map((field) => [field, 'json' as const]));
  const read = async (start: number) => {
    const chunk = ids.slice(start, start + FEED_CHUNK_SIZE);
    const docs = chosen
      ? await readStore.find<FeedAssessmentDocument>(
          DATA_FEED_ASSESSMENTS_COLLECTION,
          { id: { $in: chunk } },
          { fields: chosen, anyOrder: true },
        )
      : await readStore.getMany<FeedAssessmentDocument>(DATA_FEED_ASSESSMENTS_COLLECTION, chunk);
    return { chunk, docs };
  };
  let next = ids.length > 0 ? read(0) : null;
  for (let start = 0; next; start += FEED_CHUNK_SIZE) {
    const { chunk, docs } = await next;
    next = start + FEED_CHUNK_SIZE < ids.length ? read(start + FEED_CHUNK_SIZE) : null;
    // Not yet awaited while the caller works: a failed read surfaces at the next await, not as an unhandled rejection.
    next?.catch(() => undefined);
    const byId = new Map(docs.map((d) => [d.id, d]));
    // An assessment deleted since the ids were read is skipped.
    for (const id of chunk) {
      const doc = byId.get(id);
      if (doc) yield doc;
    }
  }
}

/** Approved assessments whose date of assessment (yyyy-MM-dd) is in [from, to], both days included. */
const rangeFilter = (from: string, to: string) => ({ dateOfAssessment: { $gte: from, $lte: to } });

/** How many approved assessments the range holds (the export asks first). */
export function countFeedRange(readStore: ReadStore, from: string, to: string): Promise<number> {
  return readStore.count(DATA_FEED_ASSESSMENTS_COLLECTION, rangeFilter(from, to));
}

/**
 * The ids of the range's assessments in the month's order (date of assessment, then id); at most `limit` (the
 * export's cap; the daily XML feed has none and leaves it out).
 */
export async function feedRangeIds(readStore: ReadStore, from: string, to: string, limit?: number): Promise<string[]> {
  const rows = await readStore.find(DATA_FEED_ASSESSMENTS_COLLECTION, rangeFilter(from, to), {
    sort: [{ field: 'dateOfAssessment', direction: 'asc' }],
    fields: { dateOfAssessment: 'string' },
    ...(limit === undefined ? {} : { limit }),
  });
  return rows.map((row) => row.id);
}
