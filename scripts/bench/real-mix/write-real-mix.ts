/**
 * Writes the real event mix (real-mix-events.ts) into an event store: the library through the real library decider
 * (the seed instrument, as `seedLibrary` loads it), then the waves of appends, each wave's appends (distinct streams)
 * by several writers at once.
 */
import type { CommandBus } from '@nestjs/cqrs';
import { libraryDecider } from '@cans/domain/library/library.decider';
import type { LibraryEvent } from '@cans/domain/library/library.events';
import { LIBRARY_STREAM_ID } from '@cans/domain/library/library.events';
import type { LibraryCommandRequest } from '@cans/backend/library/library-stream/library.commands';
import { seedLibrary } from '@cans/backend/library/library-seed';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { RealMixAppend, mixId, realMixWaves } from './real-mix-events';

/** The seed library's events, one append per library command, as the library command handler writes them. */
export async function seedLibraryAppends(): Promise<RealMixAppend[]> {
  let state = libraryDecider.initialState;
  const appends: RealMixAppend[] = [];
  const bus = {
    execute: async (request: LibraryCommandRequest) => {
      const events: LibraryEvent[] = libraryDecider.decide(request.command, state);
      for (const e of events) state = libraryDecider.evolve(state, e);
      appends.push({
        streamId: LIBRARY_STREAM_ID,
        events: events.map((e) => ({
          type: e.type,
          data: e.data,
          metadata: { userId: null, correlationId: mixId('library', appends.length), causationId: null, ip: null },
        })),
      });
      return {};
    },
  } as unknown as CommandBus;
  await seedLibrary(bus, { userId: null, ip: null, correlationId: 'real-mix-library' });
  return appends;
}

export interface RealMixWritten {
  events: number;
  appends: number;
  seconds: number;
  byType: Record<string, number>;
}

export async function writeRealMix(
  store: EventStore,
  assessments: number,
  writers = 8,
  log?: (line: string) => void,
): Promise<RealMixWritten> {
  const started = performance.now();
  const byType: Record<string, number> = {};
  let events = 0;
  let appends = 0;
  let nextReport = 500_000;
  for (const wave of realMixWaves(assessments, await seedLibraryAppends())) {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(writers, wave.length) }, async () => {
        while (next < wave.length) {
          const append = wave[next++];
          await store.append(append.streamId, append.events, 'any');
        }
      }),
    );
    for (const append of wave) for (const e of append.events) byType[e.type] = (byType[e.type] ?? 0) + 1;
    appends += wave.length;
    events += wave.reduce((sum, a) => sum + a.events.length, 0);
    if (log && events >= nextReport) {
      log(`  … ${events} events written (${Math.round(events / ((performance.now() - started) / 1000))}/s)`);
      nextReport += 500_000;
    }
  }
  return { events, appends, seconds: (performance.now() - started) / 1000, byType };
}
