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
  private readonly maxDocuments: number;
  private readonly startsEmpty: boolean;
  private tick = 0;

  constructor(options: RebuildWorkingSetOptions = {}) {
    this.maxDocuments = options.maxDocuments ?? 200_000;
    this.startsEmpty = options.startsEmpty ?? true;
    if (!(this.maxDocuments >= 1)) throw new Error('RebuildWorkingSet: maxDocuments must be at least 1');
  }

  /** The document as stored (not a copy: callers must not change it), absent, or unknown. */
  lookup(collection: string, id: string): WorkingSetLookup {
    const key = keyOf(collection, id);
    const held = this.documents.get(key);
    if (held === undefined) return !this.startsEmpty || this.spilled.has(key) ? UNKNOWN : ABSENT;
    held.used = ++this.tick;
    return { known: true, document: held.document };
  }

  /** The stored state after a committed batch: the document (owned by the set from now on) or null when deleted. */
  remember(collection: string, id: string, document: Document | null): void {
    const key = keyOf(collection, id);
    this.spilled.delete(key);
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
