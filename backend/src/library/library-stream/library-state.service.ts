import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../platform/commands/actor';
import { DomainEvent, EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { EventStore, RecordedEvent, WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { LIBRARY_STREAM_ID } from './library.events';
import { emptyLibraryState, libraryAggregate, LibraryState, versionOf } from './library-state';
import { LibraryInstrument, toLibraryInstrument } from './library-instrument';

/** What a library command decided: the events to append (none = nothing changed) and the id it answers with. */
export interface LibraryDecision {
  id: string;
  events: DomainEvent[];
}

export interface LibraryChangeResult {
  id: string;
  /** Stream revision after the change; also the new revision of every item the change touched. */
  revision: number;
  /** Library version after the change (revision + 1). */
  version: number;
  position: number;
  /** The events appended (empty when nothing changed): their data carries the cascades' outcome. */
  events: DomainEvent[];
}

/** Built instrument trees kept in memory: versions never change once written, so caching them is always safe. */
const CACHED_VERSIONS = 32;
/** Retries of a command whose append lost a race with another library command (it is re-decided on fresh state). */
const MAX_ATTEMPTS = 5;

/**
 * Access to the "library" stream for commands and queries.
 *
 * - current(): the folded state, kept in memory and brought up to date by reading only the events appended since
 *   the last call (one indexed query that usually returns nothing), so commands, the questionnaire and the
 *   evaluation never re-read the whole stream.
 * - instrumentAt(version): the instrument tree and rules as of a library version, built from the stream up to
 *   that revision and cached (versions are immutable). This is what an assessment started on that version
 *   renders with, and what reports use to compare items across versions by code.
 * - change(decide): optimistic concurrency on the stream. The decision runs on the current state; when another
 *   command appended in between, the append fails and the decision is re-run on the new state, so a conflicting
 *   edit is refused by the decision itself (per-item revisions) and a non-conflicting one simply goes through.
 */
@Injectable()
export class LibraryStateService {
  private latest: LibraryState = emptyLibraryState;
  private refreshChain: Promise<unknown> = Promise.resolve();
  private readonly built = new Map<number, LibraryInstrument>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly repository: EventSourcedRepository,
  ) {}

  /** The library as it stands now. */
  current(): Promise<LibraryState> {
    // Refreshes run one after another, so two callers never fold the same tail twice.
    const run = this.refreshChain.then(() => this.refresh());
    this.refreshChain = run.catch(() => undefined);
    return run;
  }

  async currentVersion(): Promise<number> {
    return versionOf(await this.current());
  }

  /** The state as of a version (1 = after the first event); null for a version that does not exist (yet). */
  async stateAt(version: number): Promise<LibraryState | null> {
    const latest = await this.current();
    if (!Number.isInteger(version) || version < 1 || version > versionOf(latest)) return null;
    if (version === versionOf(latest)) return latest;
    const events = await this.eventStore.readStream(LIBRARY_STREAM_ID, { toRevision: version - 1 });
    return events.reduce(libraryAggregate.evolve, emptyLibraryState);
  }

  /** The instrument tree and rules as of a version; null when the version does not exist. */
  async instrumentAt(version: number): Promise<LibraryInstrument | null> {
    const cached = this.built.get(version);
    if (cached) {
      // Refresh the entry's place in the LRU order.
      this.built.delete(version);
      this.built.set(version, cached);
      return cached;
    }
    const state = await this.stateAt(version);
    if (!state) return null;
    return this.remember(toLibraryInstrument(state));
  }

  /** The current instrument tree and rules (version 0 with no domains for an empty library). */
  async currentInstrument(): Promise<LibraryInstrument> {
    const state = await this.current();
    const version = versionOf(state);
    return this.built.get(version) ?? this.remember(toLibraryInstrument(state));
  }

  /** Runs a library command: decide on the current state, append with optimistic concurrency, retry on a lost race. */
  async change(actor: Actor, decide: (state: LibraryState) => LibraryDecision): Promise<LibraryChangeResult> {
    for (let attempt = 1; ; attempt++) {
      const state = await this.current();
      const decision = decide(state);
      if (decision.events.length === 0) {
        return { id: decision.id, revision: state.revision, version: versionOf(state), position: state.position, events: [] };
      }
      try {
        const result = await this.repository.append(
          LIBRARY_STREAM_ID,
          decision.events,
          state.revision < 0 ? 'no_stream' : state.revision,
          actor,
        );
        return { id: decision.id, revision: result.revision, version: result.revision + 1, position: result.position, events: decision.events };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async refresh(): Promise<LibraryState> {
    const events = await this.eventStore.readStream(LIBRARY_STREAM_ID, { fromRevision: this.latest.revision + 1 });
    if (events.length) this.latest = events.reduce(libraryAggregate.evolve, this.latest);
    return this.latest;
  }

  private remember(instrument: LibraryInstrument): LibraryInstrument {
    this.built.set(instrument.version, instrument);
    while (this.built.size > CACHED_VERSIONS) this.built.delete(this.built.keys().next().value as number);
    return instrument;
  }
}

/**
 * Folds events a command is about to append onto a state, so a decision made of several events can compute the
 * later ones (e.g. a visibility cascade after a move) on the state the earlier ones produce.
 */
export function applyLocally(state: LibraryState, events: DomainEvent[]): LibraryState {
  return events.reduce((current, event, i) => {
    const recorded: RecordedEvent = {
      eventId: randomUUID(),
      type: event.type,
      data: event.data,
      schemaVersion: event.schemaVersion ?? 1,
      streamId: LIBRARY_STREAM_ID,
      revision: state.revision + 1 + i,
      position: state.position,
      recordedAt: state.recordedAt ?? new Date(0).toISOString(),
      metadata: { userId: null, correlationId: '', causationId: null },
    };
    return libraryAggregate.evolve(current, recorded);
  }, state);
}
