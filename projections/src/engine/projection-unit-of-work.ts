import type { Document, ReadStore, WriteOperation } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView } from './projection';

type PendingChange =
  | { kind: 'upsert'; collection: string; document: Document }
  | { kind: 'patch'; collection: string; id: string; changes: Record<string, unknown> }
  | { kind: 'delete'; collection: string; id: string };

/**
 * Buffers one batch of projection writes in memory, collapsing them to the final change per document, so a
 * batch of hundreds of events becomes a handful of bulk statements (rebuild speed) and reads within the batch
 * see earlier writes of the same batch.
 */
export class ProjectionUnitOfWork implements ProjectionView {
  private readonly pending = new Map<string, PendingChange>();

  constructor(private readonly store: ReadStore) {}

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    const key = keyOf(collection, id);
    const change = this.pending.get(key);
    if (change?.kind === 'upsert') return structuredClone(change.document) as T;
    if (change?.kind === 'delete') return null;
    const stored = await this.store.get<T>(collection, id);
    if (change?.kind === 'patch') {
      if (!stored) return null;
      const merged = { ...stored, ...structuredClone(change.changes) } as T;
      // Now that the full document is known, keep it as an upsert: later patches merge in memory.
      this.pending.set(key, { kind: 'upsert', collection, document: merged });
      return structuredClone(merged);
    }
    return stored;
  }

  upsert(collection: string, document: Document): void {
    if (typeof document.id !== 'string' || document.id === '') throw new Error(`${collection}: document needs an id`);
    this.pending.set(keyOf(collection, document.id), {
      kind: 'upsert',
      collection,
      document: structuredClone(document),
    });
  }

  patch(collection: string, id: string, changes: Record<string, unknown>): void {
    const key = keyOf(collection, id);
    const change = this.pending.get(key);
    const copy = structuredClone(changes);
    if (change?.kind === 'upsert') {
      change.document = { ...change.document, ...copy, id };
    } else if (change?.kind === 'patch') {
      change.changes = { ...change.changes, ...copy };
    } else if (!change) {
      this.pending.set(key, { kind: 'patch', collection, id, changes: copy });
    }
    // A patch after a delete in the same batch stays a no-op, as it would against the store.
  }

  delete(collection: string, id: string): void {
    this.pending.set(keyOf(collection, id), { kind: 'delete', collection, id });
  }

  get size(): number {
    return this.pending.size;
  }

  /** The collapsed writes, grouped by kind and collection so the store can bulk them. */
  operations(): WriteOperation[] {
    const changes = [...this.pending.values()];
    const order = { delete: 0, upsert: 1, patch: 2 } as const;
    // Each document has exactly one final change, so reordering across documents is safe.
    changes.sort((a, b) => order[a.kind] - order[b.kind] || a.collection.localeCompare(b.collection));
    return changes.map((change): WriteOperation => {
      switch (change.kind) {
        case 'upsert':
          return { kind: 'upsert', collection: change.collection, document: change.document };
        case 'patch':
          return { kind: 'patch', collection: change.collection, id: change.id, changes: change.changes };
        case 'delete':
          return { kind: 'delete', collection: change.collection, id: change.id };
      }
    });
  }
}

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
