import type { DomainEvent } from '@cans/domain/decider';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { CollectionDefinition, Document } from '@cans/storage/read-store/read-store.port';

/**
 * What a projection may do while applying one event. Reads see the writes made earlier in the same batch;
 * writes are buffered and stored atomically with the projection's checkpoint.
 */
export interface ReadOptions {
  /**
   * The caller only reads the document, or copies what it changes (`{ ...doc, field }`): it gets the document as
   * the batch holds it, without the defensive deep copy — a rebuild reads big documents (counters, groups) often.
   */
  readonly readOnly?: boolean;
}

export interface ProjectionView {
  get<T extends Document = Document>(collection: string, id: string, options?: ReadOptions): Promise<T | null>;
  upsert(collection: string, document: Document): void;
  /** Shallow merge of top-level fields; no-op when the document does not exist. */
  patch(collection: string, id: string, changes: Record<string, unknown>): void;
  delete(collection: string, id: string): void;
  /**
   * Runs `work` once at the end of the batch (before its writes are taken), however often it is asked for under
   * the same key within the batch; the first request's `work` is the one kept. For documents derived from others,
   * such as counters: moved once per batch from the state before it (captured by the first request) to the state
   * after it, instead of once per event.
   */
  afterBatch(key: string, work: (view: ProjectionView) => Promise<void>): void;
}

/**
 * A projection is a named, versioned function of events onto read-model writes. It owns its collections
 * (no two projections share one) and must be deterministic: a rebuild from event zero yields the same state.
 * Bump `version` when apply() or the collections change: the runner then rebuilds it on start.
 */
export interface Projection {
  name: string;
  version: number;
  collections: CollectionDefinition[];
  /** Event types this projection reacts to; others only advance its checkpoint. Omit to receive all. */
  eventTypes?: string[];
  apply(event: RecordedEvent, view: ProjectionView): void | Promise<void>;
}

const eventTypeSets = new WeakMap<Projection, ReadonlySet<string> | null>();

/** Applies, in order, the events among `events` that the projection reacts to (its eventTypes; all when omitted). */
export async function applyEvents(projection: Projection, events: readonly RecordedEvent[], view: ProjectionView): Promise<void> {
  let wanted = eventTypeSets.get(projection);
  if (wanted === undefined) eventTypeSets.set(projection, (wanted = projection.eventTypes ? new Set(projection.eventTypes) : null));
  for (const event of events) if (!wanted || wanted.has(event.type)) await projection.apply(event, view);
}

export function defineProjection(projection: Projection): Projection {
  if (!/^[a-z][a-z0-9-]*$/.test(projection.name)) throw new Error(`Invalid projection name: ${projection.name}`);
  if (!Number.isInteger(projection.version) || projection.version < 1) {
    throw new Error(`Projection ${projection.name}: version must be a positive integer`);
  }
  return projection;
}

/**
 * A recorded event narrowed to one member of a domain event union: `switch (event.type)` then narrows `event.data`,
 * while position, revision, recordedAt and metadata stay at hand.
 */
export type ProjectedEvent<TEvent extends DomainEvent> = TEvent extends DomainEvent
  ? Omit<RecordedEvent, 'type' | 'data'> & { readonly type: TEvent['type']; readonly data: TEvent['data'] }
  : never;

export interface EventProjectionDefinition<TEvent extends DomainEvent> extends Omit<Projection, 'eventTypes' | 'apply'> {
  /** The union's event types this projection reacts to; it never sees another type. */
  eventTypes: readonly TEvent['type'][];
  apply(event: ProjectedEvent<TEvent>, view: ProjectionView): void | Promise<void>;
}

/** A projection over domain event unions: apply receives only the listed types, already narrowed (no casts). */
export function defineEventProjection<TEvent extends DomainEvent>(definition: EventProjectionDefinition<TEvent>): Projection {
  const known = new Set<string>(definition.eventTypes);
  const isKnown = (event: RecordedEvent): event is RecordedEvent & ProjectedEvent<TEvent> => known.has(event.type);
  return defineProjection({
    ...definition,
    eventTypes: [...definition.eventTypes],
    apply(event, view) {
      if (isKnown(event)) return definition.apply(event, view);
    },
  });
}
