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
  private readonly documents = new Map<string, Document>();
  private readonly spilled = new Set<string>();
  private readonly maxDocuments: number;
  private readonly startsEmpty: boolean;

  constructor(options: RebuildWorkingSetOptions = {}) {
    this.maxDocuments = options.maxDocuments ?? 200_000;
    this.startsEmpty = options.startsEmpty ?? true;
    if (!(this.maxDocuments >= 1)) throw new Error('RebuildWorkingSet: maxDocuments must be at least 1');
  }

  /** The document as stored (not a copy: callers must not change it), absent, or unknown. */
  lookup(collection: string, id: string): WorkingSetLookup {
    const key = keyOf(collection, id);
    const document = this.documents.get(key);
    if (document === undefined) return !this.startsEmpty || this.spilled.has(key) ? UNKNOWN : ABSENT;
    // Recently used: move to the young end of the eviction order.
    this.documents.delete(key);
    this.documents.set(key, document);
    return { known: true, document };
  }

  /** The stored state after a committed batch: the document (owned by the set from now on) or null when deleted. */
  remember(collection: string, id: string, document: Document | null): void {
    const key = keyOf(collection, id);
    this.spilled.delete(key);
    this.documents.delete(key);
    // Absent is what a key neither held nor spilled means: a deleted document needs no entry.
    if (document === null) return;
    this.documents.set(key, document);
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
   * Lets go of the oldest tenth in one pass of one iterator once the limit is passed. Taking the oldest one key at a
   * time (a fresh `keys().next()` per eviction) walks over every entry deleted before it, since a Map keeps those as
   * holes until it rehashes: a rebuild writing 800k documents spent 45 s doing that.
   */
  private evict(): void {
    if (this.documents.size <= this.maxDocuments) return;
    let excess = this.documents.size - this.maxDocuments + Math.floor(this.maxDocuments / 10);
    for (const oldest of this.documents.keys()) {
      if (excess-- <= 0) break;
      this.documents.delete(oldest);
      if (this.startsEmpty) this.spilled.add(oldest);
    }
  }
}

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
