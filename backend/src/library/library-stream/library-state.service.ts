import { Inject, Injectable } from '@nestjs/common';
import { foldEvents, knownEvents } from '@cans/domain/decider';
import { libraryDecider } from '@cans/domain/library/library.decider';
import { LibraryInstrument, toLibraryInstrument } from '@cans/domain/library/library-instrument';
import { emptyLibraryState, LibraryState, versionOf } from '@cans/domain/library/library-state';
import { LIBRARY_STREAM_ID } from '@cans/domain/library/library.events';
import { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

/** Built instrument trees kept in memory: versions never change once written, so caching them is always safe. */
const CACHED_VERSIONS = 32;

/**
 * Access to the "library" stream for commands and queries.
 *
 * - current(): the folded state, kept in memory and brought up to date by reading only the events appended since
 *   the last call (one indexed query that usually returns nothing), so the questionnaire, the evaluation and the
 *   queries never re-read the whole stream.
 * - instrumentAt(version): the instrument tree and rules as of a library version, built from the stream up to
 *   that revision and cached (versions are immutable). This is what an assessment started on that version
 *   renders with, and what reports use to compare items across versions by code.
 *
 * Commands go through EventSourcedCommandHandler with libraryDecider (library.commands.ts).
 */
@Injectable()
export class LibraryStateService {
  private latest: LibraryState = emptyLibraryState;
  private refreshChain: Promise<unknown> = Promise.resolve();
  private readonly built = new Map<number, LibraryInstrument>();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

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
    return foldRecorded(emptyLibraryState, events);
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

  private async refresh(): Promise<LibraryState> {
    const events = await this.eventStore.readStream(LIBRARY_STREAM_ID, { fromRevision: this.latest.revision + 1 });
    if (events.length) this.latest = foldRecorded(this.latest, events);
    return this.latest;
  }

  private remember(instrument: LibraryInstrument): LibraryInstrument {
    this.built.set(instrument.version, instrument);
    while (this.built.size > CACHED_VERSIONS) this.built.delete(this.built.keys().next().value as number);
    return instrument;
  }
}

/** Folds recorded library events and stamps the store's facts of the last one (position, time). */
function foldRecorded(state: LibraryState, events: readonly RecordedEvent[]): LibraryState {
  const last = events[events.length - 1];
  if (!last) return state;
  const folded = foldEvents(libraryDecider, knownEvents(libraryDecider.eventTypes, events), state);
  return { ...folded, position: last.position, recordedAt: last.recordedAt };
}
