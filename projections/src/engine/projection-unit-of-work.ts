import type { Document, ReadStore, WriteOperation } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView, ReadOptions } from './projection';
import type { RebuildWorkingSet } from './rebuild-working-set';

type PendingChange =
  | { kind: 'upsert'; collection: string; id: string; document: Document }
  | { kind: 'patch'; collection: string; id: string; changes: Record<string, unknown> }
  | { kind: 'delete'; collection: string; id: string };

export interface ProjectionUnitOfWorkOptions {
  /** Logical → physical collection names: gets read and operations() write the physical one. Absent: same name. */
  physicalNames?: ReadonlyMap<string, string>;
  /** During a rebuild: the authoritative in-memory working set, shared by all batches of one rebuild. */
  workingSet?: RebuildWorkingSet;
}

/**
 * Buffers one batch of projection writes in memory, collapsing them to the final change per document, so a
 * batch of hundreds of events becomes a handful of bulk statements (rebuild speed) and reads within the batch
 * see earlier writes of the same batch.
 *
 * A get hands out a copy (a projection may change what it got), made by a plain JSON-value copy rather than
 * structuredClone, which costs several times more on the small documents projections write; a read-only get hands
 * out the held document itself. An upsert takes the document over: the projection must not change it afterwards
 * (docs/writing-a-projection.md). Held documents are never changed in place. During a rebuild the working set
 * answers reads the batch cannot: what earlier batches stored, or that nothing was stored — then no query runs at
 * all.
 */
export class ProjectionUnitOfWork implements ProjectionView {
  private readonly pending = new Map<string, PendingChange>();
  private readonly deferred = new Map<string, (view: ProjectionView) => Promise<void>>();
  private readonly physicalNames: ReadonlyMap<string, string> | undefined;
  private readonly workingSet: RebuildWorkingSet | undefined;

  constructor(
    private readonly store: ReadStore,
    options: ProjectionUnitOfWorkOptions = {},
  ) {
    this.physicalNames = options.physicalNames;
    this.workingSet = options.workingSet;
  }

  async get<T extends Document = Document>(collection: string, id: string, options?: ReadOptions): Promise<T | null> {
    const physical = this.physicalOf(collection);
    const key = keyOf(physical, id);
    const change = this.pending.get(key);
    const copy = options?.readOnly ? <V>(value: V) => value : copyOf;
    if (change?.kind === 'upsert') return copy(change.document) as T;
    if (change?.kind === 'delete') return null;
    // A pending patch only exists when the stored document is not in the working set (see patch()).
    const inMemory = this.storedInMemory(physical, id, copy);
    const stored = inMemory !== undefined ? inMemory : await this.fromStore<T>(physical, id);
    if (change?.kind === 'patch') {
      if (!stored) return null;
      const merged = { ...stored, ...copyOf(change.changes) };
      // Now that the full document is known, keep it as an upsert: later patches merge in memory.
      this.pending.set(key, { kind: 'upsert', collection: physical, id, document: merged });
      return copy(merged) as T;
    }
    return stored as T | null;
  }

  upsert(collection: string, document: Document): void {
    if (typeof document.id !== 'string' || document.id === '') throw new Error(`${collection}: document needs an id`);
    const physical = this.physicalOf(collection);
    this.pending.set(keyOf(physical, document.id), { kind: 'upsert', collection: physical, id: document.id, document });
  }

  patch(collection: string, id: string, changes: Record<string, unknown>): void {
    const physical = this.physicalOf(collection);
    const key = keyOf(physical, id);
    const change = this.pending.get(key);
    // The store ignores undefined fields of a patch (read-store-write-plan.ts): so does a merge in memory.
    const copy: Record<string, unknown> = {};
    for (const field in changes) if (changes[field] !== undefined) copy[field] = copyOf(changes[field]);
    if (change?.kind === 'upsert') {
      change.document = { ...change.document, ...copy, id };
    } else if (change?.kind === 'patch') {
      change.changes = { ...change.changes, ...copy };
    } else if (!change) {
      const known = this.workingSet?.lookup(physical, id);
      if (!known?.known) this.pending.set(key, { kind: 'patch', collection: physical, id, changes: copy });
      // Known to the working set: merge now (an upsert the store need not read), or nothing when absent.
      else if (known.document)
        // Shallow: nothing here changes a held document's nested values in place (gets hand out deep copies).
        this.pending.set(key, { kind: 'upsert', collection: physical, id, document: { ...known.document, ...copy, id } });
    }
    // A patch after a delete in the same batch stays a no-op, as it would against the store.
  }

