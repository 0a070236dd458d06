import type { Document } from '@cans/storage/read-store/read-store.port';

/** What the working set knows of one document: its stored state, that it is absent, or nothing (ask the store). */
export type WorkingSetLookup = { known: true; document: Document | null } | { known: false };

const UNKNOWN: WorkingSetLookup = { known: false };
const ABSENT: WorkingSetLookup = { known: true, document: null };

export interface RebuildWorkingSetOptions {
  /** Documents held in memory at most; the least recently used beyond it are let go (default 200,000). */
  maxDocuments?: number;
  /**
   * True (default) for a rebuild's fresh collections: a document never written is absent. False for live
   * collections that already hold documents: the set is then a cache of what this writer stored lately, and a
   * document it does not hold is asked of the store.
   */
  startsEmpty?: boolean;
  /** Live collections: the most ids of one collection held to answer "absent" without a query (default 500,000). */
  maxKnownIds?: number;
  /** Live collections: store reads of one collection that find nothing before its ids are loaded (default 64). */
  absentReadsBeforeLoadingIds?: number;
}

/**
 * The documents a rebuild has stored so far, kept in memory across its batches. A rebuild writes into collections
 * that start empty and that nothing else writes, so what it stored is exactly what the store holds: a document it
 * never wrote is absent (no query needed), and one it wrote is the last version it committed.
 *
 * Bounded: beyond `maxDocuments` the least recently used documents are dropped from memory and their keys remembered
 * as "spilled", so a later lookup of one of them goes to the store (the keys cost a few dozen bytes each; the
 * documents, often a kilobyte or more, do not stay). Only batches the store has committed enter the set (commit()
 * of ProjectionUnitOfWork), so a failed batch retried from the last checkpoint finds the set as the store is.
 */
export class RebuildWorkingSet {
  /**
   * Each held document with the tick of its last use. Recency is a stamp, not the Map's order: moving a key to the
   * young end (delete + set) on every use leaves a dead entry in the key's hash chain each time until the Map
   * rehashes, and a document used on every event (a codebook, a counter) made lookups of its chain-mates walk
   * thousands of them — 40 % of a 50,000-assessment rebuild.
   */
  private readonly documents = new Map<string, { document: Document; used: number }>();
  private readonly spilled = new Set<string>();
  /**
   * Live collections only: every id a collection holds, for the collections whose store reads often find nothing
   * (a catch-up over new assessments asks each projection, event by event, for documents that do not exist yet:
   * 120,000 round trips, most of a 20,000-assessment catch-up). Loaded once, then kept exact by the committed
   * batches (this writer is the only one), so an id not in it is absent without a query.
   */
  private readonly knownIds = new Map<string, Set<string>>();
  private readonly absentReads = new Map<string, number>();
  private readonly maxDocuments: number;
  private readonly maxKnownIds: number;
  private readonly absentReadsBeforeLoadingIds: number;
  private readonly startsEmpty: boolean;
  private tick = 0;

  constructor(options: RebuildWorkingSetOptions = {}) {
    this.maxDocuments = options.maxDocuments ?? 200_000;
    this.maxKnownIds = options.maxKnownIds ?? 500_000;
    this.absentReadsBeforeLoadingIds = options.absentReadsBeforeLoadingIds ?? 64;
    this.startsEmpty = options.startsEmpty ?? true;
    if (!(this.maxDocuments >= 1)) throw new Error('RebuildWorkingSet: maxDocuments must be at least 1');
  }

  /** The document as stored (not a copy: callers must not change it), absent, or unknown. */
  lookup(collection: string, id: string): WorkingSetLookup {
    const key = keyOf(collection, id);
    const held = this.documents.get(key);
    if (held === undefined) {
      if (this.startsEmpty) return this.spilled.has(key) ? UNKNOWN : ABSENT;
      return this.knownIds.get(collection)?.has(id) === false ? ABSENT : UNKNOWN;
    }
    held.used = ++this.tick;
    return { known: true, document: held.document };
  }

  /** The stored state after a committed batch: the document (owned by the set from now on) or null when deleted. */
  remember(collection: string, id: string, document: Document | null): void {
    const key = keyOf(collection, id);
    this.spilled.delete(key);
    if (document === null) this.knownIds.get(collection)?.delete(id);
    else this.knownIds.get(collection)?.add(id);
    // Absent is what a key neither held nor spilled means: a deleted document needs no entry.
    if (document === null) {
      this.documents.delete(key);
      return;
    }
    const held = this.documents.get(key);
    if (held) {
      held.document = document;
      held.used = ++this.tick;
      return;
    }
    this.documents.set(key, { document, used: ++this.tick });
    this.evict();
  }

  /** The stored state is not known here (a patch merged by the store): later lookups ask the store. */
  forget(collection: string, id: string): void {
    const key = keyOf(collection, id);
    this.documents.delete(key);
    if (this.startsEmpty) this.spilled.add(key);
  }

  /**
   * Called when a store read of a live collection found nothing: true once such reads are frequent enough that the
   * caller should load the collection's ids (knowIds), at most once per collection.
   */
  wantsAllIds(collection: string): boolean {
    if (this.startsEmpty || this.knownIds.has(collection)) return false;
    const reads = (this.absentReads.get(collection) ?? 0) + 1;
    this.absentReads.set(collection, reads);
    return reads === this.absentReadsBeforeLoadingIds;
  }

  /** The ids the store holds for the collection, read after the last committed batch; too many are not kept. */
  knowIds(collection: string, ids: readonly string[]): void {
    if (ids.length <= this.maxKnownIds) this.knownIds.set(collection, new Set(ids));
  }

  /** The most ids knowIds keeps for one collection (callers read one more to know the collection is larger). */
  get idLimit(): number {
    return this.maxKnownIds;
  }

  /** Documents held in memory. */
  get size(): number {
    return this.documents.size;
  }

  /**
   * Lets go of the least recently used documents, down to nine tenths of the limit, once the limit is passed: one
   * sort of the stamps finds the cut, one pass deletes below it (so a tenth of the limit is inserted between two
   * evictions).
   */
  private evict(): void {
    if (this.documents.size <= this.maxDocuments) return;
    const excess = this.documents.size - this.maxDocuments + Math.floor(this.maxDocuments / 10);
    const stamps = new Float64Array(this.documents.size);
    let i = 0;
    for (const held of this.documents.values()) stamps[i++] = held.used;
    stamps.sort();
    // Stamps are unique (one tick per use), so exactly `excess` documents are at or below the cut.
    const cut = stamps[excess - 1];
    for (const [key, held] of this.documents) {
      if (held.used > cut) continue;
      this.documents.delete(key);
      if (this.startsEmpty) this.spilled.add(key);
    }
  }
}

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
