/**
 * The one shape of every aggregate (after emmett's Decider): a pure `decide(command, state)` that answers the events
 * a command yields or throws a refusal (domain-errors.ts), a pure `evolve(state, event)` that folds one event, and
 * the `initialState` a new stream starts from. Events are discriminated unions of DomainEvent, so `evolve` narrows
 * `event.data` by `event.type` without casts. The command side (backend/src/platform/commands) loads, decides and
 * appends; the tests use test-support/decider-specification.ts.
 */
/** An event as the domain decides it; the store adds its position, revision, time and metadata. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  readonly type: TType;
  readonly data: TData;
  /** Version of the data's shape (upcasters lift older ones on read); 1 when omitted. */
  readonly schemaVersion?: number;
}

export interface Decider<TState, TCommand, TEvent extends DomainEvent> {
  decide(command: TCommand, state: TState): TEvent[];
  evolve(state: TState, event: TEvent): TState;
  readonly initialState: TState;
  /** The event types this aggregate's streams hold; others (a newer writer's) are skipped when folding. */
  readonly eventTypes: readonly TEvent['type'][];
}

/** Builds the map-of-data types into the union of events: `EventUnion<{ A: {x: 1} }>` is `DomainEvent<'A', {x: 1}>`. */
export type EventUnion<TDataByType extends Record<string, unknown>> = {
  [K in keyof TDataByType & string]: DomainEvent<K, TDataByType[K]>;
}[keyof TDataByType & string];

/** The events of a stream as the aggregate knows them: unknown types are dropped, the rest narrowed by type. */
export function knownEvents<TEvent extends DomainEvent>(
  eventTypes: readonly TEvent['type'][],
  events: readonly { type: string; data: unknown; schemaVersion?: number }[],
): TEvent[] {
  const known = new Set<string>(eventTypes);
  // The only place a stored event meets its type: the stream's own event types are the aggregate's contract.
  return events.filter((event) => known.has(event.type)) as unknown as TEvent[];
}

/** The state after the given events (from the initial state). */
export function foldEvents<TState, TEvent extends DomainEvent>(
  decider: Pick<Decider<TState, unknown, TEvent>, 'evolve' | 'initialState'>,
  events: readonly TEvent[],
  from: TState = decider.initialState,
): TState {
  return events.reduce((state, event) => decider.evolve(state, event), from);
}