  delete(collection: string, id: string): void {
    const physical = this.physicalOf(collection);
    this.pending.set(keyOf(physical, id), { kind: 'delete', collection: physical, id });
  }

  afterBatch(key: string, work: (view: ProjectionView) => Promise<void>): void {
    if (!this.deferred.has(key)) this.deferred.set(key, work);
  }

  /** Runs the work deferred to the end of the batch (afterBatch); call it before operations(). */
  async settle(): Promise<void> {
    while (this.deferred.size > 0) {
      const works = [...this.deferred.values()];
      this.deferred.clear();
      for (const work of works) await work(this);
    }
  }

  get size(): number {
    return this.pending.size;
  }

  /** The collapsed writes on physical collections, grouped by kind and collection so the store can bulk them. */
  operations(): WriteOperation[] {
    if (this.deferred.size > 0) throw new Error('ProjectionUnitOfWork: settle() the deferred work before taking the operations');
    const changes = [...this.pending.values()];
    const order = { delete: 0, upsert: 1, patch: 2 } as const;
    // Each document has exactly one final change, so reordering across documents is safe.
    changes.sort((a, b) => order[a.kind] - order[b.kind] || (a.collection < b.collection ? -1 : a.collection > b.collection ? 1 : 0));
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

  /**
   * The batch is stored (call after the read store's apply returned): the working set takes over its documents.
   * Without a working set it does nothing. The unit of work is spent afterwards.
   */
  commit(): void {
    const workingSet = this.workingSet;
    if (workingSet) {
      for (const change of this.pending.values()) {
        if (change.kind === 'upsert') workingSet.remember(change.collection, change.id, change.document);
        else if (change.kind === 'delete') workingSet.remember(change.collection, change.id, null);
        // The store merged a patch into a document this set did not hold: only the store knows the result.
        else workingSet.forget(change.collection, change.id);
      }
    }
    this.pending.clear();
  }

  private async fromStore<T extends Document>(physical: string, id: string): Promise<T | null> {
    const stored = await this.store.get<T>(physical, id);
    const workingSet = this.workingSet;
    if (stored === null && workingSet?.wantsAllIds(physical)) {
      // Ids only, as committed (this batch's own writes are pending, read before the working set).
      const documents = await this.store.find(physical, {}, { fields: {}, anyOrder: true, limit: workingSet.idLimit + 1 });
      workingSet.knowIds(
        physical,
        documents.map((document) => document.id),
      );
    }
    return stored;
  }

  private physicalOf(collection: string): string {
    return this.physicalNames?.get(collection) ?? collection;
  }

  /** A copy of the stored document when the working set knows it; null when it knows it is absent; undefined otherwise. */
  private storedInMemory(physical: string, id: string, copy: <V>(value: V) => V): Document | null | undefined {
    const known = this.workingSet?.lookup(physical, id);
    if (!known?.known) return undefined;
    return known.document ? copy(known.document) : null;
  }
}

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}

/**
 * A deep copy of a JSON-like value (plain objects, arrays, primitives; undefined fields kept, as structuredClone
 * keeps them). Anything else (a Date, a Map) goes to structuredClone.
 */
export function copyOf<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const array = new Array(value.length);
    for (let i = 0; i < value.length; i++) array[i] = copyOf(value[i]);
    return array as T;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const object: Record<string, unknown> = {};
  for (const key in value) object[key] = copyOf((value as Record<string, unknown>)[key]);
  return object as T;
}
