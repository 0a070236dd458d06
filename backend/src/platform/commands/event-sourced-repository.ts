import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, ExpectedRevision, RecordedEvent } from '../../storage/event-store/event-store.port';
import { EVENT_STORE } from '../storage/storage-tokens';
import type { Actor, CommandResult } from './actor';

/** A domain event as a command handler decides it, before the store gives it a position. */
export interface DomainEvent<TData = unknown> {
  type: string;
  data: TData;
  schemaVersion?: number;
}

/** How an aggregate's state is folded from its stream. */
export interface AggregateDefinition<TState> {
  initialState: TState;
  evolve(state: TState, event: RecordedEvent): TState;
}

export interface LoadedAggregate<TState> {
  streamId: string;
  state: TState;
  /** Revision of the last event, or 'no_stream' for an aggregate that does not exist yet. */
  revision: number | 'no_stream';
}

/**
 * Loads aggregates from their streams and appends the events a handler decided, with optimistic concurrency:
 * the append fails with WrongExpectedRevisionError (HTTP 409) when someone else wrote to the stream since load.
 */
@Injectable()
export class EventSourcedRepository {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load<TState>(streamId: string, aggregate: AggregateDefinition<TState>): Promise<LoadedAggregate<TState>> {
    const events = await this.eventStore.readStream(streamId);
    const state = events.reduce(aggregate.evolve, aggregate.initialState);
    return { streamId, state, revision: events.length ? events[events.length - 1].revision : 'no_stream' };
  }

  async append(
    streamId: string,
    events: DomainEvent[],
    expectedRevision: ExpectedRevision,
    actor: Actor,
  ): Promise<CommandResult> {
    const result = await this.eventStore.append(
      streamId,
      events.map((event) => ({
        type: event.type,
        data: event.data,
        schemaVersion: event.schemaVersion ?? 1,
        metadata: { userId: actor.userId, ip: actor.ip, correlationId: actor.correlationId, causationId: null },
      })),
      expectedRevision,
    );
    return { id: streamId, revision: result.revision, position: result.position };
  }
}
