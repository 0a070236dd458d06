import { Inject, Injectable } from '@nestjs/common';
import { Decider, DomainEvent, foldEvents, knownEvents } from '@cans/domain/decider';
import { EventStore, ExpectedRevision, RecordedEvent, WrongExpectedRevisionError } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../storage/storage-tokens';
import { timeStage, timeStageSync } from '../http/server-timing';
import type { Actor, CommandResult } from './actor';

/**
 * What to do when the append meets a revision conflict (someone wrote to the stream since it was loaded):
 * - 'reject' (the default): no retry, the conflict answers 409. The append expects the revision the client last saw
 *   when it sent one (forms carry it), else the one loaded.
 * - 'merge': reload, decide again on the fresh state and append at the fresh revision, up to maxAttempts in all
 *   (for commands whose events are self-contained facts, e.g. rating one item).
 * - 'append-only': for a stream that only grows and whose decision depends on nothing it holds (a sign-in log, a
 *   password set by the system): the stream is not read (decide sees the initial state), the append expects any
 *   revision, so there is no conflict and no retry.
 */
export type ConcurrencyPolicy =
  | { readonly kind: 'reject'; readonly clientRevision?: number }
  | { readonly kind: 'merge'; readonly maxAttempts: number }
  | { readonly kind: 'append-only' };

export const REJECT_ON_CONFLICT: ConcurrencyPolicy = { kind: 'reject' };
export const APPEND_ONLY: ConcurrencyPolicy = { kind: 'append-only' };

/**
 * When a handler read facts for a decision from a loaded stream: the append expects that revision (or the one the
 * client edited), so a change in between answers 409 instead of being decided on stale facts.
 */
export const expectRevisionOf = (loaded: LoadedStream<unknown>, clientRevision?: number): ConcurrencyPolicy => ({
  kind: 'reject',
  clientRevision: clientRevision ?? (loaded.revision === 'no_stream' ? undefined : loaded.revision),
});

/**
 * The decider of a log stream that nothing is decided on (use it with APPEND_ONLY): the command is the facts to
 * record, as they are.
 */
export function factLog<TEvent extends DomainEvent>(eventTypes: readonly TEvent['type'][]): Decider<null, readonly TEvent[], TEvent> {
  return { initialState: null, eventTypes, decide: (facts) => [...facts], evolve: (state) => state };
}

/** A command planned on the loaded stream, and what to answer (or throw) once its events are recorded at `position`. */
export interface PlannedCommand<TCommand, TResult> {
  readonly command: TCommand;
  answer(position: number): TResult;
}

/** The stream as loaded for one attempt. */
export interface LoadedStream<TState> {
  readonly state: TState;
  /** Revision of the last event, 'no_stream' when the stream does not exist yet (or was not read: 'append-only'). */
  readonly revision: number | 'no_stream';
  /** Global position of the last event (0 for no stream): what a read must wait for when nothing was appended. */
  readonly position: number;
}

export interface CommandOutcome<TState, TEvent> extends CommandResult {
  /** False when the decision yielded no event (nothing appended). */
  readonly changed: boolean;
  readonly events: readonly TEvent[];
  /** The stream the decision was made on. */
  readonly decidedOn: LoadedStream<TState>;
  /** The state after the decided events. */
  readonly state: TState;
  readonly attempts: number;
}

export interface HandleCommandOptions<TState, TCommand> {
  readonly actor: Actor;
  readonly concurrency?: ConcurrencyPolicy;
  /** The id answered in the result (defaults to the stream id). */
  readonly id?: string;
  /**
   * Builds the command from the loaded stream, on every attempt (for commands whose inputs depend on the state, such
   * as row access). When absent, the command given is decided as it is.
   */
  readonly prepare?: (loaded: LoadedStream<TState>) => Promise<TCommand> | TCommand;
  /** Loads the stream another way than folding it whole (e.g. from a cache of states that reads only new events). */
  readonly load?: () => Promise<LoadedStream<TState>>;
}

/**
 * The one command handler of every aggregate: load the stream, decide, append with optimistic concurrency (see
 * ConcurrencyPolicy). Events carry the actor in their metadata, which makes the event log the audit trail.
 */
@Injectable()
export class EventSourcedCommandHandler {
  /**
   * Merging commands on one stream run one after another in this process: concurrent ones would otherwise load the
   * same revision and all but one would retry, and under a burst (50+ answers at once) some run out of attempts.
   * The retry stays for writers in other processes.
   */
  private readonly mergeQueues = new KeyedQueue();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load<TState, TEvent extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<TState, unknown, TEvent>, 'evolve' | 'initialState' | 'eventTypes'>,
  ): Promise<LoadedStream<TState>> {
    const recorded = await this.eventStore.readStream(streamId);
    const last: RecordedEvent | undefined = recorded[recorded.length - 1];
    return {
      state: foldEvents(decider, knownEvents<TEvent>(decider.eventTypes, recorded)),
      revision: last ? last.revision : 'no_stream',
      position: last ? last.position : 0,
    };
  }

  handle<TState, TCommand, TEvent extends DomainEvent>(
    streamId: string,
    decider: Decider<TState, TCommand, TEvent>,
    command: TCommand,
    options: HandleCommandOptions<TState, TCommand>,
  ): Promise<CommandOutcome<TState, TEvent>> {
    return this.decideAndAppend(streamId, decider, options.prepare ?? (() => command), options);
  }

  /**
   * handle() for a command planned on the loaded stream together with its answer (e.g. a sign-in step: the events
   * to record, then the session to answer, or the refusal to throw once its fact is recorded). A retry ('merge')
   * plans again on the fresh state.
   */
  async handlePlanned<TState, TCommand, TEvent extends DomainEvent, TResult>(
    streamId: string,
    decider: Decider<TState, TCommand, TEvent>,
    plan: (loaded: LoadedStream<TState>) => Promise<PlannedCommand<TCommand, TResult>> | PlannedCommand<TCommand, TResult>,
    options: Omit<HandleCommandOptions<TState, TCommand>, 'prepare'>,
  ): Promise<TResult> {
    const latest: { plan?: PlannedCommand<TCommand, TResult> } = {};
    const outcome = await this.decideAndAppend(
      streamId,
      decider,
      async (loaded) => {
        latest.plan = await plan(loaded);
        return latest.plan.command;
      },
      options,
    );
    if (!latest.plan) throw new Error(`No command was planned for ${streamId}`);
    return latest.plan.answer(outcome.position);
  }

  private async decideAndAppend<TState, TCommand, TEvent extends DomainEvent>(
    streamId: string,
    decider: Decider<TState, TCommand, TEvent>,
    commandFor: (loaded: LoadedStream<TState>) => Promise<TCommand> | TCommand,
    options: Omit<HandleCommandOptions<TState, TCommand>, 'prepare'>,
  ): Promise<CommandOutcome<TState, TEvent>> {
    const decide = () => this.decideAndAppendNow(streamId, decider, commandFor, options);
    return options.concurrency?.kind === 'merge' ? this.mergeQueues.run(streamId, decide) : decide();
  }

  private async decideAndAppendNow<TState, TCommand, TEvent extends DomainEvent>(
    streamId: string,
    decider: Decider<TState, TCommand, TEvent>,
    commandFor: (loaded: LoadedStream<TState>) => Promise<TCommand> | TCommand,
    options: Omit<HandleCommandOptions<TState, TCommand>, 'prepare'>,
  ): Promise<CommandOutcome<TState, TEvent>> {
    const policy = options.concurrency ?? REJECT_ON_CONFLICT;
    const maxAttempts = policy.kind === 'merge' ? Math.max(1, policy.maxAttempts) : 1;
    for (let attempt = 1; ; attempt++) {
      const loaded = await timeStage(options.actor.stages, 'load', () =>
        options.load
          ? options.load()
          : policy.kind === 'append-only'
            ? Promise.resolve(unread(decider.initialState))
            : this.load(streamId, decider),
      );
      const command = await timeStage(options.actor.stages, 'access', async () => commandFor(loaded));
      const events = timeStageSync(options.actor.stages, 'decide', () => decider.decide(command, loaded.state));
      const outcome = {
        id: options.id ?? streamId,
        events,
        decidedOn: loaded,
        state: foldEvents(decider, events, loaded.state),
        attempts: attempt,
      };
      if (events.length === 0) {
        return { ...outcome, changed: false, revision: revisionNumber(loaded.revision), position: loaded.position };
      }
      const expected: ExpectedRevision =
        policy.kind === 'append-only'
          ? 'any'
          : policy.kind === 'reject' && policy.clientRevision !== undefined
            ? policy.clientRevision
            : loaded.revision;
      try {
        const appended = await timeStage(options.actor.stages, 'append', () =>
          this.eventStore.append(
            streamId,
            events.map((event) => ({
              type: event.type,
              data: event.data,
              schemaVersion: event.schemaVersion ?? 1,
              metadata: {
                userId: options.actor.userId,
                ip: options.actor.ip,
                correlationId: options.actor.correlationId,
                causationId: null,
              },
            })),
            expected,
          ),
        );
        return { ...outcome, changed: true, revision: appended.revision, position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      }
    }
  }
}

/** An append-only stream is not read: its decision is made on the initial state. */
const unread = <TState>(initialState: TState): LoadedStream<TState> => ({ state: initialState, revision: 'no_stream', position: 0 });

const revisionNumber = (revision: number | 'no_stream'): number => (revision === 'no_stream' ? -1 : revision);

/** Runs the tasks of one key one after another (in arrival order); tasks of different keys run side by side. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The last task of a key removes the key, so the map holds only streams with work under way.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
